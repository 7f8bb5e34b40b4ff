import type { Page } from 'playwright-core';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { islandReady } from '../support/admin-browser';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ context: DESKTOP });
let t: TestApp;
let page: Page;
let apiCalls: string[];

beforeEach(() => {
  ({ t, page } = suite);
  apiCalls = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
});

describe('islands hydrated from their page', () => {
  it('ask the server for none of the comments the article page showed', async () => {
    await page.goto(`${t.baseUrl}/blog/fish-rock-cave-south-west-rocks`);
    await page.getByRole('heading', { name: /Leave a comment/ }).scrollIntoViewIfNeeded();
    await islandReady(page, 'ArticleComments');
    await page.getByLabel('Name', { exact: true }).fill('Just looking');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
  });

  it("fetch only the map's list of every site on a site's page: its search and ratings came with it", async () => {
    const [site] = await t.dataSource.getRepository(DiveSite).find({ where: { name: 'Wolf Rock' } });
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    // Both hydrate as the visitor scrolls to them, below the site's panel.
    await page.getByRole('region', { name: 'Ratings & Reviews' }).scrollIntoViewIfNeeded();
    await islandReady(page, 'SiteRatings');
    // The map's box is swapped for the map once its script has come: scroll to wherever it is by then.
    await page.evaluate(() => document.querySelector('[data-testid="dive-site-map"]')?.scrollIntoView());
    await islandReady(page, 'DiveSiteExplorer');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual(['GET /api/dive-sites/map']);
  });
});
