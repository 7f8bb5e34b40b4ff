import type { Page } from 'playwright-core';
import { offlineContext, openDashboard, openSection } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import { eachDashboardTab, hydrateIslands, publicPages, seedAdminRows } from '../support/page-tour';
import type { TestApp } from '../support/test-app';
import { axeViolations as violations } from '../support/axe';

/**
 * axe-core (the npm package, injected into each page) finds no WCAG 2.2 AA or best-practice violation on
 * any public page type, as served and once its islands have hydrated, nor on any admin screen, tab or
 * dialog while signed in. A failure lists each violation as `rule (impact): target`.
 */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

function expectNone(found: Record<string, string[]>): void {
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
}

it('finds no violation on any public page type, before interaction and once its islands have hydrated', async () => {
  const stops = await publicPages(t);
  // A visitor: the suite's own context is signed in.
  const context = await offlineContext(suite.browser);
  const visitor = await context.newPage();
  const found: Record<string, string[]> = {};
  for (const { name, path } of [...stops, { name: 'admin sign-in', path: '/admin' }]) {
    await visitor.goto(`${t.baseUrl}${path}`);
    found[`${name}, before interaction`] = await violations(visitor);
    await hydrateIslands(visitor);
    // A page with the map: checked with its markers and clusters drawn (the map loads as it scrolls into view).
    const map = visitor.getByTestId('dive-site-map');
    if (await map.count()) {
      await map.scrollIntoViewIfNeeded();
      await map.locator('[data-marked-zoom]').waitFor();
    }
    found[name] = await violations(visitor);
  }
  for (const path of ['/admin/dive-sites', '/admin/comments', '/admin/ratings']) {
    await visitor.goto(`${t.baseUrl}${path}`);
    await visitor.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    found[`${path}, signed out`] = await violations(visitor);
  }
  await context.close();
  expectNone(found);
}, 240_000);

it('finds no violation on the dashboard, any of its tabs or their dialogs while signed in', async () => {
  await seedAdminRows(t);
  await openDashboard(page, t);
  const found: Record<string, string[]> = { dashboard: await violations(page) };
  await eachDashboardTab(page, async (tab) => {
    found[tab] = await violations(page);
  });

  const dialogs: [string, string][] = [
    ['Blog', 'Published Posts'],
    ['Reviews', 'Published Reviews'],
    ['Newsletter', 'Subscribers'],
  ];
  for (const [tab, list] of dialogs) {
    await page.getByRole('tab', { name: tab }).click();
    await page
      .getByRole('tabpanel', { name: tab })
      .getByRole(tab === 'Newsletter' ? 'region' : 'list', { name: list })
      .getByRole('button', { name: 'Delete' })
      .first()
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    found[`${tab}: confirm delete`] = await violations(page, '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // Issue 44: each form as 'New ...' opens it, and once a save marks its missing fields.
  const forms: [string, string, string, string][] = [
    ['Blog', 'New post', 'Title', 'Publish Now'],
    ['Reviews', 'New review', 'Title', 'Publish Now'],
    ['Carousel', 'New slide', 'Title', 'Create Slide'],
    ['Newsletter', 'New Issue', 'Subject', 'Save Draft'],
  ];
  for (const [tab, open, first, save] of forms) {
    await openSection(page, tab);
    await page.getByRole('button', { name: open, exact: true }).click();
    await page.getByRole('textbox', { name: first, exact: true }).waitFor();
    found[`${tab}: ${open}`] = await violations(page);
    await page.getByRole('button', { name: save, exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found[`${tab}: ${open}, fields marked`] = await violations(page);
  }

  // On a phone: the side navigation folded behind 'Menu', then open.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSection(page, 'Overview');
  await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
  found['phone: overview'] = await violations(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).waitFor();
  found['phone: menu open'] = await violations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  expectNone(found);
}, 180_000);

it('finds no violation on the dive-site, comment and rating screens or their dialogs while signed in', async () => {
  await seedAdminRows(t);
  const found: Record<string, string[]> = {};
  await page.goto(`${t.baseUrl}/admin/comments`);
  await page.getByRole('heading', { name: 'Comment Management' }).waitFor();
  await page.getByRole('list', { name: 'Comments' }).getByRole('listitem').first().waitFor();
  found['/admin/comments'] = await violations(page);

  await page.goto(`${t.baseUrl}/admin/ratings`);
  await page.getByRole('heading', { name: 'Rating Management' }).waitFor();
  await page.getByRole('list', { name: 'Ratings' }).getByRole('listitem').first().waitFor();
  found['/admin/ratings'] = await violations(page);

  // Its cards list every site: slower than the other screens on a busy machine.
  page.setDefaultTimeout(30_000);
  await page.goto(`${t.baseUrl}/admin/dive-sites`);
  await page
    .getByRole('button', { name: /^Edit\b/ })
    .first()
    .waitFor();
  await page.getByRole('list', { name: 'Suggested corrections' }).getByRole('listitem').first().waitFor();
  found['/admin/dive-sites'] = await violations(page);
  await page.getByRole('button', { name: 'Add New Site' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Dive Site' });
  await create.waitFor();
  found['/admin/dive-sites: create'] = await violations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await create.waitFor({ state: 'detached' });
  await page
    .getByRole('button', { name: /^Edit\b/ })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Dive Site' });
  await edit.waitFor();
  found['/admin/dive-sites: edit'] = await violations(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await edit.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Delete' }).first().click();
  const confirm = page.getByRole('alertdialog');
  await confirm.waitFor();
  found['/admin/dive-sites: confirm delete'] = await violations(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expectNone(found);
}, 240_000);

it('tells a visitor without JavaScript that the dashboard needs it', async () => {
  const context = await suite.browser.newContext({ javaScriptEnabled: false });
  context.setDefaultTimeout(8000);
  const noScript = await context.newPage();
  await noScript.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  for (const path of ['/admin', '/admin/dive-sites', '/admin/comments', '/admin/ratings']) {
    await noScript.goto(`${t.baseUrl}${path}`);
    // Playwright's text locators skip <noscript>; what the page shows is its body's text.
    const text = await noScript.evaluate(() => document.body.innerText);
    // SPEC words the check differently per screen ('Checking authentication...' on /admin/dive-sites).
    expect(text).toMatch(/Checking authentication\.\.\./i);
    expect(text).toContain('JavaScript is required for the dashboard.');
  }
  await context.close();
});

it('glides to in-page links only for a visitor who has not asked for less motion', async () => {
  const context = await offlineContext(suite.browser);
  const visitor = await context.newPage();
  await visitor.goto(`${t.baseUrl}/learn-to-dive`);
  const scrolling = () => visitor.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
  // The test browser's pages ask for reduced motion (test/support/browser.ts), as a visitor's system setting may.
  await expect(scrolling()).resolves.toBe('auto');
  await visitor.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(scrolling()).resolves.toBe('smooth');
  await context.close();
});
