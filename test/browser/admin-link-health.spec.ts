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
  resolve: async (hostname) => (hostname === 'shop.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
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
