import type { Page } from 'playwright-core';
import { seasonMonths } from 'core/dive-sites/season';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ page: false });
let t: TestApp;
let yongala: DiveSite;

beforeAll(async () => {
  t = suite.t;
  yongala = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
});

async function open(javaScriptEnabled: boolean): Promise<Page> {
  const page = await suite.open({ ...DESKTOP, javaScriptEnabled });
  await page.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
  return page;
}

async function expectPanelAsAVisitorSeesIt(page: Page) {
  const panel = page.getByTestId('site-panel');
  await panel.scrollIntoViewIfNeeded();
  // The name once, as the page's heading above the panel (issue 47).
  await expect(page.getByRole('heading', { level: 1, name: 'SS Yongala' }).isVisible()).resolves.toBe(true);
  await expect(panel.getByRole('heading', { name: 'SS Yongala' }).count()).resolves.toBe(0);
  const crumbs = panel.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.innerText()).resolves.toMatch(/Dive Sites\s*\/\s*Townsville & Whitsundays\s*\/\s*SS Yongala/);
  await expect(panel.getByRole('link', { name: yongala.region }).first().getAttribute('href')).resolves.toBe(
    `/dive-sites?region=${encodeURIComponent(yongala.region)}`,
  );
  await expect(panel.getByTestId('coordinates').innerText()).resolves.toBe(`${Number(yongala.latitude)}, ${Number(yongala.longitude)}`);
  await expect(panel.getByText(yongala.description).isVisible()).resolves.toBe(true);

  // The season strip: twelve months, the best ones marked as the text says.
  const strip = panel.getByRole('list', { name: 'Best months' });
  await expect(strip.isVisible()).resolves.toBe(true);
  const marks = await strip.getByRole('listitem').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.mark));
  expect(marks).toEqual(seasonMonths(yongala.bestTime));

  await expect(panel.getByTestId('safety-brief').innerText()).resolves.toContain('Townsville University Hospital');
  const nearby = panel.getByTestId('nearby-sites').getByRole('link');
  expect(await nearby.count()).toBeGreaterThan(0);
  return nearby;
}

describe('a dive site page as a visitor sees it', () => {
  it('with JavaScript on: the panel, the season strip, nearby links that lead to their pages, the copy button and the ratings', async () => {
    const page = await open(true);
    const nearby = await expectPanelAsAVisitorSeesIt(page);
    // The ratings hydrate as the visitor scrolls to them.
    await page.getByRole('region', { name: 'Ratings & Reviews' }).scrollIntoViewIfNeeded();
    await page.locator('[data-island="SiteRatings"][data-hydrated="true"]').waitFor();
    await page.getByRole('region', { name: 'Ratings & Reviews' }).getByText('No ratings yet').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    const name = await nearby.first().innerText();
    await nearby.first().click();
    await page.waitForURL(/\/dive-sites\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(name);
    await page.context().close();
  });

  it('with JavaScript off: the same panel, strip and nearby links, no copy button that could not work', async () => {
    const page = await open(false);
    const nearby = await expectPanelAsAVisitorSeesIt(page);
    await page.getByRole('region', { name: 'Ratings & Reviews' }).getByText('No ratings yet').waitFor();
    expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    const name = await nearby.first().innerText();
    await nearby.first().click();
    await page.waitForURL(/\/dive-sites\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(name);
    await page.context().close();
  });
});

describe('in-page links on a site page (issue 47)', () => {
  it.each([
    ['Safety brief', 'site-safety'],
    ['Ratings & reviews', 'site-ratings'],
    ['Map and other sites', 'site-explorer'],
  ])("'%s' lands its section below the sticky header, its heading in view", async (link, id) => {
    const page = await open(true);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: link }).click();
    await page.waitForFunction((target) => location.hash === `#${target}`, id);
    // Smooth scrolling: wait until the target stops moving.
    await page.waitForFunction(
      (target) =>
        new Promise<boolean>((resolve) => {
          const top = document.getElementById(target)!.getBoundingClientRect().top;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.abs(document.getElementById(target)!.getBoundingClientRect().top - top) < 1)));
        }),
      id,
    );
    const [headerBottom, targetTop] = await page.evaluate(
      (target) => [document.querySelector('header')!.getBoundingClientRect().bottom, document.getElementById(target)!.getBoundingClientRect().top],
      id,
    );
    expect(targetTop).toBeGreaterThanOrEqual(headerBottom);
    await page.close();
  });

  it('offers maps links that open on every platform, not a geo: link', async () => {
    const page = await open(false);
    const place = page.getByTestId('site-panel');
    const [lat, lon] = [Number(yongala.latitude), Number(yongala.longitude)];
    expect(await place.getByRole('link', { name: 'Google Maps' }).getAttribute('href')).toBe(`https://www.google.com/maps/search/?api=1&query=${lat},${lon}`);
    expect(await place.getByRole('link', { name: 'Apple Maps' }).getAttribute('href')).toBe(`https://maps.apple.com/?ll=${lat},${lon}&q=SS%20Yongala`);
    expect(await page.locator('a[href^="geo:"]').count()).toBe(0);
    await page.close();
  });
});
