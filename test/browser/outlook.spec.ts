import type { Page } from 'playwright-core';
import type { ConditionsResponse } from 'core/api/conditions';
import { OUTLOOK_LABELS } from 'core/outlook/rules';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ForecastService } from 'src/forecast/forecast.service';
import { DIVIDING_SEA, forecastStandInForSuite } from '../support/forecast-stand-in';
import { browserSuite } from '../support/browser-suite';

/**
 * Issue 46, item 6, as a visitor meets it: the outlook badge on the cards and in the map popups, the outlook
 * filter with and without JavaScript, and 'Where to dive this weekend' on the home page and a region's
 * page, all from a forecast stored from the stand-in of Open-Meteo.
 */
const env: Record<string, string> = {};
const forecast = forecastStandInForSuite(env, DIVIDING_SEA);
const suite = browserSuite({ env, overrides: [forecast.override] });

beforeAll(async () => {
  expect(await suite.t.app.get(ForecastService).refreshAll()).toMatchObject({ failed: 0 });
});

const conditions = (id: number): Promise<ConditionsResponse> => suite.t.app.get(ForecastService).conditions(id);
const todayLabel = async (id: number) => OUTLOOK_LABELS[(await conditions(id)).days[0].outlook.rating ?? 'unjudged'];
const idOf = (href: string | null) => Number(href?.split('/').pop());

async function apiCount(query: string): Promise<number> {
  const response = await fetch(`${suite.t.baseUrl}/api/dive-sites?limit=1&${query}`);
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-total-count'));
}

const shownCount = async (page: Page) => Number((await page.getByTestId('dive-site-count').innerText()).match(/^Showing (\d+) of/)?.[1]);

it("each card says its site's outlook today, as the site's own conditions do", async () => {
  const { page } = suite;
  await page.goto(`${suite.t.baseUrl}/dive-sites`);
  const cards = page.locator('#site-explorer article');
  expect(await cards.count()).toBeGreaterThan(5);
  for (let i = 0; i < 6; i++) {
    const card = cards.nth(i);
    const id = idOf(await card.locator('h2 a').getAttribute('href'));
    expect(await card.getByTestId('site-outlook').innerText()).toBe(`Outlook today: ${await todayLabel(id)}`);
  }
});

it("a map popup says the site's outlook today", async () => {
  const { page } = suite;
  const site = await suite.t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Fish Rock Cave' });
  await page.goto(`${suite.t.baseUrl}/dive-sites/${site.id}`);
  await page.locator('#site-explorer').scrollIntoViewIfNeeded();
  await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
  await page.getByTestId('dive-site-map').scrollIntoViewIfNeeded();
  await page.locator('[data-testid="dive-site-map"] [data-zoom="12"]').waitFor();
  await page.locator('[data-testid="dive-site-map"] .dive-site-marker').first().click();
  const popup = page.locator('.leaflet-popup-content');
  await popup.getByText('Skill Level').waitFor();
  expect(await popup.getByTestId('popup-outlook').innerText()).toBe(`Outlook today: ${await todayLabel(site.id)}`);
});

it('filters by outlook and day without JavaScript: the form lands on ?outlook=good&day=saturday', async () => {
  const page = await suite.open({ javaScriptEnabled: false });
  await page.goto(`${suite.t.baseUrl}/dive-sites`);
  await page.getByLabel('Outlook').selectOption('good');
  await page.getByLabel('Day').selectOption('saturday');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/\/dive-sites\?outlook=good&day=saturday$/);
  const expected = await apiCount('outlook=good&day=saturday');
  expect(expected).toBeGreaterThan(0);
  expect(await shownCount(page)).toBe(expected);
  expect(await page.getByLabel('Outlook').inputValue()).toBe('good');
  expect(await page.getByLabel('Day').inputValue()).toBe('saturday');
});

it('filters by outlook and day in the explorer, and writes the address', async () => {
  const { page } = suite;
  await page.goto(`${suite.t.baseUrl}/dive-sites`);
  await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
  const all = await shownCount(page);
  await page.getByLabel('Outlook').selectOption('fair');
  await page.getByLabel('Day').selectOption('sunday');
  await page.waitForURL(/\/dive-sites\?outlook=fair&day=sunday$/);
  const expected = await apiCount('outlook=fair&day=sunday');
  expect(expected).toBeLessThan(all);
  await page.waitForFunction((count) => document.querySelector('[data-testid="dive-site-count"]')?.textContent?.startsWith(`Showing ${count} of`), expected);
  // Good only is fewer (or as many) again.
  await page.getByLabel('Outlook').selectOption('good');
  const good = await apiCount('outlook=good&day=sunday');
  await page.waitForFunction((count) => document.querySelector('[data-testid="dive-site-count"]')?.textContent?.startsWith(`Showing ${count} of`), good);
  expect(good).toBeLessThanOrEqual(expected);
});

async function weekendList(page: Page): Promise<{ id: number; ratings: string[] }[]> {
  const block = page.getByRole('region', { name: 'Where to dive this weekend' });
  await block.waitFor();
  return block.locator('ol > li').evaluateAll((items) =>
    items.map((item) => ({
      id: Number(item.querySelector('a')!.getAttribute('href')!.split('/').pop()),
      ratings: [...item.querySelectorAll('[data-testid="weekend-outlook"]')].map((badge) => badge.textContent ?? ''),
    })),
  );
}

const rank = (text: string) => ['Good', 'Fair', 'Poor', 'Not judged'].indexOf(text.split(': ')[1]);

it("the home page lists where to dive this weekend, best first, each with its site's own weekend outlook (without JavaScript too)", async () => {
  const page = await suite.open({ javaScriptEnabled: false });
  await page.goto(`${suite.t.baseUrl}/`);
  const listed = await weekendList(page);
  expect(listed.length).toBeGreaterThan(0);
  const best = listed.map((site) => Math.min(...site.ratings.map(rank)));
  expect(best.every((value) => value <= 1)).toBe(true);
  expect([...best].sort((a, b) => a - b)).toEqual(best);
  // Each badge is what the site's own conditions say of that day.
  for (const site of listed.slice(0, 4)) {
    const days = (await conditions(site.id)).days;
    for (const text of site.ratings) {
      const [weekday, label] = text.split(': ');
      const day = days.find((entry) => new Date(`${entry.date}T12:00:00Z`).toLocaleDateString('en-AU', { weekday: 'long', timeZone: 'UTC' }) === weekday);
      expect(label).toBe(OUTLOOK_LABELS[day?.outlook.rating ?? 'unjudged']);
    }
  }
});

it.each([
  ['the home page', '/', null],
  ["a region's page", `/dive-sites?region=${encodeURIComponent('Sydney & Central New South Wales')}`, 'Sydney & Central New South Wales'],
])("%s: 'Near me' sorts the weekend's sites by outlook, then by distance (a region's page lists its own sites only)", async (_, path, region) => {
  const context = await suite.browser.newContext({ geolocation: { latitude: -33.8, longitude: 151.28 }, permissions: ['geolocation'] });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  try {
    await page.goto(`${suite.t.baseUrl}${path}`);
    const listed = await weekendList(page);
    expect(listed.length).toBeGreaterThan(1);
    if (region) {
      const regions = await suite.t.dataSource.query(`SELECT DISTINCT region FROM dive_sites WHERE id = ANY($1)`, [listed.map((site) => site.id)]);
      expect(regions).toEqual([{ region }]);
    }
    const block = page.getByRole('region', { name: 'Where to dive this weekend' });
    await block.scrollIntoViewIfNeeded();
    await page.locator('[data-island="WeekendSites"][data-hydrated="true"]').waitFor();
    await block.getByRole('button', { name: 'Near me' }).click();
    await block.getByText('from you').first().waitFor();
    const rows = await block.locator('ol > li').evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.querySelector('a')!.getAttribute('href')!.split('/').pop()),
        distance: [...item.querySelectorAll('p')].map((p) => p.textContent ?? '').find((text) => text.endsWith('from you')) ?? '',
        ratings: [...item.querySelectorAll('[data-testid="weekend-outlook"]')].map((badge) => badge.textContent ?? ''),
      })),
    );
    // The same sites, each with its distance.
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(listed.map((site) => site.id).sort((a, b) => a - b));
    expect(rows.every((row) => row.distance.endsWith('from you'))).toBe(true);
    // The outlook still first: the best rating of each site never gets better down the list.
    const best = rows.map((row) => Math.min(...row.ratings.map(rank)));
    expect([...best].sort((a, b) => a - b)).toEqual(best);
    // Within the same outlook, the nearer first.
    const km = (text: string) => (text.includes(' km') ? 1 : 0.001) * Number(text.split(' ')[0].replace(/,/g, ''));
    for (let i = 1; i < rows.length; i++)
      if (rows[i].ratings.join() === rows[i - 1].ratings.join()) expect(km(rows[i].distance)).toBeGreaterThanOrEqual(km(rows[i - 1].distance));
  } finally {
    await context.close();
  }
});
