import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { MAP_LIST_MAX } from 'core/dive-sites/map-view';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { clickBiggestCluster, openSitePopup, sitesOverAustralia } from '../support/map-browser';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ page: false });
let t: TestApp;
let total: number;

/** More sites than the page lists whole: the map asks by view (issue 31). */
const GROWN = MAP_LIST_MAX + 300;
const REGION = 'Grown Coast';
/** A region whose first cards by name are all in the far north and whose last site is in Tasmania. */
const SPLIT = 'Split Coast';
const NORTHERN = 30;

beforeAll(async () => {
  t = suite.t;
  await t.dataSource.getRepository(DiveSite).insert(sitesOverAustralia(GROWN, { name: 'Viewport Site', region: REGION, skillLevel: 'Advanced' }));
  await t.dataSource.getRepository(DiveSite).insert([
    ...sitesOverAustralia(NORTHERN, { name: 'Aaa Northern Site', region: SPLIT, skillLevel: 'Beginner' }).map((site, i) => ({
      ...site,
      latitude: (-10.2 - i / 50).toFixed(8),
      longitude: (142.2 + i / 50).toFixed(8),
    })),
    { ...sitesOverAustralia(1, { name: 'Zzz Southern Site', region: SPLIT, skillLevel: 'Beginner' })[0], latitude: '-43.10000000', longitude: '147.90000000' },
  ]);
  total = await t.dataSource.getRepository(DiveSite).count();
});

const root = (page: Page) => page.locator('[data-testid="dive-site-map"] [data-zoom]');
const clusters = (page: Page) => page.locator('[data-testid="dive-site-map"] .dive-site-cluster');
const markers = (page: Page) => page.locator('[data-testid="dive-site-map"] .dive-site-marker');
const VIEW = /\/api\/dive-sites\/map\/view\?/;
const EVERY_SITE = /\/api\/dive-sites\/map(\?|$)/;

/** Clicks the biggest cluster inside the map's box and waits for the answer of the closer view to be drawn. */
async function openBiggestCluster(page: Page) {
  const before = Number(await root(page).getAttribute('data-view-zoom'));
  await clickBiggestCluster(page);
  await page.waitForFunction(
    (zoom) => Number(document.querySelector('[data-testid="dive-site-map"] [data-view-zoom]')?.getAttribute('data-view-zoom')) > zoom,
    before,
  );
}

describe('the map by viewport (many sites)', () => {
  it('asks the server for each view (never for every site), shows its clusters, and its single sites once zoomed in', async () => {
    const page = await suite.open(DESKTOP);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
    await clusters(page).first().waitFor();
    await expect(root(page).getAttribute('data-view-zoom')).resolves.toBe('3');
    expect(asked.filter((url) => VIEW.test(url)).some((url) => new URL(url).searchParams.get('zoom') === '3')).toBe(true);
    expect(asked.filter((url) => EVERY_SITE.test(url))).toEqual([]);
    // Every grown site is counted by a cluster in view or drawn alone.
    const counted = (await clusters(page).allTextContents()).reduce((sum, count) => sum + Number(count), 0) + (await markers(page).count());
    expect(counted).toBeGreaterThanOrEqual(GROWN);
    expect(counted).toBeLessThanOrEqual(total);

    // A pan asks for the new view.
    const before = await root(page).getAttribute('data-view');
    const panned = page.waitForRequest(VIEW);
    await page.locator('[data-testid="dive-site-map"] .leaflet-container').focus();
    await page.keyboard.press('ArrowRight');
    await panned;
    await page.waitForFunction((old) => document.querySelector('[data-testid="dive-site-map"] [data-view]')?.getAttribute('data-view') !== old, before);

    // Zooming in on the clusters comes to single sites, whose popup loads their card.
    while ((await clusters(page).count()) > 0) await openBiggestCluster(page);
    await markers(page).first().waitFor();
    const zoomed = asked.filter((url) => VIEW.test(url)).map((url) => Number(new URL(url).searchParams.get('zoom')));
    expect(Math.max(...zoomed)).toBe(Number(await root(page).getAttribute('data-zoom')));
    expect(await openSitePopup(page)).toMatch(/Region[\s\S]+Skill Level[\s\S]+Depth[\s\S]+Water Temp/);
  });

  it("answers a filter from the server: the region's count and cards, and the map's view of that region", async () => {
    const page = await suite.open(DESKTOP);
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.getByText(`Showing ${total} of ${total} dive sites`).waitFor();
    const viewOfRegion = page.waitForRequest((request) => VIEW.test(request.url()) && new URL(request.url()).searchParams.get('region') === REGION);
    await page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
    await page.getByLabel('Region').selectOption(REGION);
    await page.getByText(`Showing ${GROWN} of ${total} dive sites`).waitFor();
    await page.getByRole('region', { name: 'Dive sites', exact: true }).getByText('Viewport Site 0', { exact: true }).waitFor();
    await viewOfRegion;
    // Cards in place, by name, from the server's list.
    await page.getByRole('link', { name: 'Show more dive sites' }).click();
    await page.getByText(`48 of ${GROWN} sites listed`).waitFor();
  });

  it('answers GET /api/dive-sites/map past MAP_LIST_MAX sites with the world view (clusters), a few KB', async () => {
    const response = await fetch(`${t.baseUrl}/api/dive-sites/map`, { headers: { 'Accept-Encoding': 'gzip' } });
    const body = await response.text();
    const answer = JSON.parse(body);
    expect(answer.total).toBe(total);
    expect(answer.clusters.length).toBeGreaterThan(0);
    expect(gzipSync(body).length).toBeLessThan(4_000);
  });

  it("fits every site of a filter that came in the page's link, not only the page's first cards (issue 47)", async () => {
    const page = await suite.open(DESKTOP);
    await page.goto(`${t.baseUrl}/dive-sites?region=${encodeURIComponent(SPLIT)}`);
    // The page lists its first cards, all northern; the southern site is past them.
    const list = page.getByRole('region', { name: 'Dive sites', exact: true });
    await list.getByText('Aaa Northern Site 0', { exact: true }).waitFor();
    await expect(list.getByText('Zzz Southern Site 0', { exact: true }).count()).resolves.toBe(0);
    await page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
    // The map's box reaches from the Torres Strait sites to the Tasmanian one.
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="dive-site-map"] [data-bounds]')?.getAttribute('data-bounds')?.split(',').map(Number);
      return !!box && box[0] < -43.1 && box[2] > -10.2;
    });
  });

  it("draws the page's own sites when the view cannot be asked for (offline)", async () => {
    const page = await suite.open(DESKTOP);
    await page.route(VIEW, (route) => route.abort());
    await page.goto(`${t.baseUrl}/dive-sites?search=Viewport%20Site%201`);
    await page.locator('[data-testid="dive-site-map"]').scrollIntoViewIfNeeded();
    await markers(page).first().waitFor();
    // The page's own cards (its first page) are the sites drawn, each a marker or counted by a cluster.
    const cards = await page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article').count();
    await page.waitForFunction((n) => document.querySelector('[data-testid="dive-site-map"] [data-sites]')?.getAttribute('data-sites') === String(n), cards);
  });
});
