import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LINK_CHECK_OPTIONS, type LinkCheckOptions } from 'src/link-health/link-checker';
import { listRow, openDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';

/**
 * Issue 32: the owner checks the purchase links from the Reviews tab and sees which review's link is
 * broken, in the panel and on the review's row. The shop is a local server; its name resolves to it.
 */
const retailer = http.createServer((req, res) => res.writeHead(req.url === '/products/fins' ? 200 : 404).end());
const options: LinkCheckOptions = {
  // shop.test and refusing.test are this machine; any other name (gone.test) does not resolve.
  resolve: async (hostname) => (['shop.test', 'refusing.test'].includes(hostname) ? [{ address: '127.0.0.1', family: 4 }] : []),
  allowAddress: () => true,
  timeoutMs: 5_000,
  perHostIntervalMs: 200,
  maxRedirects: 5,
  userAgent: 'test',
};
const suite = browserSuite({ as: 'admin', overrides: [{ provide: LINK_CHECK_OPTIONS, useValue: options }] });

beforeAll(() => new Promise<void>((resolve) => retailer.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise((resolve) => retailer.close(resolve)));

it('checks every purchase link on request and flags the review whose link answers 404, in the panel and on its row', async () => {
  const { t, page } = suite;
  const shop = `http://shop.test:${(retailer.address() as AddressInfo).port}`;
  const [broken, fine] = await t.dataSource.query(`SELECT slug, title FROM reviews WHERE published = true ORDER BY id LIMIT 2`);
  await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = ''`);
  await t.dataSource.query(`UPDATE products SET "affiliateLink" = ''`);
  await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [`${shop}/products/retired-mask`, broken.slug]);
  await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [`${shop}/products/fins`, fine.slug]);

  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Purchase links' }) });
  await panel.getByText('2 links, not checked yet.').waitFor();
  await panel.getByRole('button', { name: 'Check purchase links' }).click();
  await panel.getByText(/^2 links, last checked /).waitFor();
  // The date shows once the first link is checked; the check has ended when the button is back.
  await panel.getByRole('button', { name: 'Check purchase links' }).waitFor();
  const flagged = panel.getByRole('list', { name: 'Links that need attention' }).getByRole('listitem');
  expect(await flagged.allInnerTexts()).toEqual([
    expect.stringMatching(new RegExp(`^Link broken \\(404\\)\\s*${broken.title}\\s*\\(review\\)\\s*${shop}/products/retired-mask$`)),
  ]);
  await listRow(page, 'Published Reviews', broken.title).getByText('Link broken (404)').waitFor();
  expect(
    await listRow(page, 'Published Reviews', fine.title)
      .getByText(/^Link broken/)
      .count(),
  ).toBe(0);
  expect(await panel.getByRole('button', { name: 'Check purchase links' }).isEnabled()).toBe(true);
});

it('tells the truth when shops cannot be reached: counts per shop, each failing link with its reason, and no all-is-well summary', async () => {
  const { t, page } = suite;
  const port = (retailer.address() as AddressInfo).port;
  // A port nothing listens on: the connection is refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const refusedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const reviews: { slug: string; title: string }[] = await t.dataSource.query(`SELECT slug, title FROM reviews WHERE published = true ORDER BY id LIMIT 3`);
  await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = ''`);
  await t.dataSource.query(`UPDATE products SET "affiliateLink" = ''`);
  const urls = [`http://shop.test:${port}/products/fins`, `http://refusing.test:${refusedPort}/products/mask`, `http://gone.test:${port}/products/bcd`];
  for (const [index, review] of reviews.entries())
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [urls[index], review.slug]);

  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Purchase links' }) });
  await panel.getByRole('button', { name: 'Check purchase links' }).click();
  await panel.getByText('1 working, 2 could not be checked (of 3 links).').waitFor();
  await panel.getByRole('button', { name: 'Check purchase links' }).waitFor();
  const table = panel.getByRole('table', { name: 'Purchase links by shop' });
  expect(await table.getByRole('row').allInnerTexts()).toEqual([
    expect.stringMatching(/^Shop\s+Working\s+Broken\s+Moved to home page\s+Could not check$/),
    expect.stringMatching(/^gone\.test\s+0\s+0\s+0\s+1$/),
    expect.stringMatching(/^refusing\.test\s+0\s+0\s+0\s+1$/),
    expect.stringMatching(/^shop\.test\s+1\s+0\s+0\s+0$/),
  ]);
  const flagged = panel.getByRole('list', { name: 'Links that need attention' }).getByRole('listitem');
  const texts = await flagged.allInnerTexts();
  expect(texts).toHaveLength(2);
  expect(texts).toContainEqual(expect.stringContaining(`${reviews[1].title}`));
  expect(texts.find((text) => text.includes(reviews[1].title))).toContain('the shop refused the connection');
  expect(texts.find((text) => text.includes(reviews[2].title))).toContain('does not resolve (DNS)');
  await listRow(page, 'Published Reviews', reviews[2].title).getByText('Could not check the link').waitFor();
  expect(await panel.getByText(/lead to a page/).count()).toBe(0);
});
