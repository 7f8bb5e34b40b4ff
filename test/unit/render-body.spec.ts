import { plainText } from 'core/text';
import { prosAndCons, renderBody } from 'src/rich-text/render-body';

// A selection from the OWASP XSS filter evasion cheat sheet, in raw HTML and in markdown form.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<SVG/onload=alert(1)>',
  "<BODY ONLOAD=alert('XSS')>",
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe src=https://evil.example/></iframe>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<a href="javascript:alert(1)">click</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '![x](https://example.com/a.png" onerror="alert(1))',
  '[video](javascript:alert(1))',
  '[video](https://www.youtube.com/watch?v=abc"onload="alert(1))',
  '[video](https://evil.example/x.mp4" onerror="alert(1))',
  '<a href="https://x.example" onclick="alert(1)">x</a>',
  '"><script>alert(document.cookie)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
];

const SAFE_TAGS = [
  'p',
  'a',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
  'br',
  'h2',
  'h3',
  'code',
  'pre',
  'span',
  'div',
  'iframe',
  'video',
  'source',
];

describe('renderBody against XSS payloads', () => {
  it.each(PAYLOADS)('leaves nothing executable from %s', (payload) => {
    const html = renderBody(`Intro paragraph.\n\n${payload}\n\nMore text.`);
    // Escaped text (&lt;script&gt;) is harmless; every real tag must be on the allow-list and inert.
    const tags = [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)];
    for (const [, name, attributes] of tags) {
      expect(SAFE_TAGS).toContain(name.toLowerCase());
      for (const [, attribute, value = ''] of attributes.matchAll(/\s([^\s="/>]+)(?:="([^"]*)")?/g)) {
        expect(attribute).not.toMatch(/^on/i);
        expect(value.replace(/&[#\w]+;/g, '').trim()).not.toMatch(/^(javascript|vbscript|data|livescript):/i);
      }
      if (name === 'iframe') expect(attributes).toMatch(/src="https:\/\/(www\.youtube\.com\/embed\/|player\.vimeo\.com\/video\/)/);
    }
    expect(html).not.toMatch(/<script/i);
  });
});

describe('renderBody formatting (SPEC section 9)', () => {
  it('renders headings, bold, lists and blockquotes', () => {
    const html = renderBody('## Gear\n\n**Bold** text\n\n- one\n- two\n\n1. first\n\n> Dive safe');
    expect(html).toContain('<h2>Gear</h2>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>/);
    expect(html).toMatch(/<blockquote>\s*<p>Dive safe<\/p>/);
  });

  it('opens body links in a new tab with noopener (links within the page stay put)', () => {
    expect(renderBody('[GBRMPA](https://www.gbrmpa.gov.au/)')).toContain(
      '<a href="https://www.gbrmpa.gov.au/" target="_blank" rel="noopener noreferrer">GBRMPA</a>',
    );
    expect(renderBody('[sites](/dive-sites)')).toContain('<a href="/dive-sites" target="_blank" rel="noopener">sites</a>');
    expect(renderBody('[below](#gear)')).toContain('<a href="#gear">below</a>');
  });

  it('renders images full width, lazily, and replaces local or development hosts', () => {
    expect(renderBody('![Reef](/media/scene-coral-reef.svg)')).toContain('<img src="/media/scene-coral-reef.svg" alt="Reef" loading="lazy"');
    for (const src of ['http://localhost:5000/a.png', 'http://127.0.0.1/a.png', 'https://my-app.replit.dev/a.png', 'http://192.168.1.4/x.jpg']) {
      const html = renderBody(`![Local](${src})`);
      expect(html).toContain('Image not available');
      expect(html).not.toContain('<img');
    }
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/short/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('embeds [video](%s) as a player', (url, embed) => {
    const html = renderBody(`[video](${url})`);
    expect(html).toContain(`<iframe src="${embed}"`);
    expect(html).not.toContain('<p>');
  });

  it.each(['mp4', 'webm', 'ogg', 'ogv', 'mov'])('embeds a direct .%s file as a video element', (extension) => {
    const html = renderBody(`[video](https://cdn.example.com/dive.${extension})`);
    expect(html).toContain(`<video controls preload="metadata" playsinline><source src="https://cdn.example.com/dive.${extension}"`);
  });

  it('keeps a video link inside a sentence as a plain link', () => {
    expect(renderBody('Watch the [video](https://youtu.be/dQw4w9WgXcQ) first.')).toContain('<a href="https://youtu.be/dQw4w9WgXcQ"');
  });
});

describe('renderBody and the page around it (issue 47)', () => {
  it("draws one of the site's illustrations once a page (the header's counts), and every photo as often as it comes", () => {
    const body = [
      '![Wreck](/media/scene-wreck.svg)',
      '![Wreck again](/media/scene-wreck.svg)',
      '![Turtle](/media/scene-turtle.svg)',
      '![Photo](/uploads/yongala.jpg)',
      '![Photo again](/uploads/yongala.jpg)',
    ].join('\n\n');
    const count = (html: string, src: string) => html.split(`src="${src}"`).length - 1;
    const alone = renderBody(body);
    expect(count(alone, '/media/scene-wreck.svg')).toBe(1);
    expect(count(alone, '/media/scene-turtle.svg')).toBe(1);
    const underHeader = renderBody(body, { shown: ['/media/scene-turtle.svg'] });
    expect(count(underHeader, '/media/scene-wreck.svg')).toBe(1);
    expect(count(underHeader, '/media/scene-turtle.svg')).toBe(0);
    expect(underHeader.match(/<img [^>]*alt="Photo( again)?"/g)).toHaveLength(2);
  });
});

describe('plainText and prosAndCons', () => {
  it('turns markdown into text for excerpts', () => {
    expect(plainText('## Title\n\n**Bold** and [link](https://x.example) & more\n\n[video](https://youtu.be/abcdefghijk)')).toBe('Title Bold and link & more');
    expect(plainText('Hello ![reef](http://localhost:5000/a.png) world, see [video](https://youtu.be/abcdefghijk) here')).toBe('Hello world, see here');
  });

  it('extracts the pros and cons lists', () => {
    const content = '## Pros\n\n- Bright screen\n- **Long** battery\n\n## Cons\n\n- Pricey\n\n## Verdict\n\nGood.';
    expect(prosAndCons(content)).toEqual({ pros: ['Bright screen', 'Long battery'], cons: ['Pricey'] });
  });
});
