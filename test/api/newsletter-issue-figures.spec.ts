import request from 'supertest';
import type { IssueFiguresData } from 'client/admin/newsletter/IssueFigures';
import { Clock } from 'src/common/clock';
import { signInAsAdmin, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';
import { parseMail, type ParsedMail } from './newsletter-mail-parser';
import { startMailingApp, type SmtpSink } from './smtp-sink';

/**
 * Issue 44 item 6: each issue's figures. Its email's links go through the site's own redirect
 * `/r/{issueId}/{linkId}`, which counts clicks per link per day and keeps nothing about the reader, and
 * goes only to a link that issue's email carried; an unsubscribe through the issue's own link counts for
 * it; a purchase link followed on a page an issue's link led to counts for that issue and that review.
 * TRUST_PROXY=1, so X-Forwarded-For names the reader.
 */
const SITE = 'http://divers.example.au';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let smtp: SmtpSink;
let admin: Agent;
let review: { id: number; slug: string; title: string };

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ SITE_URL: SITE, NEWSLETTER_RATE: '2000', TRUST_PROXY: '1' }));
  admin = await signInAsAdmin(t);
  [review] = await t.dataSource.query(`SELECT id, slug, title FROM reviews WHERE published AND "purchaseLink" <> '' ORDER BY id LIMIT 1`);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

afterEach(() => t.app.get(Clock).reset());

beforeEach(() => {
  smtp.received.length = 0;
  smtp.answer = () => ({ accept: true });
  smtp.recipient = () => ({ accept: true });
});

/** An issue's figures as the admin's screen reads them. */
type Figures = IssueFiguresData;

/** `emails` as the only subscribers. */
async function subscribers(emails: string[]): Promise<{ email: string; token: string }[]> {
  await t.dataSource.query(`UPDATE "newsletters" SET "subscribed" = false, "unsubscribedAt" = now() WHERE "subscribed"`);
  return t.dataSource.query(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource")
     SELECT e, true, md5(e || random()::text), 'test' FROM unnest($1::varchar[]) AS e RETURNING "email", "unsubscribeToken" AS "token"`,
    [emails],
  );
}

/** Sends an issue with the review as its post and an intro with a link elsewhere and a mailto:; answers it once sent. */
async function sendIssue(subject: string): Promise<{ id: number; figures: Figures }> {
  const created = await admin
    .post('/api/admin/newsletter/issues')
    .send({
      subject,
      intro: 'See [the fins shop](https://shop.example/fins?a=1&b=2), or [write to us](mailto:team@divers.example.au).',
      posts: [{ type: 'review', id: review.id }],
    })
    .expect(201);
  const id = created.body.id as number;
  await admin.post(`/api/admin/newsletter/issues/${id}/send`).expect(202);
  for (let i = 0; i < 600; i++) {
    const report = await admin.get(`/api/admin/newsletter/issues/${id}`).expect(200);
    if (report.body.status === 'sent') return { id, figures: report.body.figures };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the issue was not sent in 60 s');
}

const figuresOf = async (id: number): Promise<Figures> => (await admin.get(`/api/admin/newsletter/issues/${id}`).expect(200)).body.figures;
const mailTo = (email: string): ParsedMail => parseMail(smtp.received.find((mail) => mail.to === email)!.raw);
const anchors = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
const follow = (path: string, address: string, headers: Record<string, string> = { 'User-Agent': BROWSER }) =>
  request(t.baseUrl).get(path).set('X-Forwarded-For', address).set(headers).redirects(0);
const linkTo = (figures: Figures, url: string) => figures.links.find((link) => link.url === url)!;

it("sends every link of the issue's own through /r/{issue}/{link}, counts clicks per link, and reports delivered and failed", async () => {
  const [ann, bo, refused] = ['ann@example.com', 'bo@example.com', 'refused@example.com'];
  await subscribers([ann, bo, refused]);
  smtp.recipient = (to) => (to === refused ? { code: 550, text: 'No such mailbox here' } : { accept: true });
  const { id, figures } = await sendIssue('Figures: clicks per link');
  expect(figures).toMatchObject({ delivered: 2, failed: 1, unsubscribes: 0, clicks: 0 });

  const reviewUrl = `${SITE}/gear-reviews/${review.slug}`;
  expect(figures.links.map(({ url, label, clicks }) => ({ url, label, clicks }))).toEqual([
    { url: reviewUrl, label: review.title, clicks: 0 },
    { url: `${SITE}/newsletter/issues/figures-clicks-per-link`, label: 'Read this issue on the web', clicks: 0 },
    { url: 'https://shop.example/fins?a=1&b=2', label: 'the fins shop', clicks: 0 },
  ]);
  const redirect = (url: string) => `${SITE}/r/${id}/${linkTo(figures, url).id}`;

  // Both parts link through the redirect; mailto:, the unsubscribe link and the frame's own links stay.
  const mail = mailTo(ann);
  const links = anchors(mail.html);
  expect(links).toContain(redirect(reviewUrl));
  expect(links).toContain(redirect('https://shop.example/fins?a=1&b=2'));
  expect(links).toContain('mailto:team@divers.example.au');
  expect(links.filter((href) => href.startsWith(SITE) && !href.startsWith(`${SITE}/r/${id}/`)).map((href) => new URL(href).pathname)).toEqual([
    '/',
    '/',
    '/newsletter/unsubscribe',
  ]);
  expect(mail.text).toContain(`Read it: ${redirect(reviewUrl)}`);
  expect(mail.text).toContain(`the fins shop (${redirect('https://shop.example/fins?a=1&b=2')})`);

  // A page of the site: its path, with the issue named for the purchase links followed there.
  const toReview = await follow(new URL(redirect(reviewUrl)).pathname, '198.51.100.1').expect(302);
  expect(toReview.headers.location).toBe(`/gear-reviews/${review.slug}?source=issue-${id}`);
  expect(toReview.headers['cache-control']).toBe('no-store');
  // Another site: the link as it was written.
  const toShop = await follow(new URL(redirect('https://shop.example/fins?a=1&b=2')).pathname, '198.51.100.1').expect(302);
  expect(toShop.headers.location).toBe('https://shop.example/fins?a=1&b=2');

  // A reader's repeat within a minute counts once; another reader counts; bots, HEAD and the administrator do not.
  const reviewPath = new URL(redirect(reviewUrl)).pathname;
  await follow(reviewPath, '198.51.100.1').expect(302);
  await follow(reviewPath, '198.51.100.2').expect(302);
  await follow(reviewPath, '198.51.100.3', { 'User-Agent': GOOGLEBOT }).expect(302);
  await request(t.baseUrl).head(reviewPath).set('X-Forwarded-For', '198.51.100.4').set('User-Agent', BROWSER).redirects(0).expect(302);
  await admin.get(reviewPath).set('X-Forwarded-For', '198.51.100.5').set('User-Agent', BROWSER).redirects(0).expect(302);
  t.app.get(Clock).advance(61_000);
  await follow(reviewPath, '198.51.100.1').expect(302);

  const after = await figuresOf(id);
  expect(after.clicks).toBe(4);
  expect(linkTo(after, reviewUrl).clicks).toBe(3);
  expect(linkTo(after, 'https://shop.example/fins?a=1&b=2').clicks).toBe(1);
  expect(after.daily).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), clicks: 4 }]);
});

it('keeps no address, email, subscriber or user agent per click: counts per link per day only', async () => {
  const [reader] = await subscribers(['private.reader@example.com']);
  const { id, figures } = await sendIssue('Figures: nothing about the reader');
  const address = '203.0.113.99';
  await follow(`/r/${id}/${figures.links[0].id}`, address).expect(302);

  const columns: { column_name: string }[] = await t.dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'newsletter_link_clicks' ORDER BY ordinal_position`,
  );
  expect(columns.map((column) => column.column_name)).toEqual(['linkId', 'day', 'clicks']);
  for (const table of ['newsletter_link_clicks', 'newsletter_issue_links']) {
    const text = JSON.stringify(await t.dataSource.query(`SELECT * FROM ${table}`));
    expect(text).not.toContain(address);
    expect(text).not.toContain(reader.email);
    expect(text).not.toContain(reader.token);
    expect(text).not.toContain('Chrome');
  }
  const rows: { linkId: number; day: string; clicks: number }[] = await t.dataSource.query(
    `SELECT c.* FROM newsletter_link_clicks c JOIN newsletter_issue_links l ON l.id = c."linkId" WHERE l."issueId" = $1`,
    [id],
  );
  expect(rows).toEqual([{ linkId: figures.links[0].id, day: expect.anything(), clicks: 1 }]);
});

it('answers 404 to a link the issue did not carry, and never redirects elsewhere', async () => {
  await subscribers(['four.oh.four@example.com']);
  const first = await sendIssue('Figures: the first issue');
  const second = await sendIssue('Figures: the second issue');
  const [{ draft }] = await t.dataSource.query(`INSERT INTO newsletter_issues (subject, slug) VALUES ('A draft', 'figures-a-draft') RETURNING id AS draft`);
  const before = await t.dataSource.query(`SELECT COALESCE(SUM(clicks), 0)::int AS n FROM newsletter_link_clicks`);
  for (const path of [
    `/r/${first.id}/999999`,
    // A link of the first issue under the second's id.
    `/r/${second.id}/${first.figures.links[0].id}`,
    `/r/${draft}/${first.figures.links[0].id}`,
    `/r/0/${first.figures.links[0].id}`,
    `/r/${first.id}/0`,
    `/r/${first.id}/-1`,
    `/r/${first.id}/1e3`,
    `/r/abc/${first.figures.links[0].id}`,
    `/r/${first.id}/99999999999999999999`,
    // Open-redirect attempts: an address where the link's id goes, or beside it.
    `/r/${first.id}/https%3A%2F%2Fevil.example`,
    `/r/${first.id}/%2F%2Fevil.example`,
    `/r/%2F%2Fevil.example/${first.figures.links[0].id}`,
    `/r/${first.id}/${first.figures.links[0].id}/https%3A%2F%2Fevil.example`,
  ]) {
    const answer = await follow(path, '198.51.100.30');
    expect([path, answer.status, answer.headers.location]).toEqual([path, 404, undefined]);
  }
  // Parameters change nothing: the link goes where the issue's email said.
  const sneaky = await follow(`/r/${first.id}/${first.figures.links[2].id}?url=https://evil.example&source=issue-1`, '198.51.100.31').expect(302);
  expect(sneaky.headers.location).toBe('https://shop.example/fins?a=1&b=2');
  const after = await t.dataSource.query(`SELECT COALESCE(SUM(clicks), 0)::int AS n FROM newsletter_link_clicks`);
  expect(after[0].n).toBe(before[0].n + 1);
});

it("counts an unsubscribe through the issue's own email for that issue, and only once", async () => {
  const [leaver, stayer] = await subscribers(['leaver@example.com', 'stayer@example.com']);
  const { id } = await sendIssue('Figures: unsubscribes');
  const mail = mailTo(leaver.email);
  const unsubscribeUrl = `${SITE}/newsletter/unsubscribe?token=${leaver.token}&issue=${id}`;
  expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
  expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribeUrl}`);

  // The page's button keeps the issue.
  const page = await request(t.baseUrl).get(`/newsletter/unsubscribe?token=${leaver.token}&issue=${id}`).expect(200);
  expect(page.text).toContain(`action="/newsletter/unsubscribe?token=${leaver.token}&amp;issue=${id}"`);
  // RFC 8058 one-click, as a mail program sends it, twice.
  for (let i = 0; i < 2; i++) {
    await request(t.baseUrl).post(`/newsletter/unsubscribe?token=${leaver.token}&issue=${id}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
  }
  // Another subscriber naming an issue they were not sent counts for none.
  await request(t.baseUrl)
    .post(`/newsletter/unsubscribe?token=${stayer.token}&issue=${id + 1000}`)
    .type('form')
    .send('List-Unsubscribe=One-Click')
    .expect(200);
  const figures = await figuresOf(id);
  expect(figures).toMatchObject({ delivered: 2, unsubscribes: 1 });
});

it('counts a purchase-link click made on a review an issue led to for that review and that issue in Insights', async () => {
  await subscribers(['buyer@example.com']);
  const { id, figures } = await sendIssue('Figures: which issue earned');
  const landing = await follow(`/r/${id}/${linkTo(figures, `${SITE}/gear-reviews/${review.slug}`).id}`, '198.51.100.60').expect(302);
  // The reader reads the review the issue led to, and follows its 'Check Price' (the browser names the page in Referer).
  await follow(landing.headers.location, '198.51.100.60').expect(200);
  await follow(`/go/review/${review.slug}`, '198.51.100.60', { 'User-Agent': BROWSER, Referer: `${t.baseUrl}${landing.headers.location}` }).expect(302);
  // Another reader on the same review who came from elsewhere.
  await follow(`/go/review/${review.slug}`, '198.51.100.61', { 'User-Agent': BROWSER, Referer: `${t.baseUrl}/gear-reviews/${review.slug}` }).expect(302);
  // A made-up issue and review are not kept.
  await follow(`/go/review/${review.slug}`, '198.51.100.62', {
    'User-Agent': BROWSER,
    Referer: `${t.baseUrl}/gear-reviews/no-such-review?source=issue-999999`,
  }).expect(302);

  const report = (await admin.get('/api/admin/insights?days=7').expect(200)).body;
  const from = (issueId: number | null, reviewSlug: string | null) =>
    report.sources.find(
      (source: { slug: string; issue: { id: number } | null; review: { slug: string } | null }) =>
        source.slug === review.slug && (source.issue?.id ?? null) === issueId && (source.review?.slug ?? null) === reviewSlug,
    );
  expect(from(id, review.slug)).toEqual({
    kind: 'review',
    slug: review.slug,
    title: review.title,
    review: { slug: review.slug, title: review.title },
    issue: { id, subject: 'Figures: which issue earned' },
    clicks: 1,
    lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
  expect(from(null, review.slug).clicks).toBeGreaterThanOrEqual(1);
  expect(from(null, null).clicks).toBeGreaterThanOrEqual(1);
  const csv = (await admin.get('/api/admin/insights/csv?days=7').expect(200)).text;
  expect(csv).toContain(
    `"click source","${review.title.replaceAll('"', '""')} (review page: ${review.title.replaceAll('"', '""')}; newsletter issue: Figures: which issue earned)","/go/review/${review.slug}",`,
  );
  const kept: { review: string; issueId: number }[] = await t.dataSource.query(`SELECT DISTINCT review, "issueId" FROM purchase_click_sources`);
  expect(kept.filter((row) => row.review === 'no-such-review' || row.issueId === 999999)).toEqual([]);
  const columns: { column_name: string }[] = await t.dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'purchase_click_sources'`,
  );
  expect(columns.map((c) => c.column_name).filter((name) => /ip|address|agent|cookie|email|subscriber/i.test(name))).toEqual([]);
});
