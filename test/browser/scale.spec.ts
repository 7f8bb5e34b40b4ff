import type { Page } from 'playwright-core';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { markerSize } from 'client/lib/dive-sites/map';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { clickBiggestCluster, openSitePopup, sitesOverAustralia } from '../support/map-browser';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ page: false });
let t: TestApp;
let page: Page;
let total: number;

/** Sites spread over Australia, so that past the clustering threshold the map has to cluster them. */
const BULK_SITES = 1500;

beforeAll(async () => {
  t = suite.t;
  await t.dataSource.getRepository(DiveSite).insert(sitesOverAustralia(BULK_SITES, { name: 'Grown Site', region: 'Tasmania', skillLevel: 'Beginner' }));
  total = await t.dataSource.getRepository(DiveSite).count();
});

const map = () => page.locator('[data-testid="dive-site-map"] [data-zoom]');
const clusters = () => page.locator('[data-testid="dive-site-map"] .dive-site-cluster');
const markers = () => page.locator('[data-testid="dive-site-map"] .dive-site-marker');

describe('the map of many sites', () => {
  it('clusters the markers at a low zoom and shows single sites, at SPEC size, once zoomed in', async () => {
    page = await suite.open(DESKTOP);
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.getByText(`Showing ${total} of ${total} dive sites`).waitFor();
    await clusters().first().waitFor();
    await expect(map().getAttribute('data-zoom')).resolves.toBe('3');
    // Far fewer things drawn than sites, and every site counted once by a cluster or a marker in view.
    const drawn = (await clusters().count()) + (await markers().count());
    expect(drawn).toBeLessThan(total / 10);
    const counted = (await clusters().allTextContents()).reduce((sum, count) => sum + Number(count), 0) + (await markers().count());
    expect(counted).toBeGreaterThan(BULK_SITES * 0.9);
    expect(counted).toBeLessThanOrEqual(total);

    // A cluster zooms the map in to where it splits, until every site in view is its own marker (at zoom 11 at the latest).
    for (let zoom = 3; (await clusters().count()) > 0 && zoom < 11;) {
      await clickBiggestCluster(page);
      await page.waitForFunction(
        (before) => Number(document.querySelector('[data-testid="dive-site-map"] [data-zoom]')?.getAttribute('data-zoom')) > before,
        zoom,
      );
      zoom = Number(await map().getAttribute('data-zoom'));
    }
    await markers().first().waitFor();
    expect(await clusters().count()).toBe(0);
    const zoom = Number(await map().getAttribute('data-zoom'));
    const size = markerSize(zoom, true);
    await expect(
      markers()
        .first()
        .locator('span')
        .evaluate((dot) => dot.getBoundingClientRect().width),
    ).resolves.toBe(size);

    // A single site's popup loads its card on demand.
    expect(await openSitePopup(page)).toMatch(/Region[\s\S]+Skill Level[\s\S]+Depth[\s\S]+Water Temp/);
  });

  it('lists more cards as a page of its own without JavaScript, past the clustering threshold', async () => {
    // Nothing off the site (suite.open): a request the closed network left hanging would hold the page's load event.
    page = await suite.open({ javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/dive-sites`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Show more dive sites' }).click();
    await page.waitForURL(/show=48/, { waitUntil: 'domcontentloaded' });
    expect(await page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article').count()).toBe(48);
  });
});

describe('pagination without JavaScript', () => {
  it('walks /blog forwards and back with plain links', async () => {
    await t.dataSource.getRepository(Article).insert(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Paged story ${i}`,
        slug: `paged-story-${i}`,
        excerpt: `Paged story number ${i}`,
        content: 'Body.',
        category: 'Tips',
        imageUrl: '/media/scene-wreck.svg',
        published: true,
        // Newest first, from now back (a date ahead would schedule them).
        publishedAt: new Date(Date.now() - (i + 1) * 3_600_000),
      })),
    );
    const articles = await t.dataSource.getRepository(Article).countBy({ published: true });
    const pages = Math.ceil(articles / 12);
    page = await suite.open({ javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/blog`);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByRole('link', { name: 'Paged story 11', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${t.baseUrl}/blog?page=2`);
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await page.getByRole('link', { name: 'Paged story 12', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(`${t.baseUrl}/blog`);
    // A category keeps its filter from page to page.
    await page.getByRole('link', { name: 'Tips', exact: true }).click();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${t.baseUrl}/blog?category=Tips&page=2`);
  });
});
