import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { CARD_PAGE_SIZE } from 'core/dive-sites/filters';
import { FIT_MAX_ZOOM } from 'client/lib/dive-sites/map';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { waitForSitesInView } from '../support/map-browser';
import type { TestApp } from '../support/test-app';

/**
 * Issue 47, item 3: the map follows the search (it fits whatever is filtered), a desktop's list beside a
 * sticky map whose marker a card marks, a phone's Map/List switch and filters sheet, popups that fit a
 * phone's map, and a 'Skip the map' link.
 */
const suite = browserSuite({ context: DESKTOP });
let t: TestApp;
let page: Page;
let all: DiveSite[];

const PHONE = { width: 360, height: 740 };
const SYDNEY = 'Sydney & Central New South Wales';

beforeAll(async () => {
  all = await suite.t.dataSource.getRepository(DiveSite).find();
});
beforeEach(() => ({ t, page } = suite));

const cards = (on = page) => on.getByRole('region', { name: 'Dive sites', exact: true }).locator('article');
const map = (on = page) => on.locator('[data-testid="dive-site-map"] [data-zoom]');

async function open(on: Page, path = '/dive-sites') {
  await on.goto(`${t.baseUrl}${path}`);
  await on.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
}

const shown = (on: Page, count: number) => on.getByText(`Showing ${count} of ${all.length} dive sites`).waitFor();

/** The area in square degrees of a box, and of the box around every site (as the map draws them). */
const area = (box: { south: number; west: number; north: number; east: number }) => (box.north - box.south) * (box.east - box.west);
function everySiteArea() {
  const lats = all.map((s) => Number(s.latitude));
  const lngs = all.map((s) => (Number(s.longitude) < -30 ? Number(s.longitude) + 360 : Number(s.longitude)));
  return (Math.max(...lats) - Math.min(...lats)) * (Math.max(...lngs) - Math.min(...lngs));
}

async function violations(on: Page): Promise<string[]> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(axe.source);
  return on.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}

describe('the map follows the search (issue 47)', () => {
  it("fits a region's sites: 'Sydney' shows Sydney, not the Indo-Pacific, and no closer than a coast", async () => {
    await open(page);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    await page.getByLabel('Region').selectOption(SYDNEY);
    const sydney = all.filter((s) => s.region === SYDNEY);
    await shown(page, sydney.length);
    const box = await waitForSitesInView(page, sydney);
    expect(area(box)).toBeLessThan(everySiteArea() / 100);
    expect(Number(await map().getAttribute('data-zoom'))).toBeLessThanOrEqual(FIT_MAX_ZOOM);
    // No site of another region far away is in view (Darwin, Fiji, Tasmania).
    const far = all.filter((s) => ['Northern Territory', 'Fiji', 'Tasmania'].includes(s.region));
    expect(
      far.filter(
        (s) => Number(s.latitude) >= box.south && Number(s.latitude) <= box.north && Number(s.longitude) >= box.west && Number(s.longitude) <= box.east,
      ),
    ).toEqual([]);
  });

  it('fits a skill level, alone and within a region, and a search keeps SPEC’s recentre around its matches', async () => {
    await open(page);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    await page.getByLabel('Skill Level').selectOption('Advanced');
    const advanced = all.filter((s) => s.skillLevel === 'Advanced');
    await shown(page, advanced.length);
    await waitForSitesInView(page, advanced);

    await page.getByLabel('Region').selectOption('Tasmania');
    const tasmanian = advanced.filter((s) => s.region === 'Tasmania');
    expect(tasmanian.length).toBeGreaterThan(1);
    await shown(page, tasmanian.length);
    const box = await waitForSitesInView(page, tasmanian);
    expect(area(box)).toBeLessThan(everySiteArea() / 50);

    // A search: SPEC's mean position at zoom 8, its matches in view.
    await page.getByLabel('Region').selectOption('all');
    await page.getByLabel('Skill Level').selectOption('all');
    await page.getByLabel('Search dive sites').fill('julian rocks');
    const julian = all.filter((s) => [s.name, s.description, s.region, s.marineLife ?? ''].some((text) => text.toLowerCase().includes('julian rocks')));
    await shown(page, julian.length);
    await page.waitForFunction(() => document.querySelector('[data-testid="dive-site-map"] [data-zoom]')?.getAttribute('data-zoom') === '8');
    const searched = await waitForSitesInView(page, julian);
    expect(area(searched)).toBeLessThan(everySiteArea() / 100);
  });

  it('fits a depth band, a kind of site and an access, each within a region', async () => {
    await open(page);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    const deepest = (site: DiveSite) => Math.max(...(site.depthRange.match(/\d+(?:\.\d+)?/g) ?? ['0']).map(Number));
    const cases: { label: string; value: string; region: string; matches: (site: DiveSite) => boolean }[] = [
      { label: 'Depth', value: 'deep', region: SYDNEY, matches: (site) => deepest(site) > 20 },
      { label: 'Kind of Site', value: 'wreck', region: 'Victoria', matches: (site) => site.kind === 'wreck' },
      { label: 'Access', value: 'shore', region: 'Tasmania', matches: (site) => site.access === 'shore' || site.access === 'both' },
    ];
    for (const { label, value, region, matches } of cases) {
      await page.getByLabel('Region').selectOption(region);
      await page.getByLabel(label).selectOption(value);
      const expected = all.filter((site) => site.region === region && matches(site));
      expect({ label, count: expected.length > 1 }).toEqual({ label, count: true });
      await shown(page, expected.length);
      const box = await waitForSitesInView(page, expected);
      expect({ label, small: area(box) < everySiteArea() / 50 }).toEqual({ label, small: true });
      await page.getByLabel(label).selectOption('all');
    }
  });
});

describe('on a desktop', () => {
  it('lists the sites beside a map that stays in view, and marks the site of a hovered or focused card', async () => {
    await open(page, `/dive-sites?region=${encodeURIComponent(SYDNEY)}`);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    const mapBox = (await page.getByTestId('dive-site-map').boundingBox())!;
    const listBox = (await page.getByRole('region', { name: 'Dive sites', exact: true }).boundingBox())!;
    expect(mapBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);

    const first = cards().first();
    const name = await first.locator('h2').innerText();
    const site = all.find((s) => s.name === name)!;
    await first.hover();
    const mark = page.locator(`[data-testid="dive-site-map"] .dive-site-pointed[data-site-id="${site.id}"]`);
    await mark.waitFor();
    const at = (await mark.boundingBox())!;
    expect(at.x).toBeGreaterThanOrEqual(mapBox.x);
    expect(at.x + at.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);

    // The keyboard too: a card's link focused marks its site instead.
    const second = cards().nth(1);
    const secondName = await second.locator('h2').innerText();
    const other = all.find((s) => s.name === secondName)!;
    await page.mouse.move(0, 0);
    await second.locator('h2 a').focus();
    await page.locator(`.dive-site-pointed[data-site-id="${other.id}"]`).waitFor();
    expect(await page.locator('.dive-site-pointed').count()).toBe(1);

    // Scrolled down the list, the map is still in view beside it.
    await page.evaluate(() => window.scrollBy(0, 800));
    const after = (await page.getByTestId('dive-site-map').boundingBox())!;
    expect(after.y).toBeGreaterThanOrEqual(0);
    expect(after.y).toBeLessThan(200);
  });

  it("offers 'Skip the map' before the map, which moves the focus past its markers to the filters and the list", async () => {
    await open(page);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    const skip = page.getByRole('link', { name: 'Skip the map' });
    // Before every marker in the page's order.
    await expect(
      skip.evaluate((link) => {
        const marker = document.querySelector('[data-testid="dive-site-map"] .dive-site-marker, [data-testid="dive-site-map"] .dive-site-cluster')!;
        return Boolean(link.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).resolves.toBe(true);
    // Reached with Tab from the top of the page, shown when focused.
    for (let i = 0; i < 60 && !(await skip.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(skip.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('dive-site-results');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('dive-site-search');
  });

  it('has no axe violation with the map drawn and a card marking its site', async () => {
    await open(page);
    await page.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    await cards().first().hover();
    await page.locator('.dive-site-pointed').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

describe('on a phone', () => {
  it("shows the results in the first screen, the filters in a sheet ('Filters · 2', 'Show N sites'), and the map on request", async () => {
    const phone = await suite.open({ viewport: PHONE });
    await open(phone);
    // The first card begins in the first screen, its name in view.
    const firstCard = (await cards(phone).first().boundingBox())!;
    const firstName = (await cards(phone).first().locator('h2').boundingBox())!;
    expect(firstName.y + firstName.height).toBeLessThan(PHONE.height);
    const form = phone.getByRole('search', { name: 'Filter dive sites' });
    expect(await form.isVisible()).toBe(false);
    expect(await phone.getByTestId('dive-site-map').isVisible()).toBe(false);
    // 'Sort by' sits with the list, below the filters' button.
    const sort = (await phone.getByRole('navigation', { name: 'Sort dive sites' }).boundingBox())!;
    expect(firstCard.y - (sort.y + sort.height)).toBeLessThan(200);

    await phone.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    expect(await violations(phone)).toEqual([]);
    await sheet.getByLabel('Region').selectOption(SYDNEY);
    await sheet.getByLabel('Access').selectOption('shore');
    const expected = all.filter((s) => s.region === SYDNEY && ['shore', 'both'].includes(s.access));
    expect(expected.length).toBeGreaterThan(1);
    const show = sheet.getByRole('button', { name: `Show ${expected.length} sites` });
    await show.waitFor();
    // Sticky: the button is on screen while the form is longer than it.
    const at = (await show.boundingBox())!;
    expect(at.y + at.height).toBeLessThanOrEqual(PHONE.height);
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Filters · 2' }).waitFor();
    await shown(phone, expected.length);
    expect(await cards(phone).count()).toBe(Math.min(expected.length, CARD_PAGE_SIZE));
    expect(await cards(phone).first().isVisible()).toBe(true);

    // The map instead of the list, fitted to the filtered sites.
    await phone.getByRole('button', { name: 'Map' }).click();
    await phone.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    expect(await cards(phone).first().isVisible()).toBe(false);
    await waitForSitesInView(phone, expected);
    expect(await violations(phone)).toEqual([]);
    // Two axe runs and a map on a busy machine: longer than jest's 30 s default.
  }, 90_000);

  it("opens a popup inside a 360 px map, the site's name whole", async () => {
    const phone = await suite.open({ viewport: PHONE });
    await open(phone, `/dive-sites?region=${encodeURIComponent(SYDNEY)}`);
    await phone.getByRole('button', { name: 'Map' }).click();
    await phone.locator('[data-testid="dive-site-map"] [data-marked-zoom]').waitFor();
    for (let index = 0; index < 3; index++) {
      await phone.evaluate((index) => {
        const box = document.querySelector('[data-testid="dive-site-map"]')!.getBoundingClientRect();
        const inside = [...document.querySelectorAll<HTMLElement>('[data-testid="dive-site-map"] .dive-site-marker')].filter((marker) => {
          const at = marker.getBoundingClientRect();
          return at.left >= box.left && at.right <= box.right && at.top >= box.top && at.bottom <= box.bottom;
        });
        inside[index % inside.length].click();
      }, index);
      const popup = phone.locator('.leaflet-popup-content');
      await popup.getByText('Skill Level').waitFor();
      // Panned into view (with less motion asked for, at once): the popup and its title lie inside the map.
      await phone.waitForFunction(() => {
        const box = document.querySelector('[data-testid="dive-site-map"] [data-zoom]')!.getBoundingClientRect();
        const inside = (element: Element | null) => {
          const at = element?.getBoundingClientRect();
          return !!at && at.left >= box.left && at.right <= box.right && at.top >= box.top && at.bottom <= box.bottom;
        };
        return inside(document.querySelector('.leaflet-popup-content-wrapper')) && inside(document.querySelector('.leaflet-popup-content h3'));
      });
      await expect(popup.locator('h3').evaluate((title) => title.scrollWidth <= title.clientWidth)).resolves.toBe(true);
      await phone.locator('.leaflet-popup-close-button').click();
      await popup.waitFor({ state: 'detached' });
    }
  });

  it('keeps the filters a plain visible form without JavaScript', async () => {
    const noJs = await suite.open({ viewport: PHONE, javaScriptEnabled: false });
    await noJs.goto(`${t.baseUrl}/dive-sites`);
    expect(await noJs.getByRole('search', { name: 'Filter dive sites' }).isVisible()).toBe(true);
    expect(await noJs.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(false);
    await noJs.getByLabel('Region').selectOption(SYDNEY);
    await noJs.getByRole('button', { name: 'Apply filters' }).click();
    await noJs.waitForURL(/region=Sydney/);
    expect(await cards(noJs).count()).toBe(Math.min(CARD_PAGE_SIZE, all.filter((s) => s.region === SYDNEY).length));
  });
});
