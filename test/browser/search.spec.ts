import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite();
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
  await page.setViewportSize({ width: 1280, height: 900 });
});

/**
 * Holds the search island's code until the returned function is called: whatever the visitor does
 * meanwhile happens before hydration, as on a slow connection.
 */
async function holdSearchCode(on: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await on.route(/\/assets\/chunks\/SearchBox-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (on: Page) => on.locator('[data-island="SearchBox"][data-hydrated="true"]').first().waitFor();

describe('header search without JavaScript', () => {
  it('submits to /search, which lists the results grouped by type with their count, and each result opens its page', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    try {
      const noScript = await context.newPage();
      await noScript.goto(`${t.baseUrl}/about`);
      const box = noScript.getByRole('search', { name: 'Site search' }).getByRole('combobox');
      await box.fill('Julian Rocks');
      await box.press('Enter');
      await noScript.waitForURL(`${t.baseUrl}/search?q=Julian+Rocks`);
      await noScript.getByText(/^\d+ results found$/).waitFor();
      const groups = await noScript.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
      expect(groups.filter((group) => group === 'Articles' || group === 'Dive Sites')).toEqual(['Articles', 'Dive Sites']);
      const sites = noScript.getByRole('region', { name: 'Dive Sites' }).getByRole('link');
      expect(await sites.count()).toBeLessThanOrEqual(3);
      await expect(noScript.getByRole('searchbox', { name: 'Search articles, dive sites and gear' }).inputValue()).resolves.toBe('Julian Rocks');
      await noScript
        .getByRole('region', { name: 'Articles' })
        .getByRole('link', { name: /Julian Rocks/ })
        .first()
        .click();
      await noScript.waitForURL(`${t.baseUrl}/blog/julian-rocks-byron-bay-through-the-seasons`);

      await noScript.goto(`${t.baseUrl}/search?q=z`);
      await noScript.getByText('Type at least 2 characters to search').waitFor();
      await noScript.goto(`${t.baseUrl}/search?q=zzqqxx`);
      await noScript.getByText('No results found for "zzqqxx"').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('header search as a combobox', () => {
  it('opens on the first click of a fresh page, with the hint, before its code has even arrived', async () => {
    const release = await holdSearchCode(page);
    await page.goto(`${t.baseUrl}/about`);
    const box = page.getByRole('combobox', { name: 'Search articles, dive sites and gear' });
    await box.click();
    release();
    await page.getByText('Type at least 2 characters to search').waitFor();
    await expect(box.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    // The hint is no list: the combobox stays collapsed until there are results.
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('searches what was typed before hydration, moves through the results with the arrow keys and opens one with Enter', async () => {
    const release = await holdSearchCode(page);
    await page.goto(`${t.baseUrl}/about`);
    const box = page.getByRole('combobox', { name: 'Search articles, dive sites and gear' });
    await box.focus();
    await page.keyboard.type('Julian Rocks');
    release();
    await hydrated(page);
    await page.getByText(/^\d+ results found$/).waitFor();
    await expect(box.inputValue()).resolves.toBe('Julian Rocks');
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await expect(box.getAttribute('aria-controls')).resolves.toBe(await listbox.getAttribute('id'));
    const options = listbox.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect(second.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(await second.getAttribute('id'));
    await box.press('ArrowUp');
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await box.press('ArrowUp');
    const last = options.last();
    await expect(last.getAttribute('aria-selected')).resolves.toBe('true');
    const href = await last.getAttribute('href');
    await box.press('Enter');
    await page.waitForURL(`${t.baseUrl}${href}`);
  });

  it('closes and clears with Escape, and Enter with no result chosen goes to the results page', async () => {
    await page.goto(`${t.baseUrl}/about`);
    const box = page.getByRole('combobox', { name: 'Search articles, dive sites and gear' });
    await box.focus();
    await hydrated(page);
    await box.fill('reef');
    await page.getByText(/^\d+ results? found$/).waitFor();
    await box.press('Escape');
    await page.getByRole('listbox', { name: 'Search results' }).waitFor({ state: 'hidden' });
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(box.inputValue()).resolves.toBe('');
    expect(await page.getByText(/results? found/).count()).toBe(0);

    await box.fill('wreck');
    await page.getByText(/^\d+ results? found$/).waitFor();
    await box.press('Enter');
    await page.waitForURL(`${t.baseUrl}/search?q=wreck`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
  });
});

describe('header panels on a small screen', () => {
  it('closes the menu when the search opens and the search when the menu opens', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${t.baseUrl}/about`);
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const search = page.locator('#search-mobile');
    await page.locator('summary[aria-label="Menu"]').click();
    expect(await menu.isVisible()).toBe(true);

    await page.locator('summary[aria-label="Search"]').click();
    expect(await search.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    // Opening the panel puts the caret in the box: the visitor types at once.
    await page.waitForFunction(() => document.activeElement?.id === 'search-mobile');
    await page.getByText('Type at least 2 characters to search').waitFor();
    await page.keyboard.type('yongala');
    await page
      .getByRole('option', { name: /SS Yongala/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    await page.locator('summary[aria-label="Menu"]').click();
    expect(await menu.isVisible()).toBe(true);
    expect(await search.isVisible()).toBe(false);
    // The menu's links are the topmost element where they show: nothing of the search lies over them.
    const link = menu.getByRole('link', { name: 'Contact' });
    await link.click({ trial: true });
    await link.click();
    await page.waitForURL(`${t.baseUrl}/contact`);
  });
});
