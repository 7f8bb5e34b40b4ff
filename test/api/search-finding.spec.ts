import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 30: every search result leads to a page showing it, true counts with 'See all', and a search that finds what a diver means. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

interface Result {
  type: string;
  title: string;
  link: string;
}
const api = async (q: string) =>
  (
    await request(t.baseUrl)
      .get(`/api/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).body as { results: Result[]; counts: Record<string, number> };
const html = async (path: string) => (await request(t.baseUrl).get(path).expect(200)).text;
const siteNames = async (q: string) =>
  (
    (
      await request(t.baseUrl)
        .get(`/api/dive-sites/search?q=${encodeURIComponent(q)}`)
        .expect(200)
    ).body as { name: string }[]
  ).map((s) => s.name);
const unescape = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

describe('search results that lead somewhere', () => {
  it("leads every product result to a page that shows that product ('torch' and all the others)", async () => {
    const products = (await request(t.baseUrl).get('/api/products').expect(200)).body as { name: string }[];
    expect(products.length).toBeGreaterThan(0);
    const torch = (await api('torch')).results.find((r) => r.type === 'product' && r.title === 'Scubapro Nova 850R Dive Torch');
    expect(torch?.link).toBe('/gear-reviews?search=Scubapro%20Nova%20850R%20Dive%20Torch');
    for (const product of products) {
      const result = (await api(product.name)).results.find((r) => r.type === 'product' && r.title === product.name);
      expect(result).toBeDefined();
      const page = unescape(await html(result!.link));
      expect(page).not.toContain('No products found');
      expect(page).toMatch(new RegExp(`<h3[^>]*>${product.name.replace(/[()]/g, '\\$&')}</h3>`));
    }
  });
});

describe('/search counts', () => {
  it("reports every match, not only those listed, and offers 'See all N dive sites' leading to that many", async () => {
    const { results, counts } = await api('wreck');
    const sites = await siteNames('wreck');
    expect(counts['dive-site']).toBe(sites.length);
    expect(sites.length).toBeGreaterThan(3);
    expect(results.filter((r) => r.type === 'dive-site')).toHaveLength(3);
    const page = unescape(await html('/search?q=wreck'));
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(page).toContain(`${total} results found`);
    expect(page).toContain(`Showing 3 of ${sites.length}.`);
    expect(page).toMatch(new RegExp(`<a href="/dive-sites\\?search=wreck"[^>]*>See all ${sites.length} dive sites</a>`));
    const list = unescape(await html('/dive-sites?search=wreck'));
    expect(list).toContain(`Showing ${sites.length} of`);
  });
});

describe('a search that finds what a diver means', () => {
  it("finds a misspelt name ('yongla'), a name without its accents and a phrase whose words are apart, on /search and /dive-sites", async () => {
    expect(await siteNames('yongla')).toContain('SS Yongala');
    expect((await api('yongla')).results.map((r) => r.title)).toContain('SS Yongala');
    expect(unescape(await html('/dive-sites?search=yongla'))).toContain('SS Yongala');
    expect(await siteNames('vallee des gorgones')).toContain('Vallée des Gorgones (Île des Pins)');
    expect(await siteNames('ile des pins')).toContain('Vallée des Gorgones (Île des Pins)');
    const shipWreck = await siteNames('ship wreck');
    expect(shipWreck.length).toBeGreaterThan(3);
    expect(shipWreck).toContain('SS Yongala');
    // The exact text still answers as SPEC describes when it finds something, and nonsense still finds nothing.
    expect(await siteNames('Yongala')).toEqual(['SS Yongala']);
    expect(await siteNames('zzqqxx')).toEqual([]);
    expect((await api('zzqqxx')).results).toEqual([]);
  });
});

describe('a search repeated while the posts change', () => {
  it('finds a review as soon as it is edited to hold the term, and no longer once it is edited back', async () => {
    const reviews = async () => {
      const response = await request(t.baseUrl).get('/api/search?q=wreck').set('X-Page-Cache', 'bypass').expect(200);
      const body = response.body as { results: (Result & { id: number })[]; counts: Record<string, number> };
      return { ids: body.results.filter((r) => r.type === 'review').map((r) => r.id), count: body.counts.review };
    };
    const before = await reviews();
    await expect(reviews()).resolves.toEqual(before);
    expect(before.count).toBeLessThan(100);
    const [other] = (await t.dataSource.query(
      `SELECT id, title, "publishedAt" FROM reviews WHERE published AND (title || category || excerpt || content) NOT ILIKE '%wreck%' ORDER BY id LIMIT 1`,
    )) as { id: number; title: string; publishedAt: Date | null }[];
    // Edited to hold the term and dated a minute ago: the newest review found, and counted.
    await t.dataSource.query(`UPDATE reviews SET title = title || ' (a wreck dive)', "publishedAt" = now() - interval '1 minute' WHERE id = $1`, [other.id]);
    try {
      await expect(reviews()).resolves.toEqual({ ids: [other.id, ...before.ids].slice(0, 3), count: before.count + 1 });
    } finally {
      await t.dataSource.query(`UPDATE reviews SET title = $2, "publishedAt" = $3 WHERE id = $1`, [other.id, other.title, other.publishedAt]);
    }
    await expect(reviews()).resolves.toEqual(before);
  });
});
