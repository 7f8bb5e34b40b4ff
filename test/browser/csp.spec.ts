import type { Page } from 'playwright-core';
import { islandReady, offlineContext, signInOnDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * The Content-Security-Policy blocks nothing the site needs: the main pages, with their islands
 * hydrated, the dive-site map loaded, a YouTube frame and the admin dashboard, report no violation.
 * (Map tiles and YouTube are refused by the offline routing of the test, which is not CSP.)
 */
const suite = browserSuite({ page: false });
let t: TestApp;

beforeEach(() => ({ t } = suite));

async function violationsOn(page: Page, path: string, ready?: () => Promise<unknown>): Promise<string[]> {
  await page.goto(`${t.baseUrl}${path}`);
  // Scrolled through, so the islands that hydrate when visible (comments, the map) do.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await page.waitForTimeout(200);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  if (ready) await ready();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.splice(0));
}

it('reports no CSP violation on the main pages and the admin dashboard', async () => {
  const [article] = await t.dataSource.query(`SELECT slug FROM articles WHERE published = true ORDER BY id LIMIT 1`);
  const [review] = await t.dataSource.query(`SELECT slug FROM reviews WHERE published = true ORDER BY id LIMIT 1`);
  // A dive site with a YouTube video, so its page embeds a frame.
  const [site] = await t.dataSource.query(
    `UPDATE dive_sites SET "videoUrl" = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' WHERE id = (SELECT min(id) FROM dive_sites) RETURNING id`,
  );
  const context = await offlineContext(suite.browser);
  await context.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });

  const found: Record<string, string[]> = {};
  for (const [path, ready] of [
    ['/', () => islandReady(page, 'HeroCarousel').catch(() => undefined)],
    ['/blog', undefined],
    [`/blog/${article.slug}`, () => islandReady(page, 'ArticleComments')],
    ['/gear-reviews', undefined],
    [`/gear-reviews/${review.slug}`, undefined],
    ['/dive-sites', () => islandReady(page, 'DiveSiteExplorer')],
    [`/dive-sites/${site[0]?.id ?? site.id}`, undefined],
    ['/learn-to-dive', undefined],
    ['/contact', () => islandReady(page, 'ContactForm').catch(() => undefined)],
    ['/newsletter', undefined],
    ['/no-such-page', undefined],
    ['/api/docs/', () => page.locator('.swagger-ui .info').first().waitFor()],
  ] as [string, (() => Promise<unknown>) | undefined][]) {
    found[path] = await violationsOn(page, path, ready);
  }
  await signInOnDashboard(page, t);
  found['/admin'] = await violationsOn(page, '/admin');
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await page.waitForTimeout(200);
  }
  found['/admin (tabs)'] = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.splice(0));
  const cspConsoleErrors = consoleErrors.slice();
  // The listener does see a violation: an injected inline script is blocked and reported.
  const control = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { ran: (window as unknown as { __ran?: boolean }).__ran === true, reported: (window as unknown as { __csp: string[] }).__csp.splice(0) };
  });
  expect(control.ran).toBe(false);
  expect(control.reported.join()).toMatch(/script-src/);
  await context.close();

  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  expect(cspConsoleErrors).toEqual([]);
}, 120_000);
