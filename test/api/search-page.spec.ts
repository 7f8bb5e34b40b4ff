import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET /search?q=: where the header search lands without JavaScript. SPEC's texts, limits, labels and
 * destinations, grouped by type; kept in the page cache until a write changes what it shows.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE: 'true' });
  admin = await signInAsAdmin(t);
});

afterAll(() => t?.close());

const page = async (q: string) =>
  (
    await request(t.baseUrl)
      .get(`/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).text;
const api = async (q: string) =>
  (
    await request(t.baseUrl)
      .get(`/api/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).body.results as { type: string; link: string }[];
const headings = (html: string) => [...html.matchAll(/<h2 id="search-group-[^"]+"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
/** The links of the result groups, in the page's order (the header and footer have none). */
const resultLinks = (html: string) => {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<li><a href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
};

describe('the search results page', () => {
  it('asks for 2 characters when the term is shorter, or missing, and is not indexed', async () => {
    for (const path of ['/search?q=y', '/search?q=%20y%20', '/search', '/search?q=']) {
      const html = (await request(t.baseUrl).get(path).expect(200)).text;
      expect(html).toContain('Type at least 2 characters to search');
      expect(html).toContain('<meta name="robots" content="noindex');
      expect(resultLinks(html)).toEqual([]);
    }
  });

  it('says when nothing matches, keeping the term in its form', async () => {
    const html = await page('zzqqxx');
    expect(html).toContain('No results found for &quot;zzqqxx&quot;');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="zzqqxx"/);
    expect(headings(html)).toEqual([]);
  });

  it('shows what the header search finds, grouped by type in SPEC order, with the count and destinations', async () => {
    const html = await page('Julian Rocks');
    const results = await api('Julian Rocks');
    expect(html).toContain(`${results.length} results found`);
    expect(resultLinks(html)).toEqual(results.map((r) => r.link));
    expect(resultLinks(html)).toContain('/blog/julian-rocks-byron-bay-through-the-seasons');
    expect(resultLinks(html).some((link) => /^\/dive-sites\/\d+$/.test(link))).toBe(true);
    const order = ['Articles', 'Dive Sites', 'Products', 'Reviews'];
    expect(headings(html)).toEqual(order.filter((heading) => headings(html).includes(heading)));
    expect(html).toContain('>Dive Site</span>');

    const reef = await page('reef');
    const links = resultLinks(reef);
    expect(links.length).toBeLessThanOrEqual(12);
    expect(links.filter((link) => link.startsWith('/dive-sites/')).length).toBeLessThanOrEqual(3);
    expect(headings(reef).length).toBeGreaterThan(1);
  });

  it('says 1 result in the singular, and shows a product edit at once although the page is kept', async () => {
    const product = (
      await admin
        .post('/api/products')
        .send({
          name: 'Qwzx Reef Torch',
          category: 'Lights',
          description: 'A torch for night dives.',
          affiliateLink: 'https://www.amazon.com.au/s?k=torch',
          imageUrl: '/media/poster-reef.svg',
          published: true,
        })
        .expect(201)
    ).body;
    const first = await page('Qwzx');
    expect(first).toContain('1 result found');
    expect(resultLinks(first)).toEqual([`/gear-reviews?search=${encodeURIComponent('Qwzx Reef Torch')}`]);
    expect(headings(first)).toEqual(['Products']);
    const kept = await request(t.baseUrl).get('/search?q=Qwzx').expect(200);
    expect(kept.headers['x-page-cache']).toBe('hit');

    await admin.patch(`/api/products/${product.id}`).send({ name: 'Qwzx Wreck Torch' }).expect(200);
    expect(resultLinks(await page('Qwzx'))).toEqual([`/gear-reviews?search=${encodeURIComponent('Qwzx Wreck Torch')}`]);
    expect((await api('Qwzx')).map((r) => r.link)).toEqual([`/gear-reviews?search=${encodeURIComponent('Qwzx Wreck Torch')}`]);
  });
});

describe('a term that many posts hold', () => {
  /** Inserts published reviews holding `word` in their content, the newest `newestDaysAgo` days ago, one a day older each. */
  const reviews = (count: number, word: string, newestDaysAgo: number) =>
    t.dataSource.query(
      `INSERT INTO reviews (title, slug, excerpt, content, category, "imageUrl", "purchaseLink", published, "publishedAt")
       SELECT 'Review ' || $2 || ' ' || n, 'review-' || $2 || '-' || n, 'An excerpt.', 'Its content ' || $2 || ' ends here.', 'Masks & Fins',
              '/media/gear-bcd.svg', 'https://www.amazon.com.au/s?k=mask', true, now() - make_interval(days => $3 + n)
       FROM generate_series(1, $1) AS n`,
      [count, word, newestDaysAgo],
    );
  const reviewLinks = (html: string) => resultLinks(html).filter((link) => link.startsWith('/gear-reviews/'));

  it("counts up to 100 and then says '100+', still listing the newest three", async () => {
    await reviews(150, 'kelpfest', 1);
    const html = await page('kelpfest');
    expect(html).toContain('100+ results found');
    expect(html).toContain('Showing 3 of 100+.');
    expect(html).toMatch(/<a href="\/gear-reviews\?search=kelpfest"[^>]*>See all 100\+ reviews<\/a>/);
    expect(reviewLinks(html)).toEqual(['/gear-reviews/review-kelpfest-1', '/gear-reviews/review-kelpfest-2', '/gear-reviews/review-kelpfest-3']);
    const { counts } = (await request(t.baseUrl).get('/api/search?q=kelpfest').expect(200)).body as { counts: Record<string, number> };
    expect(counts.review).toBe(101);
  });

  it('lists the newest three of a common term also when a thousand newer posts do not hold it', async () => {
    await reviews(120, 'seagrassday', 400);
    await reviews(1100, 'unrelated', 1);
    const html = await page('seagrassday');
    expect(html).toContain('Showing 3 of 100+.');
    expect(reviewLinks(html)).toEqual(['/gear-reviews/review-seagrassday-1', '/gear-reviews/review-seagrassday-2', '/gear-reviews/review-seagrassday-3']);
  });
});
