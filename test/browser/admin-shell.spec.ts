import type { Page } from 'playwright-core';
import { openDashboard, openSection } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import { seedAdminRows } from '../support/page-tour';
import type { TestApp } from '../support/test-app';

/**
 * Issue 44 item 5: the admin in a shell of its own (a side navigation, no public header, search or
 * footer; a menu button on a phone), lists first with 'New ...', row actions named after their row and
 * destructive ones quiet, and an overview of what needs attention, each item a link to where it is dealt with.
 */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeAll(async () => {
  ({ t, page } = suite);
  await seedAdminRows(t);
  // One published post scheduled ahead, so the overview has one to count.
  await t.dataSource.query(
    `UPDATE articles SET "publishedAt" = now() + interval '30 days' WHERE id = (SELECT id FROM articles WHERE published ORDER BY id LIMIT 1)`,
  );
});

beforeEach(async () => {
  ({ t, page } = suite);
  await page.setViewportSize({ width: 1366, height: 900 });
});

const count = async (sql: string) => Number((await t.dataSource.query(sql))[0].count);

it('shows every admin screen without the public header, search and footer, with the side navigation beside it', async () => {
  for (const [path, heading] of [
    ['/admin', 'Admin Dashboard'],
    ['/admin/dive-sites', 'Dive Site Management'],
    ['/admin/comments', 'Comment Management'],
    ['/admin/ratings', 'Rating Management'],
  ]) {
    await page.goto(`${t.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect({ path, nav: await nav.isVisible() }).toEqual({ path, nav: true });
    expect({ path, banner: await page.getByRole('banner').count(), footer: await page.getByRole('contentinfo').count() }).toEqual({
      path,
      banner: 0,
      footer: 0,
    });
    const publicParts = {
      search: await page.getByRole('search', { name: 'Site search' }).count(),
      siteNav: await page.getByRole('navigation', { name: 'Main' }).count(),
    };
    expect({ path, ...publicParts }).toEqual({ path, search: 0, siteNav: 0 });
    // The other screens name the dashboard's sections as links that open them.
    if (path !== '/admin') await expect(nav.getByRole('link', { name: 'Reviews', exact: true }).getAttribute('href')).resolves.toBe('/admin#reviews');
  }
  // A link from another screen opens its section of the dashboard.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews', exact: true }).click();
  await page.getByRole('tab', { name: 'Reviews', selected: true }).waitFor();
  await page.getByRole('heading', { name: /^Published Reviews/ }).waitFor();
});

it('opens on an overview of what needs attention, each item a link to where it is dealt with', async () => {
  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
  const attention = page.getByRole('list', { name: 'Needs attention' });
  const corrections = await count('SELECT count(*) FROM site_corrections');
  const scheduled = await count(`SELECT count(*) FROM articles WHERE published AND "publishedAt" > now()`);
  const correctionsLink = attention.getByRole('link', { name: `${corrections} suggested correction${corrections === 1 ? '' : 's'} waiting` });
  await correctionsLink.waitFor();
  await expect(correctionsLink.getAttribute('href')).resolves.toBe('/admin/dive-sites#corrections');
  await attention.getByRole('link', { name: /purchase links? broken or not reachable$/ }).waitFor();
  // The sites with no recorded check, counted as the data has them (not every site of the queue).
  const unchecked = await count('SELECT count(*) FROM dive_sites site WHERE NOT EXISTS (SELECT 1 FROM dive_site_checks c WHERE c."diveSiteId" = site.id)');
  expect(unchecked).toBeLessThan(25);
  await attention.getByRole('link', { name: `${unchecked} dive site${unchecked === 1 ? '' : 's'} never checked against a source` }).waitFor();
  await page.getByRole('heading', { name: 'Last newsletter issue' }).waitFor();
  // SPEC's Quick Navigation stays on the dashboard's home.
  await page.getByRole('heading', { name: 'Quick Navigation' }).waitFor();

  await attention.getByRole('link', { name: `${scheduled} blog post${scheduled === 1 ? '' : 's'} scheduled` }).click();
  await page.getByRole('tab', { name: 'Blog', selected: true }).waitFor();
  expect(new URL(page.url()).hash).toBe('#blog');

  await openSection(page, 'Overview');
  await correctionsLink.click();
  await page.getByRole('heading', { name: 'Dive Site Management' }).waitFor();
  await page.getByRole('list', { name: 'Suggested corrections' }).getByRole('listitem').first().waitFor();
});

it('lists first: the form opens from New ..., and closes again on Cancel', async () => {
  await openDashboard(page, t);
  for (const [section, button, heading] of [
    ['Blog', 'New post', 'Create New Blog Post'],
    ['Reviews', 'New review', 'Create New Gear Review'],
    ['Carousel', 'New slide', 'Create Carousel Slide'],
  ]) {
    await openSection(page, section);
    await page.getByRole('button', { name: button, exact: true }).waitFor();
    expect({ section, form: await page.getByRole('heading', { name: heading }).count() }).toEqual({ section, form: 0 });
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
    // The title is the first thing to write: focus is there.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('title');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: heading }).waitFor({ state: 'detached' });
  }
});

it("names each row's actions after its row, and keeps destructive buttons quiet until pointed at", async () => {
  await page.goto(`${t.baseUrl}/admin/dive-sites`);
  const cards = page.getByRole('list', { name: 'Dive sites' }).getByRole('article');
  await cards.first().waitFor({ timeout: 30_000 });
  const names = await cards.evaluateAll((articles) => articles.map((article) => article.querySelector('h2')?.textContent ?? ''));
  const first = cards.first();
  const remove = first.getByRole('button', { name: `Delete \u201c${names[0]}\u201d`, exact: true });
  await first.getByRole('button', { name: `Edit \u201c${names[0]}\u201d`, exact: true }).waitFor();
  const deleteNames = await page
    .getByRole('button', { name: /^Delete \u201c/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(new Set(deleteNames).size).toBe(deleteNames.length);
  expect(deleteNames.length).toBe(names.length);

  const background = () => remove.evaluate((button) => getComputedStyle(button).backgroundColor);
  const quiet = await background();
  await remove.hover();
  await expect(background()).resolves.not.toBe(quiet);
  // Quiet: a white face, not a solid red one.
  expect(quiet).toMatch(/^(rgb\(255, 255, 255\)|oklch\(1 0 0\)|rgba\(0, 0, 0, 0\))$/);
});

it('folds the navigation into a menu button on a phone, closed again once a section is chosen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page, t);
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(page.getByRole('navigation', { name: 'Admin' }).isVisible()).resolves.toBe(false);
  await menu.click();
  await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('heading', { name: /^Published Reviews/ }).waitFor();
  await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(page.getByRole('navigation', { name: 'Admin' }).isVisible()).resolves.toBe(false);
});
