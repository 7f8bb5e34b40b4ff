import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import request from 'supertest';
import { GUIDE_FILENAME, GUIDE_PATH, loadGuideContent } from 'src/guide/guide-content';
import { renderGuidePdf } from 'src/guide/guide-pdf';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

/** Every content stream of the PDF, inflated when compressed. */
function contentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const data = pdf.subarray(start, end);
    streams.push(/FlateDecode/.test(match[1]) ? inflateSync(data).toString('latin1') : data.toString('latin1'));
  }
  return streams;
}

/** The text a reader sees: the strings of each TJ operator (hex, in the standard fonts' WinAnsi code), one line each. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const [, array] of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  // A wrapped line keeps its trailing space, so joining restores the sentences.
  return lines.join('');
}

describe(`GET ${GUIDE_PATH}`, () => {
  it('downloads the free guide as a PDF with a file name', async () => {
    const response = await request(t.baseUrl).get(GUIDE_PATH).responseType('blob').expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${GUIDE_FILENAME}"`);
    const pdf = response.body as Buffer;
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
  });

  it('holds the title and all ten items, readable once its streams are inflated', async () => {
    const response = await request(t.baseUrl).get(GUIDE_PATH).responseType('blob').expect(200);
    const text = pdfText(response.body as Buffer);
    const guide = loadGuideContent();
    expect(guide.items).toHaveLength(10);
    expect(text).toContain('10 Must-Have Items for Your First Dive Trip');
    for (const item of guide.items) expect(text).toContain(item.name);
    expect(text).toContain('Tip: ');
    // The links point at this site.
    expect(text).toContain('localhost:3000/dive-sites');
  });

  it('is the same document uncompressed, with the title in its metadata', async () => {
    const pdf = await renderGuidePdf(loadGuideContent(), { siteName: 'Australian Dive Guide', siteUrl: 'https://divers.example.au', compress: false });
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('(10 Must-Have Items for Your First Dive Trip)');
    const text = pdfText(pdf);
    for (const item of loadGuideContent().items) expect(text).toContain(item.name);
    expect(text).toContain('divers.example.au/gear-reviews');
  });
});

describe('guide content', () => {
  it('refuses a data file without exactly ten items', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'guide-')), 'guide.json');
    writeFileSync(file, JSON.stringify({ ...loadGuideContent(), items: loadGuideContent().items.slice(0, 9) }));
    expect(() => loadGuideContent(file)).toThrow('items must hold exactly 10 entries');
  });
});
