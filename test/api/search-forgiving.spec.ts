import request from 'supertest';
import { Product } from 'src/products/product.entity';
import { allPages } from '../support/all-pages';
import { appWithSites } from '../support/app-with-sites';

/**
 * Issue 47 item 4: a search that forgives. Misspelt places, regions, gear and marine life find what they
 * mean, words in any order; a place word is looked for in a site's name or region, so 'sydny harbour' is
 * Sydney's harbour and not a Darwin wreck whose story mentions Sydney; a search that finds nothing offers
 * the closest words and the ways to browse.
 */
const suite = appWithSites();

const siteSearch = async (q: string) =>
  allPages<{ id: number; name: string; region: string }>(suite.t.baseUrl, `/api/dive-sites/search?q=${encodeURIComponent(q)}`);
const globalSearch = async (q: string) =>
  (
    await request(suite.t.baseUrl)
      .get(`/api/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).body.results as { type: string; title: string; category: string; link: string }[];
const page = async (q: string) =>
  (
    await request(suite.t.baseUrl)
      .get(`/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).text;
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('misspelt places find the sites they mean', () => {
  it("'sydny' finds the Sydney sites", async () => {
    const sydney = suite.sites.filter((site) => site.region.includes('Sydney')).map((site) => site.id);
    expect(sydney.length).toBeGreaterThan(0);
    const found = (await siteSearch('sydny')).map((site) => site.id);
    expect(found).toEqual(expect.arrayContaining(sydney));
    expect((await siteSearch('sydny')).every((site) => `${site.name} ${site.region}`.toLowerCase().includes('sydney'))).toBe(true);
  });

  it("'sydny harbour' finds Sydney Harbour's sites and no Darwin wreck, in either order", async () => {
    for (const q of ['sydny harbour', 'harbour sydny']) {
      const found = await siteSearch(q);
      expect(found.map((site) => site.name)).toEqual(expect.arrayContaining(['Camp Cove (Watsons Bay)', 'Clifton Gardens (Chowder Bay)']));
      expect(found.filter((site) => /darwin/i.test(`${site.name} ${site.region}`) || site.region === 'Northern Territory')).toEqual([]);
    }
    const html = main(await page('sydny harbour'));
    expect(html).toContain('Camp Cove (Watsons Bay)');
    expect(html).toContain('Showing results for <strong class="font-semibold text-slate-900">sydney harbour</strong>');
    expect(html).not.toContain('Darwin Harbour');
  });

  it("'great barier reef' finds the Great Barrier Reef's sites", async () => {
    const reef = suite.sites.filter((site) => site.region === 'Southern Great Barrier Reef').map((site) => site.id);
    expect(reef.length).toBeGreaterThan(0);
    expect((await siteSearch('great barier reef')).map((site) => site.id)).toEqual(expect.arrayContaining(reef));
    expect((await siteSearch('barier reef great')).map((site) => site.id)).toEqual(expect.arrayContaining(reef));
  });

  it("'wobegong' finds the sites where wobbegongs live", async () => {
    const withWobbegongs = suite.sites.filter((site) => /wobbegong/i.test(`${site.description} ${site.marineLife ?? ''}`)).map((site) => site.id);
    expect(withWobbegongs.length).toBeGreaterThan(0);
    expect((await siteSearch('wobegong')).map((site) => site.id).sort((a, b) => a - b)).toEqual(expect.arrayContaining(withWobbegongs));
  });
});

describe('misspelt gear finds the products and reviews', () => {
  it.each([
    ['dive computr', 'Dive Computers'],
    ['regulater', 'Regulators'],
  ])("'%s' finds the %s", async (q, category) => {
    const products = await suite.t.dataSource.getRepository(Product).find({ where: { category, published: true } });
    expect(products.length).toBeGreaterThan(0);
    const results = await globalSearch(q);
    expect(results.filter((result) => result.type === 'product').map((result) => result.title)).toEqual(
      expect.arrayContaining(products.slice(0, 1).map((product) => product.name)),
    );
    expect(results.filter((result) => result.type === 'review').length).toBeGreaterThan(0);
    expect(results.filter((result) => result.type === 'review' && result.category === category).length).toBeGreaterThan(0);
    const html = main(await page(q));
    expect(html).toContain('Showing results for');
    expect(html).toContain(products[0].name);
  });
});

describe('a search that finds nothing', () => {
  it("suggests the closest words ('Did you mean ...') as searches, and the ways to browse", async () => {
    const html = main(await page('sydny zzqqxx'));
    expect(html).toContain('No results found for &quot;sydny zzqqxx&quot;');
    expect(html).toContain('Did you mean');
    expect(html).toContain('href="/search?q=sydney"');
    for (const href of ['/dive-sites', '/blog', '/gear-reviews']) expect(html).toContain(`href="${href}"`);
    // The suggestion finds what it names.
    expect((await globalSearch('sydney')).length).toBeGreaterThan(0);
  });

  it('offers the ways to browse even with no close word', async () => {
    const html = main(await page('zzqqxx'));
    expect(html).not.toContain('Did you mean');
    expect(html).toContain('href="/dive-sites"');
  });
});
