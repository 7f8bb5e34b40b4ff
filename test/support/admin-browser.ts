import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_TEST_PASSWORD, type TestApp } from './test-app';

/** Resolves once the named island has hydrated (its controls work from then on). */
export const islandReady = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-hydrated="true"]`).first().waitFor();

/**
 * A browser context with nothing reaching the internet. Downloads are accepted so a test can read the
 * CSV export the way a person would save it.
 */
export async function offlineContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  // Well under jest's 30 s, so a failing step reports what it waited for.
  context.setDefaultTimeout(8000);
  return context;
}

/**
 * Signs in on /admin as the administrator would. The login limit (5 attempts per 15 minutes per IP)
 * counts every attempt, so a test file signs in once and reuses its context's session cookie.
 */
export async function signInOnDashboard(page: Page, t: TestApp, password: string = ADMIN_TEST_PASSWORD): Promise<void> {
  await page.goto(`${t.baseUrl}/admin`);
  await islandReady(page, 'AdminDashboard');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Opens /admin with the context's session and waits for the dashboard. */
export async function openDashboard(page: Page, t: TestApp): Promise<void> {
  await page.goto(`${t.baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** The toast region's text once a toast with this title shows. */
export async function toastShows(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
  await toast.first().waitFor();
  if (description)
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText(description, { exact: true })
      .first()
      .waitFor();
}

/** The row of a dashboard list ('Draft Posts', 'Published Reviews'...) that shows this title. */
export const listRow = (page: Page, list: string, title: string): Locator =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });

/**
 * Opens a section of the dashboard from its side navigation, as the administrator would: on a phone the
 * navigation is folded behind 'Menu' first.
 */
export async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await page.getByRole('tab', { name, exact: true }).isHidden()) && (await menu.isVisible())) await menu.click();
  await page.getByRole('tab', { name, exact: true }).click();
}

/** 'Publish Now' on the open post editor, and 'Publish' in the dialog that asks to publish it. */
export async function publishNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await page
    .getByRole('alertdialog', { name: /^Publish \u201c/ })
    .getByRole('button', { name: 'Publish' })
    .click();
}

/**
 * Leaves exactly three subscribers, `${prefix}.1@example.com` to `.3` (without SMTP_URL their messages go
 * to the outbox folder), and opens the dashboard's Newsletter tab on a new issue.
 */
export async function newIssueForThreeSubscribers(page: Page, t: TestApp, prefix: string): Promise<void> {
  await t.dataSource.query(`UPDATE "newsletters" SET "subscribed" = false WHERE "subscribed"`);
  await t.dataSource.query(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken") SELECT $1 || '.' || i || '@example.com', true, md5(random()::text || i) FROM generate_series(1, 3) AS i`,
    [prefix],
  );
  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await page.getByRole('button', { name: 'New Issue' }).click();
}
