import type { Page } from 'playwright-core';
import { offlineContext, openDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import { eachDashboardTab, hydrateIslands, publicPages, seedAdminRows } from '../support/page-tour';
import type { TestApp } from '../support/test-app';

/**
 * On a 360 px wide phone no page scrolls sideways: every public page type once its islands have
 * hydrated, and every admin screen and dashboard tab while signed in. A failure names each page with
 * its width and the widest element that sticks out.
 */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

const PHONE = { width: 360, height: 740 };

/**
 * '' when the page fits; otherwise its scroll width and where the overflow starts: the elements that
 * reach past the right edge while their parent does not, outside any box that clips them.
 */
function overflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth <= clientWidth) return '';
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > clientWidth + 0.5;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const starts = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)) && !clipped(element))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return `${scrollWidth} px wide for ${clientWidth}: ${starts.join(', ') || 'no single element'}`;
  });
}

function expectFits(found: Record<string, string>): void {
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, ''])));
}

it('fits every public page type in 360 px', async () => {
  const stops = await publicPages(t);
  const context = await offlineContext(suite.browser);
  const visitor = await context.newPage();
  await visitor.setViewportSize(PHONE);
  const found: Record<string, string> = {};
  for (const { name, path } of [...stops, { name: 'admin sign-in', path: '/admin' }]) {
    await visitor.goto(`${t.baseUrl}${path}`);
    await hydrateIslands(visitor);
    found[name] = await overflow(visitor);
  }
  await context.close();
  expectFits(found);
}, 180_000);

it('fits every admin screen and dashboard tab in 360 px while signed in', async () => {
  await seedAdminRows(t);
  await page.setViewportSize(PHONE);
  await openDashboard(page, t);
  const found: Record<string, string> = { dashboard: await overflow(page) };
  await eachDashboardTab(page, async (tab) => {
    found[tab] = await overflow(page);
  });
  for (const [path, ready] of [
    ['/admin/comments', () => page.getByRole('list', { name: 'Comments' }).getByRole('listitem').first().waitFor()],
    ['/admin/ratings', () => page.getByRole('list', { name: 'Ratings' }).getByRole('listitem').first().waitFor()],
    [
      '/admin/dive-sites',
      () =>
        page
          .getByRole('button', { name: /^Edit\b/ })
          .first()
          .waitFor({ timeout: 30_000 }),
    ],
  ] as const) {
    await page.goto(`${t.baseUrl}${path}`);
    await ready();
    found[path] = await overflow(page);
  }
  await page.getByRole('button', { name: 'Add New Site' }).click();
  await page.getByRole('dialog', { name: 'Create New Dive Site' }).waitFor();
  found['/admin/dive-sites: create'] = await overflow(page);
  expectFits(found);
}, 120_000);
