import { renderToStaticMarkup } from 'react-dom/server';
import { UserText } from 'client/lib/user-text';
import { textLinks } from 'src/render/text-links';

const linked = (text: string) => textLinks(text).map((link) => ({ text: text.slice(link.start, link.end), href: link.href }));

describe('web links in what visitors write', () => {
  it('finds addresses written with http or https, and leaves trailing punctuation out', () => {
    expect(linked('Book with https://www.prodivecairns.com/trips/ribbon-reefs, then see HTTP://www.gbrmpa.gov.au.')).toEqual([
      { text: 'https://www.prodivecairns.com/trips/ribbon-reefs', href: 'https://www.prodivecairns.com/trips/ribbon-reefs' },
      { text: 'HTTP://www.gbrmpa.gov.au', href: 'http://www.gbrmpa.gov.au/' },
    ]);
    expect(linked('(see http://example.com/a?b=1&c=2)')).toEqual([{ text: 'http://example.com/a?b=1&c=2', href: 'http://example.com/a?b=1&c=2' }]);
  });

  it('makes no link of e-mail addresses, other schemes, script URLs or plain text', () => {
    for (const text of [
      'Write to divemaster@example.com',
      'Bare addresses such as www.gbrmpa.gov.au or example.com.au stay text',
      'mailto:divemaster@example.com',
      'ftp://files.example.com/logbook.csv',
      '//example.com/protocol-relative',
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">click</a>',
      'data:text/html,<script>alert(1)</script>',
      'Visibility was 30 m and the water 24.5 degrees.',
      '',
    ]) {
      expect([text, linked(text)]).toEqual([text, []]);
    }
    expect(textLinks(null)).toEqual([]);
  });

  it('renders the text escaped and only the found ranges as links with rel="ugc nofollow"', () => {
    const text = '<b>Great</b> dive, photos at https://example.com/yongala & more';
    const html = renderToStaticMarkup(<UserText text={text} links={textLinks(text)} />);
    expect(html).toBe(
      '&lt;b&gt;Great&lt;/b&gt; dive, photos at <a href="https://example.com/yongala" target="_blank" rel="ugc nofollow noopener noreferrer" class="break-words font-medium text-cyan-800 underline hover:text-cyan-900">https://example.com/yongala</a> &amp; more',
    );
    // Ranges that do not fit the text, overlap, or point anywhere but the web are ignored.
    const bad = renderToStaticMarkup(
      <UserText
        text="abc def"
        links={[
          { start: 0, end: 3, href: 'javascript:alert(1)' },
          { start: 4, end: 99, href: 'https://example.com/' },
          { start: 2, end: 5, href: 'https://example.com/' },
        ]}
      />,
    );
    expect(bad).toBe(
      'ab<a href="https://example.com/" target="_blank" rel="ugc nofollow noopener noreferrer" class="break-words font-medium text-cyan-800 underline hover:text-cyan-900">c d</a>ef',
    );
  });
});
