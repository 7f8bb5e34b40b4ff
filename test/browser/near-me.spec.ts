import type { Page } from 'playwright-core';
import { greatCircleKm } from 'core/geo';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { NEAR_ME_DENIED, distanceText } from 'client/islands/dive-sites/NearMe';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ page: false });
let t: TestApp;

/** A boat off Townsville, between Magnetic Island and the Yongala. */
const AT_SEA = { latitude: -19.2, longitude: 147.2 };

beforeAll(() => {
  t = suite.t;
});

const EVERY_SITE = /\/api\/dive-sites\/map$/;
const cards = (page: Page) => page.getByRole('region', { name: 'Dive sites', exact: true }).locator('article');

describe("'Near me'", () => {
  it('sorts the listed sites by distance from the browser, with the distance on each card, without asking the server', async () => {
    const page = await suite.open({ ...DESKTOP, geolocation: AT_SEA, permissions: ['geolocation'] });
    // The compact list of every site, whose coordinates the sort reads.
    const everySite = page.waitForResponse(EVERY_SITE);
    await page.goto(`${t.baseUrl}/dive-sites`);
    await everySite;
    const sites = await t.dataSource.getRepository(DiveSite).find();
    const nearest = sites
      .map((site) => ({ name: site.name, km: greatCircleKm(AT_SEA.latitude, AT_SEA.longitude, Number(site.latitude), Number(site.longitude)) }))
      .sort((a, b) => a.km - b.km);
    await page.getByText(`Showing ${sites.length} of ${sites.length} dive sites`).waitFor();
    // Nothing about the position reaches the server: the sort runs on the sites the page has.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText('Sorted by distance from you').waitFor();
    await expect(cards(page).first().locator('h2').innerText()).resolves.toBe(nearest[0].name);
    await expect(cards(page).nth(1).locator('h2').innerText()).resolves.toBe(nearest[1].name);
    await expect(cards(page).first().getByTestId('site-distance').innerText()).resolves.toBe(`${distanceText(nearest[0].km)} from you`);
    // (The cards of the nearest sites may be fetched by id; the map, scrolled into view, may load.)
    expect(asked.filter((url) => url.startsWith(`${t.baseUrl}/api/`) && !/\/api\/dive-sites\/(cards\?|map$)/.test(url))).toEqual([]);
    expect(asked.filter((url) => url.includes('147.2') || url.includes('-19.2'))).toEqual([]);
    // Pressed again, the list is by name again.
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(cards(page).first().getByTestId('site-distance').count()).resolves.toBe(0);
  });

  it("works offline on a site's page: its listed sites sorted, with their distance", async () => {
    const yongala = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
    const page = await suite.open({ ...DESKTOP, geolocation: AT_SEA, permissions: ['geolocation'] });
    const everySite = page.waitForResponse(EVERY_SITE);
    await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    // The explorer below the site's panel hydrates, and fetches every site, as the visitor scrolls to it.
    await page.locator('#site-explorer').scrollIntoViewIfNeeded();
    await everySite;
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Near me' }).click();
    const km = greatCircleKm(AT_SEA.latitude, AT_SEA.longitude, Number(yongala.latitude), Number(yongala.longitude));
    const card = cards(page).filter({ has: page.getByRole('heading', { name: 'SS Yongala' }) });
    await expect(card.getByTestId('site-distance').innerText()).resolves.toBe(`${distanceText(km)} from you`);
  });

  it('says clearly when the position is refused', async () => {
    const page = await suite.open(DESKTOP);
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.context().clearPermissions();
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText(NEAR_ME_DENIED).waitFor();
    await expect(cards(page).first().getByTestId('site-distance').count()).resolves.toBe(0);
  });

  it('is not shown without JavaScript (it needs the browser)', async () => {
    const page = await suite.open({ javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/dive-sites`, { waitUntil: 'domcontentloaded' });
    await cards(page).first().waitFor();
    await expect(page.getByRole('button', { name: 'Near me' }).count()).resolves.toBe(0);
  });
});
