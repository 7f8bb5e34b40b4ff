import type { Page } from 'playwright-core';
import { CARD_PAGE_SIZE, depthBand, MAX_CARDS_SHOWN } from 'core/dive-sites/filters';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { landPainted, waitForSitesInView } from '../support/map-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const suite = browserSuite({ context: DESKTOP });
let t: TestApp;
let page: Page;
let all: DiveSite[];

beforeAll(async () => {
  all = await suite.t.dataSource.getRepository(DiveSite).find();
});

// No internet in the suite's pages: map tiles (and anything else off the site) fail, as they would offline.
beforeEach(() => ({ t, page } = suite));

/** The explorer hydrates at once on /dive-sites; on a site's page, below its panel, as the visitor scrolls to it. */
const explorer = async () => {
  await page.locator('#site-explorer').scrollIntoViewIfNeeded();
  await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
};
/**
 * The rating form posts without JavaScript too: the tests of the island's own behaviour wait for it, which
 * hydrates as the visitor scrolls to it.
 */
const ratings = async () => {
  await page.getByRole('region', { name: 'Ratings & Reviews' }).scrollIntoViewIfNeeded();
  await page.locator('[data-island="SiteRatings"][data-hydrated="true"]').waitFor();
};
const cards = () => page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article');
const cardNames = () => page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article h2').allTextContents();
const markers = () => page.locator('[data-testid="dive-site-map"] .dive-site-marker');
const search = () => page.getByLabel('Search dive sites');

const clusters = () => page.locator('[data-testid="dive-site-map"] .dive-site-cluster');

/**
 * Every matching site is on the map, as its own marker or counted by the cluster of sites too close to tell
 * apart at the zoom; the grid lists the first CARD_PAGE_SIZE of them.
 */
async function expectCount(expected: number) {
  await page.getByText(`Showing ${expected} of ${all.length} dive sites`).waitFor();
  await page.waitForFunction((n) => document.querySelector('[data-testid="dive-site-map"] [data-sites]')?.getAttribute('data-sites') === String(n), expected);
  expect(await cards().count()).toBe(Math.min(expected, CARD_PAGE_SIZE));
  const clustered = (await clusters().allTextContents()).reduce((sum, count) => sum + Number(count), 0);
  expect(clustered + (await markers().count())).toBe(expected);
}

const showMore = () => page.getByRole('link', { name: 'Show more dive sites' });

async function openList() {
  await page.goto(`${t.baseUrl}/dive-sites`);
  await explorer();
  await markers().first().waitFor();
}

const matching = (term: string) =>
  all.filter((s) => [s.name, s.description, s.region, s.marineLife ?? ''].some((text) => text.toLowerCase().includes(term.toLowerCase())));

describe('/dive-sites', () => {
  it('shows every site as a marker and, a page of cards at a time, as a card, even though the map tiles cannot load', async () => {
    await openList();
    await expect(page.title()).resolves.toContain('244+ Australian Dive Sites');
    await expectCount(all.length);
    // 'Show more dive sites' adds the next cards in place and moves the focus to the first new one.
    await page.getByText(`${CARD_PAGE_SIZE} of ${all.length} sites listed`).waitFor();
    const firstCard = (await cardNames())[0];
    await showMore().click();
    await page.getByText(`${2 * CARD_PAGE_SIZE} of ${all.length} sites listed`).waitFor();
    expect(page.url()).toBe(`${t.baseUrl}/dive-sites`);
    expect(await cards().count()).toBe(2 * CARD_PAGE_SIZE);
    await expect(
      cards()
        .nth(CARD_PAGE_SIZE)
        .getByRole('heading')
        .locator('a')
        .evaluate((link) => link === document.activeElement),
    ).resolves.toBe(true);
    expect((await cardNames())[0]).toBe(firstCard);
    // One more press in place; then the whole list as the links' own addresses give it: at most
    // MAX_CARDS_SHOWN cards an address, the rest a page at a time (issue 42, F5).
    await showMore().click();
    await page.getByText(`${3 * CARD_PAGE_SIZE} of ${all.length} sites listed`).waitFor();
    await page.goto(`${t.baseUrl}/dive-sites?show=${all.length}`);
    await explorer();
    await markers().first().waitFor();
    expect(await cardNames()).toHaveLength(MAX_CARDS_SHOWN);
    const names = await cardNames();
    for (let from = MAX_CARDS_SHOWN; from < all.length; from += MAX_CARDS_SHOWN) {
      await page.goto(`${t.baseUrl}/dive-sites?from=${from}&show=${MAX_CARDS_SHOWN}`);
      await explorer();
      await markers().first().waitFor();
      const shown = Math.min(MAX_CARDS_SHOWN, all.length - from);
      await page.getByText(`Sites ${from + 1} to ${from + shown} of ${all.length} listed`).waitFor();
      names.push(...(await cardNames()));
    }
    expect(await showMore().count()).toBe(0);
    expect(names.sort()).toEqual(all.map((s) => s.name).sort());
    // A new filter starts the grid at its first page again.
    await page.getByLabel('Skill Level').selectOption('Beginner');
    const beginners = all.filter((s) => s.skillLevel === 'Beginner');
    await expectCount(beginners.length);
    // The map fits the filtered sites (issue 47): every beginner site is in its view.
    await waitForSitesInView(page, beginners);
    // With no tiles (no internet here), the map draws the site's own land outline on a sea-blue background.
    await page.locator('[data-testid="dive-site-map"] [data-tiles="offline"][data-land="drawn"]').waitFor();
    expect(await landPainted(page)).toBeGreaterThan(0);
    await page.getByText('Land outline: Natural Earth').waitFor();
    // Longer than jest's 30 s default on a busy machine: two pages of cards loaded in place, then the whole list.
  }, 90_000);

  it("keeps 'Show more dive sites' where it is once scrolled to, so a press lands on it", async () => {
    await openList();
    await expectCount(all.length);
    // Where the link sits over the next frames after the page jumps to it: nothing above it may resize late.
    const tops = await showMore().evaluate(async (link) => {
      link.scrollIntoView({ block: 'center' });
      const seen: number[] = [];
      for (let frame = 0; frame < 10; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seen.push(Math.round(link.getBoundingClientRect().top));
      }
      return seen;
    });
    expect(new Set(tops).size).toBe(1);
  });

  it("offers 'Try again' when the next cards cannot be fetched, and lists them when it is pressed", async () => {
    let refused = 0;
    await page.route(/\/api\/dive-sites\/cards\?/, (route) => (refused++ === 0 ? route.abort('connectionreset') : route.continue()));
    await openList();
    await page.getByText(`${CARD_PAGE_SIZE} of ${all.length} sites listed`).waitFor();
    await showMore().click();
    await page.getByText('Search failed. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(`${2 * CARD_PAGE_SIZE} of ${all.length} sites listed`).waitFor();
    expect(await cards().count()).toBe(2 * CARD_PAGE_SIZE);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByText('Search failed. Please try again.').count()).toBe(0);
  });

  it('narrows the grid and the markers as a visitor types, and recentres the map', async () => {
    await openList();
    await search().fill('julian rocks');
    const expected = matching('julian rocks');
    expect(expected.length).toBeGreaterThan(1);
    await expectCount(expected.length);
    expect((await cardNames()).sort()).toEqual(expected.map((s) => s.name).sort());
    await page.waitForFunction(() => document.querySelector('[data-testid="dive-site-map"] [data-zoom]')?.getAttribute('data-zoom') === '8');

    await search().fill('no such reef anywhere');
    await page.getByText('No dive sites found').waitFor();
    await page.getByText('Try adjusting your search terms or filters to find more dive sites.').waitFor();
    expect(await markers().count()).toBe(0);
  });

  it('draws the sites east of the antimeridian beside Fiji, inside the default view and a searched one', async () => {
    const insideMap = async () => {
      const box = (await page.locator('[data-testid="dive-site-map"] [data-zoom]').boundingBox())!;
      for (const marker of await markers().all()) {
        const at = (await marker.boundingBox())!;
        expect(at.x).toBeGreaterThanOrEqual(box.x);
        expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
        expect(at.y).toBeGreaterThanOrEqual(box.y);
        expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height);
      }
    };
    await openList();
    // No search: the map fits the region's sites (issue 47).
    await page.getByLabel('Region').selectOption('French Polynesia');
    await expectCount(all.filter((s) => s.region === 'French Polynesia').length);
    await insideMap();

    await search().fill('pass');
    await expectCount(matching('pass').filter((s) => s.region === 'French Polynesia').length);
    await page.waitForFunction(() => document.querySelector('[data-testid="dive-site-map"] [data-zoom]')?.getAttribute('data-zoom') === '8');
    await insideMap();
  });

  it('filters by region, skill level and depth band', async () => {
    await openList();
    await page.getByLabel('Region').selectOption('Tasmania');
    let expected = all.filter((s) => s.region === 'Tasmania');
    await expectCount(expected.length);

    await page.getByLabel('Region').selectOption('all');
    await page.getByLabel('Skill Level').selectOption('Advanced');
    expected = all.filter((s) => s.skillLevel === 'Advanced');
    await expectCount(expected.length);

    await page.getByLabel('Depth').selectOption('shallow');
    expected = expected.filter((s) => depthBand(s.depthRange) === 'shallow');
    await expectCount(expected.length);

    await page.getByLabel('Skill Level').selectOption('all');
    await page.getByLabel('Depth').selectOption('deep');
    expected = all.filter((s) => depthBand(s.depthRange) === 'deep');
    await expectCount(expected.length);
    const geojson = await page.getByRole('link', { name: 'GeoJSON' }).getAttribute('href');
    expect(geojson).toBe('/api/dive-sites/export/geojson?depth=deep');
  });

  it("shows every site again when the search of a site's own page is cleared", async () => {
    const site = all.find((s) => matching(s.name).length === 1)!;
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await explorer();
    // The site's own panel comes first on its page; the map loads once scrolled to.
    await page.getByTestId('dive-site-map').scrollIntoViewIfNeeded();
    await expectCount(1);
    await search().fill('');
    await expectCount(all.length);
    await page.getByLabel('Region').selectOption('Tasmania');
    await expectCount(all.filter((s) => s.region === 'Tasmania').length);
  });

  it('opens a site from its card, pre-fills the search and rates it with a comment that then leads the list', async () => {
    const site = all.find((s) => matching(s.name).length === 1 && s.name.startsWith('SS Yongala'))!;
    await openList();
    await search().fill(site.name);
    await expectCount(1);
    await cards().first().getByRole('link', { name: site.name }).click();
    await page.waitForURL(`${t.baseUrl}/dive-sites/${site.id}`);
    await expect(page.title()).resolves.toContain(site.name);
    await explorer();
    await expect(search().inputValue()).resolves.toBe(site.name);
    await expect(page.getByLabel('Region').inputValue()).resolves.toBe('all');

    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    await panel.waitFor();
    await panel.getByText('No reviews yet. Be the first to rate this dive site!').waitFor();
    await ratings();
    await panel.getByRole('radio', { name: '4 stars' }).check();
    const comment = 'Huge Queensland groupers and a turtle resting on the hull.';
    await panel.getByLabel('Comment (optional)').fill(comment);
    await panel.getByText(`${comment.length}/500 characters`).waitFor();
    await panel.getByRole('button', { name: 'Submit Rating' }).click();
    await page.getByText('Rating submitted!').first().waitFor();
    await page.getByText(`Thanks for rating ${site.name}`).first().waitFor();
    const first = panel.getByRole('list', { name: 'Recent reviews' }).getByRole('listitem').first();
    await expect(first.innerText()).resolves.toContain(comment);
    await expect(first.innerText()).resolves.toMatch(/ago/);
    await panel.getByText('1 review', { exact: true }).waitFor();
    await panel.getByText('0/500 characters').waitFor();
  });

  it('will not submit a rating without a star', async () => {
    const site = all.find((s) => s.name === 'Wolf Rock')!;
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await explorer();
    await ratings();
    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    const submit = panel.getByRole('button', { name: 'Submit Rating' });
    await expect(submit.getAttribute('aria-disabled')).resolves.toBe('true');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/ratings')) posted = true;
    });
    await panel.getByLabel('Comment (optional)').fill('No stars from me');
    await submit.click({ force: true });
    await page.getByText('Please select a rating').first().waitFor();
    await page.getByText('Choose 1-5 stars to rate this dive site').first().waitFor();
    expect(posted).toBe(false);
    await expect(panel.getByLabel('Comment (optional)').inputValue()).resolves.toBe('No stars from me');
  });

  it('keeps the star and comment and says why when the rating cannot be saved', async () => {
    const site = all.find((s) => s.name === 'Wolf Rock')!;
    expect(matching(site.name)).toHaveLength(1);
    await page.route(`**/api/dive-sites/${site.id}/ratings`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 429, error: 'Too many ratings from your network.', message: 'Too many ratings from your network.' }),
          })
        : route.continue(),
    );
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await explorer();
    await ratings();
    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    await panel.getByRole('radio', { name: '5 stars' }).check();
    await panel.getByLabel('Comment (optional)').fill('Turtles!');
    await panel.getByRole('button', { name: 'Submit Rating' }).click();
    await page.getByText('Failed to submit rating').first().waitFor();
    await page.getByText('Too many ratings from your network.').first().waitFor();
    await expect(panel.getByRole('radio', { name: '5 stars' }).isChecked()).resolves.toBe(true);
    await expect(panel.getByLabel('Comment (optional)').inputValue()).resolves.toBe('Turtles!');
    await expect(panel.getByRole('button', { name: 'Submit Rating' }).isEnabled()).resolves.toBe(true);
  });

  it('shows the popup of a marker with the site details', async () => {
    const site = all.find((s) => s.name === 'Fish Rock Cave')!;
    await t.dataSource
      .getRepository(DiveSite)
      .update(site.id, { featured: true, reviewLink: '/blog/fish-rock-cave-south-west-rocks', videoUrl: 'https://www.youtube.com/watch?v=fishrock1' });
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await explorer();
    // The site's own panel comes first; the map appears as it is scrolled to.
    await page.getByTestId('dive-site-map').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="dive-site-map"] [data-zoom="12"]').waitFor();
    await markers().first().click();
    const popup = page.locator('.leaflet-popup-content');
    await popup.waitFor();
    const text = await popup.innerText();
    for (const label of ['Region', 'Skill Level', 'Depth', 'Water Temp', 'Visibility', 'Best Time', 'Marine Life']) expect(text).toContain(label);
    expect(text).toContain(site.depthRange);
    expect(text).toContain('Featured Site');
    await expect(popup.getByRole('link', { name: 'Read Full Review' }).getAttribute('href')).resolves.toBe('/blog/fish-rock-cave-south-west-rocks');
    const video = popup.getByRole('link', { name: 'Watch Video' });
    await expect(video.getAttribute('href')).resolves.toBe('https://www.youtube.com/watch?v=fishrock1');
    await expect(video.getAttribute('target')).resolves.toBe('_blank');
    // The card links to the same review and video.
    const card = cards().first();
    await expect(card.getByRole('link', { name: 'Read Full Review' }).getAttribute('href')).resolves.toBe('/blog/fish-rock-cave-south-west-rocks');
    await expect(card.getByRole('link', { name: 'Watch Video' }).getAttribute('target')).resolves.toBe('_blank');
  });

  it('draws markers of SPEC size inside 24 px targets that the keyboard can open', async () => {
    await openList();
    const marker = markers().first();
    const box = await marker.boundingBox();
    expect([box?.width, box?.height]).toEqual([24, 24]);
    // Zoom 3, every shown site highlighted: 3 x max(1, 3 - 2) = 3 px.
    await expect(marker.locator('span').evaluate((dot) => dot.getBoundingClientRect().width)).resolves.toBe(3);
    await expect(marker.getAttribute('role')).resolves.toBe('button');
    await expect(marker.getAttribute('tabindex')).resolves.toBe('0');
    await marker.focus();
    await page.keyboard.press('Enter');
    await page.locator('.leaflet-popup-content').waitFor();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator('[data-testid="dive-site-map"] [data-zoom="4"]').waitFor();
    await page.waitForFunction(() => document.querySelector('.dive-site-marker span')?.getBoundingClientRect().width === 6);
    // The marker took its new size in place: the popup it opened is still open (with less motion asked
    // for, a closing popup is removed at once rather than faded out).
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom="4"]').waitFor();
    await expect(page.locator('.leaflet-popup').count()).resolves.toBe(1);
  });

  it('jumps instead of gliding (no zoom, fade or pan animation) for a visitor who asked for less motion', async () => {
    // The suite's pages ask for reduced motion (test/support/browser.ts); this one does not.
    const moving = await suite.open({ ...DESKTOP, reducedMotion: 'no-preference' });
    const animations = async (visitor: Page) => {
      await visitor.goto(`${t.baseUrl}/dive-sites`);
      await visitor.getByTestId('dive-site-map').scrollIntoViewIfNeeded();
      await visitor.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
      const drawn = await visitor.locator('.leaflet-container').evaluate((map) => ({
        fade: map.classList.contains('leaflet-fade-anim'),
        zoom: map.querySelector('.leaflet-proxy.leaflet-zoom-animated') !== null,
      }));
      // A popup that does not fit where it opens: the map moves to show it, gliding or not.
      await visitor.evaluate(() => {
        const pane = document.querySelector('.leaflet-map-pane')!;
        const seen = window as unknown as { glided?: boolean };
        new MutationObserver(() => (seen.glided ||= pane.classList.contains('leaflet-pan-anim'))).observe(pane, {
          attributes: true,
          attributeFilter: ['class'],
        });
      });
      const moves = visitor
        .locator('.leaflet-map-pane')
        .evaluate(
          (pane) =>
            new Promise<string>((resolve) =>
              new MutationObserver(() => resolve(pane.style.transform)).observe(pane, { attributes: true, attributeFilter: ['style'] }),
            ),
        );
      // The marker nearest the map's top edge inside it: its popup, which opens upwards, cannot fit, whatever
      // zoom and clusters the map settled on (the first marker's did not fit either in most runs, not all).
      const markers = visitor.locator('[data-testid="dive-site-map"] .dive-site-marker');
      const topmost = await markers.evaluateAll((all) => {
        const box = document.querySelector('.leaflet-container')!.getBoundingClientRect();
        const inside = all
          .map((marker, index) => ({ index, rect: marker.getBoundingClientRect() }))
          .filter(({ rect }) => rect.top >= box.top && rect.bottom <= box.bottom && rect.left >= box.left && rect.right <= box.right);
        return inside.reduce((best, marker) => (marker.rect.top < best.rect.top ? marker : best)).index;
      });
      await markers.nth(topmost).focus();
      await visitor.keyboard.press('Enter');
      await visitor.locator('.leaflet-popup-content').waitFor();
      await moves;
      return { ...drawn, pan: await visitor.evaluate(() => (window as unknown as { glided?: boolean }).glided ?? false) };
    };
    await expect(animations(page)).resolves.toEqual({ fade: false, zoom: false, pan: false });
    await expect(animations(moving)).resolves.toEqual({ fade: true, zoom: true, pan: true });
  });

  it('draws sites too close to tell apart at the zoom as one cluster, so that no target covers another, and opens it when chosen', async () => {
    await openList();
    await expectCount(all.length);
    const overlaps = () =>
      page.locator('[data-testid="dive-site-map"] :is(.dive-site-marker, .dive-site-cluster)').evaluateAll((targets) => {
        const boxes = targets.map((target) => target.getBoundingClientRect());
        return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)).length;
      });
    await expect(overlaps()).resolves.toBe(0);
    const cluster = clusters().first();
    await expect(cluster.getAttribute('role')).resolves.toBe('button');
    await cluster.focus();
    await page.keyboard.press('Enter');
    // Drawn again at the closer zoom, every site still counted once.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="dive-site-map"] [data-marked-zoom]')?.getAttribute('data-marked-zoom')) > 3);
    const clustered = (await clusters().allTextContents()).reduce((sum, count) => sum + Number(count), 0);
    expect(clustered + (await markers().count())).toBe(all.length);
    await expect(overlaps()).resolves.toBe(0);
  });

  it("shows a site name holding markup in the marker's tooltip as the text it is (stored HTML never renders)", async () => {
    const site = all.find((s) => s.name === 'Julian Rocks')!;
    const name = '<b>Bold</b> Reef <img src=/favicon.svg data-hostile>';
    await t.dataSource.getRepository(DiveSite).update(site.id, { name });
    try {
      await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
      await explorer();
      await page.getByTestId('dive-site-map').scrollIntoViewIfNeeded();
      const marker = page.locator(`[data-testid="dive-site-map"] .dive-site-marker[title="${name}"]`);
      await marker.hover();
      const tooltip = page.locator('.leaflet-tooltip');
      await tooltip.waitFor();
      await expect(tooltip.innerText()).resolves.toBe(name);
      await expect(tooltip.locator('b, img').count()).resolves.toBe(0);
    } finally {
      await t.dataSource.getRepository(DiveSite).update(site.id, { name: site.name });
    }
  });

  it('answers an unknown id with a 404 page whose search finds dive sites (issue 47)', async () => {
    const response = await page.goto(`${t.baseUrl}/dive-sites/999999`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Dive Site Not Found' }).waitFor();
    const search = page.getByRole('search', { name: 'Search dive sites' });
    await search.getByRole('searchbox').fill('Yongala');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/dive-sites\?search=Yongala/);
    await page.getByRole('link', { name: 'SS Yongala' }).first().waitFor();
  });

  it('is complete without JavaScript, and its filter form works without it', async () => {
    const noJs = await suite.open({ javaScriptEnabled: false });
    const listed = () => noJs.getByRole('region', { name: 'Dive sites', exact: true }).locator('article');
    await noJs.goto(`${t.baseUrl}/dive-sites`);
    expect(await listed().count()).toBe(CARD_PAGE_SIZE);
    // The 'Show more dive sites' link is a page of its own without JavaScript.
    await noJs.getByRole('link', { name: 'Show more dive sites' }).click();
    await noJs.waitForURL(`${t.baseUrl}/dive-sites?show=${2 * CARD_PAGE_SIZE}`);
    expect(await listed().count()).toBe(2 * CARD_PAGE_SIZE);
    await noJs.goto(`${t.baseUrl}/dive-sites?show=${all.length}`);
    expect(await listed().count()).toBe(MAX_CARDS_SHOWN);
    // Past the most one address shows, the link goes on to the next page, and back (issue 42, F5).
    await noJs.getByRole('link', { name: 'Show more dive sites' }).click();
    await noJs.waitForURL(`${t.baseUrl}/dive-sites?from=${MAX_CARDS_SHOWN}&show=${MAX_CARDS_SHOWN}`);
    expect(await listed().count()).toBe(Math.min(MAX_CARDS_SHOWN, all.length - MAX_CARDS_SHOWN));
    await noJs.getByRole('link', { name: 'Earlier dive sites' }).click();
    await noJs.waitForURL(`${t.baseUrl}/dive-sites?show=${MAX_CARDS_SHOWN}`);
    expect(await listed().count()).toBe(MAX_CARDS_SHOWN);
    await noJs.goto(`${t.baseUrl}/dive-sites?region=Tasmania&skill=all&depth=all&search=`);
    expect(await listed().count()).toBe(Math.min(CARD_PAGE_SIZE, all.filter((s) => s.region === 'Tasmania').length));
    const advanced = all.filter((s) => s.skillLevel === 'Advanced');
    expect(advanced.length).toBeGreaterThan(CARD_PAGE_SIZE);
    await noJs.goto(`${t.baseUrl}/dive-sites?skill=Advanced`);
    await noJs.getByRole('link', { name: 'Show more dive sites' }).click();
    await noJs.waitForURL(`${t.baseUrl}/dive-sites?skill=Advanced&show=${2 * CARD_PAGE_SIZE}`);
    expect(await listed().count()).toBe(Math.min(2 * CARD_PAGE_SIZE, advanced.length));
  });
});

describe('/dive-sites/{id} analytics', () => {
  let tracked: TestApp;

  beforeAll(async () => {
    tracked = await startTestApp({ ANALYTICS_ID: 'G-TEST123' });
  });

  afterAll(() => tracked?.close());

  it("records 'view_dive_site_filtered' in the 'dive_sites' category", async () => {
    const site = all.find((s) => s.name === 'Julian Rocks')!;
    await page.goto(`${tracked.baseUrl}/dive-sites/${site.id}`);
    await explorer();
    const events = await page.waitForFunction(() => {
      // gtag.js commands are Arguments objects in the data layer.
      const layer = ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry));
      return layer.find((entry) => entry[1] === 'view_dive_site_filtered') ?? null;
    });
    expect(await events.jsonValue()).toEqual(['event', 'view_dive_site_filtered', { category: 'dive_sites', label: 'Julian Rocks', value: site.id }]);
  });
});
