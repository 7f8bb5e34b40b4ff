import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { loadProductOffers } from 'src/database/seed-offers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47 item 5: a review's 'Check Price' names the shop, and the price checked on the product's own
 * page with the day of the check; a link to a shop's search honestly says 'Search at {shop}'. The shop and
 * page here are the test's own (example.com.au), not a recorded fact.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t.close());

const PAGE = 'https://shop.example.com.au/products/test-computer';

/** The text after 'Check Price' on each of the page's purchase buttons. */
const buttonLabels = (html: string) => [...html.matchAll(/<span[^>]*data-testid="shop"[^>]*>([^<]*)<\/span>/g)].map((match) => match[1].trim());

async function publishedSlugs(): Promise<string[]> {
  const reviews: { slug: string; purchaseLink: string }[] = (await request(t.baseUrl).get('/api/reviews/published').expect(200)).body;
  return reviews.filter((review) => review.purchaseLink).map((review) => review.slug);
}

describe('a review page names the shop, and the price checked with its day', () => {
  it("shows the checked price, shop and day on both 'Check Price' buttons of a review whose link leads to the checked page", async () => {
    const [slug] = await publishedSlugs();
    await t.dataSource.query(
      `INSERT INTO product_offers (product, shop, url, link, price, currency, "checkedOn", source) VALUES ('Test computer', 'Reef Supply Co', $1, $2, 1449, 'AUD', '2026-11-28', $1)`,
      [PAGE, 'shop.example.com.au/products/test-computer'],
    );
    // The link carries an affiliate tag, as the seed's links do: the page is the same page.
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [`${PAGE}?tag=test-22`, slug]);
    const html = (await request(t.baseUrl).get(`/gear-reviews/${slug}`).expect(200)).text;
    expect(html.match(/>Check Price</g)).toHaveLength(2);
    expect(buttonLabels(html)).toEqual(['A$1,449 at Reef Supply Co, checked 28 Nov 2026', 'A$1,449 at Reef Supply Co, checked 28 Nov 2026']);
  });

  it("says 'Search at {shop}' for a review whose link is the shop's search, and no price or day", async () => {
    const slugs = await publishedSlugs();
    const slug = slugs[1];
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = 'https://www.amazon.com.au/s?k=Test+Computer' WHERE slug = $1`, [slug]);
    const html = (await request(t.baseUrl).get(`/gear-reviews/${slug}`).expect(200)).text;
    expect(buttonLabels(html)).toEqual(['Search at Amazon Australia', 'Search at Amazon Australia']);
    expect(html).not.toContain('checked 28 Nov 2026');
  });

  it('names only the shop for a product page nobody checked: a price is never borrowed from another page', async () => {
    const slug = (await publishedSlugs())[2];
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = 'https://shop.example.com.au/products/another-computer' WHERE slug = $1`, [slug]);
    const html = (await request(t.baseUrl).get(`/gear-reviews/${slug}`).expect(200)).text;
    expect(buttonLabels(html)).toEqual(['at shop.example.com.au', 'at shop.example.com.au']);
  });
});

describe('the seed loads data/product-offers.json', () => {
  const logger = new Logger('test');
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'offers-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (offers: object[]) => writeFileSync(join(dir, 'product-offers.json'), JSON.stringify({ checkedOn: '2026-11-28', offers }));
  const stored = async (url: string) =>
    (await t.dataSource.query(`SELECT shop, price::text AS price, "checkedOn"::text AS "checkedOn" FROM product_offers WHERE url = $1`, [url])) as {
      shop: string;
      price: string | null;
      checkedOn: string;
    }[];

  it('loads each version once, a product page only (never a search), and keeps the newer check of a page', async () => {
    const page = 'https://dive.example.com.au/p/test-fins';
    const offer = { product: 'Test fins', shop: 'Dive Example', url: page, price: 279, checkedOn: '2026-11-20', source: page };
    const search = { ...offer, url: 'https://dive.example.com.au/search?q=fins' };
    write([offer, search]);
    expect(await loadProductOffers(t.dataSource, dir, logger)).toHaveLength(1);
    expect(await loadProductOffers(t.dataSource, dir, logger)).toEqual([]);
    expect(await stored(page)).toEqual([{ shop: 'Dive Example', price: '279.00', checkedOn: '2026-11-20' }]);
    expect(await stored(search.url)).toEqual([]);

    write([{ ...offer, price: 259, checkedOn: '2026-11-28' }]);
    expect(await loadProductOffers(t.dataSource, dir, logger)).toHaveLength(1);
    expect(await stored(page)).toEqual([{ shop: 'Dive Example', price: '259.00', checkedOn: '2026-11-28' }]);

    // An older check of the same page, added later to the file, does not replace the newer one.
    write([{ ...offer, price: 299, checkedOn: '2026-10-01' }]);
    await loadProductOffers(t.dataSource, dir, logger);
    expect(await stored(page)).toEqual([{ shop: 'Dive Example', price: '259.00', checkedOn: '2026-11-28' }]);
  });
});
