import { renderIssueEmail, type IssueContent } from 'src/newsletter-issues/issue-email';
import { countedUrl, linkCollector, linkRewriter } from 'src/newsletter-issues/issue-links';
import { UNSUBSCRIBE_MARK } from 'src/mail/mail-template';

/**
 * Issue 44 item 6: every link of an issue's own (its intro's, its posts', the web archive's) is sent through
 * the site's counted redirect `/r/{issueId}/{linkId}`; a mailto: link, the unsubscribe link and the frame's
 * links are left as they are.
 */
const SITE = 'https://divers.example.au';
const frame = { siteName: 'Australian Dive Guide', siteUrl: SITE, unsubscribeUrl: UNSUBSCRIBE_MARK };
const content: IssueContent = {
  subject: 'Summer on the reef',
  preheader: '',
  intro: [
    'See [the map](https://divers.example.au/dive-sites) and [the shop](https://shop.example/fins?a=1&b=2).',
    'Write to [the team](mailto:team@divers.example.au), or [leave the list](https://divers.example.au/newsletter/unsubscribe?token=abc).',
  ].join('\n\n'),
  cards: [
    {
      type: 'review',
      id: 7,
      title: 'Fins & more',
      excerpt: 'Light fins.',
      url: `${SITE}/gear-reviews/fins`,
      imageUrl: `${SITE}/media/fins.jpg`,
    },
  ],
  archiveUrl: `${SITE}/newsletter/issues/summer-on-the-reef`,
};

function sentCopy() {
  const collector = linkCollector(SITE);
  renderIssueEmail(frame, content, collector.track);
  const ids = new Map([...collector.links.keys()].map((url, index) => [url, 100 + index]));
  return { links: collector.links, ids, email: renderIssueEmail(frame, content, linkRewriter(SITE, 12, ids)) };
}

const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));

it('notes each link of the issue once, with what the email calls it', () => {
  const { links } = sentCopy();
  expect([...links.entries()]).toEqual([
    [`${SITE}/gear-reviews/fins`, 'Fins & more'],
    [`${SITE}/newsletter/issues/summer-on-the-reef`, 'Read this issue on the web'],
    [`${SITE}/dive-sites`, 'the map'],
    ['https://shop.example/fins?a=1&b=2', 'the shop'],
  ]);
});

it("sends the body's links through /r/{issue}/{link} in both parts, and leaves mailto:, unsubscribe and the frame's links alone", () => {
  const { ids, email } = sentCopy();
  const redirect = (url: string) => `${SITE}/r/12/${ids.get(url)}`;
  const links = hrefs(email.html);

  // The post's image, title and 'Read the review' all go through its one redirect; the archive and the intro's links too.
  expect(links.filter((href) => href === redirect(`${SITE}/gear-reviews/fins`))).toHaveLength(3);
  expect(links).toContain(redirect(`${SITE}/newsletter/issues/summer-on-the-reef`));
  expect(links).toContain(redirect(`${SITE}/dive-sites`));
  expect(links).toContain(redirect('https://shop.example/fins?a=1&b=2'));
  expect(email.text).toContain(`Read it: ${redirect(`${SITE}/gear-reviews/fins`)}`);
  expect(email.text).toContain(`the map (${redirect(`${SITE}/dive-sites`)})`);
  expect(email.text).toContain(`the shop (${redirect('https://shop.example/fins?a=1&b=2')})`);
  expect(email.text).toContain(`Read this issue on the web: ${redirect(`${SITE}/newsletter/issues/summer-on-the-reef`)}`);

  // Not rewritten: mailto:, a link to the unsubscribe page, the footer's unsubscribe link and the site's name.
  expect(links).toContain('mailto:team@divers.example.au');
  expect(links).toContain(`${SITE}/newsletter/unsubscribe?token=abc`);
  expect(links).toContain(UNSUBSCRIBE_MARK);
  expect(links).toContain(SITE);
  expect(email.text).toContain('the team (mailto:team@divers.example.au)');
  expect(email.text).toContain(`leave the list (${SITE}/newsletter/unsubscribe?token=abc)`);
  expect(email.text).toContain(`Unsubscribe with one click: ${UNSUBSCRIBE_MARK}`);
  // Nothing else leaves the body unrewritten: every http(s) link is the redirect, the unsubscribe page or the site's own name.
  const direct = links.filter((href) => /^https?:/.test(href) && !href.startsWith(`${SITE}/r/12/`));
  expect(direct.sort()).toEqual([SITE, `${SITE}/newsletter/unsubscribe?token=abc`, SITE].sort());
});

it('renders a preview or a test with the links as they are', () => {
  const email = renderIssueEmail(frame, content);
  expect(hrefs(email.html).some((href) => href.includes('/r/'))).toBe(false);
  expect(email.text).toContain(`Read it: ${SITE}/gear-reviews/fins`);
});

it('counts only absolute http(s) links, never the unsubscribe link', () => {
  expect(countedUrl('https://shop.example/x', SITE)).toBe('https://shop.example/x');
  expect(countedUrl('HTTPS://Divers.Example.au/blog', SITE)).toBe(`${SITE}/blog`);
  for (const url of [
    'mailto:a@b.c',
    'tel:+61200000000',
    'javascript:alert(1)',
    '/blog',
    '#top',
    '',
    UNSUBSCRIBE_MARK,
    `${SITE}/newsletter/unsubscribe?token=x`,
  ]) {
    expect([url, countedUrl(url, SITE)]).toEqual([url, null]);
  }
});
