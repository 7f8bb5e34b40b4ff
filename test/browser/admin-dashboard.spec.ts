import type { BrowserContext, Page } from 'playwright-core';
import { islandReady, offlineContext, openDashboard, openSection, signInOnDashboard, toastShows } from '../support/admin-browser';
import { Clock } from 'src/common/clock';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

// The first test signs in on the sign-in screen; the file's context keeps that session.
const suite = browserSuite({ as: 'admin', signIn: false });
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

afterEach(async () => {
  await anonymous?.close();
  anonymous = null;
});

let anonymous: BrowserContext | null = null;

/** A page of a context that never signed in (the file's main context holds the admin session). */
async function freshPage(): Promise<Page> {
  await page.close();
  anonymous = await offlineContext(suite.browser);
  return anonymous.newPage();
}

describe('admin dashboard', () => {
  it('checks the session, then refuses a wrong password and signs in with the right one', async () => {
    const response = await page.goto(`${t.baseUrl}/admin`);
    expect(response?.headers()['cache-control']).toBe('no-store');
    // The server renders the auth check; the island replaces it once it knows there is no session.
    expect(await response?.text()).toContain('Checking Authentication...');
    await islandReady(page, 'AdminDashboard');
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Invalid password').waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);

    await signInOnDashboard(page, t);
    await page.getByRole('heading', { name: 'Quick Navigation' }).waitFor();
    const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts();
    // Issue 44: the overview first (its home), then SPEC's tabs with their names.
    expect(tabs).toEqual(['Overview', 'Blog', 'Reviews', 'Carousel', 'Photos', 'Media', 'Comments', 'Newsletter', 'Security', 'Export', 'Insights']);
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
    // A fresh session has 30 minutes left: no warning.
    expect(await page.getByText('Session Expiring Soon').count()).toBe(0);
  });

  it('lists the sign-in events and writes on the Security tab, not the reads, each in words', async () => {
    // A second browser signs in and out, as the administrator on another machine would.
    anonymous = await offlineContext(suite.browser);
    const other = await anonymous.newPage();
    await signInOnDashboard(other, t);
    await other.getByRole('button', { name: 'Logout' }).click();
    await other.getByRole('button', { name: 'Login' }).waitFor();

    await openDashboard(page, t);
    await page.getByRole('button', { name: 'Update Sitemap' }).click();
    await toastShows(page, 'Sitemap Updated');
    // The dashboard's own reads are audited too, and outnumber everything else.
    const [{ reads }] = await t.dataSource.query(`SELECT count(*)::int AS reads FROM audit_logs WHERE action LIKE 'GET %'`);
    expect(reads).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security Dashboard' }).waitFor();
    const events = page.getByRole('region', { name: 'Recent security events' });
    const row = (action: string, details: string) =>
      events
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: action, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: details, exact: true }) });
    await row('login_failure', 'Wrong password').first().waitFor();
    await row('login_success', 'Signed in').first().waitFor();
    await row('admin_logout', 'Signed out').first().waitFor();
    await row('update_sitemap', 'POST /api/admin/update-sitemap → 200').first().waitFor();
    const cells = await events.locator('tbody td').allInnerTexts();
    expect(cells.filter((cell) => /^(GET|HEAD) /.test(cell) || cell.includes('{'))).toEqual([]);
    await expect(page.getByText('Failed', { exact: true }).locator('..').innerText()).resolves.toMatch(/Failed\s+1/);
    await page.getByText('5 login attempts per 15 minutes').waitFor();
  });

  it('pages the whole audit log on the Security tab and searches it on the server', async () => {
    // A month of an administrator's calls, older than anything this file did.
    await t.dataSource.query(
      `INSERT INTO audit_logs (action, resource, "ipAddress", timestamp)
       SELECT 'GET /api/articles', '/api/articles?admin=true', '198.51.100.7', now() - interval '30 days' + n * interval '1 minute'
       FROM generate_series(1, 60) AS n`,
    );
    await t.dataSource.query(
      `INSERT INTO audit_logs (action, "ipAddress", details, timestamp) VALUES ('login_failure', '198.51.100.99', '{"reason":"Invalid password"}', now() - interval '60 days')`,
    );
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM audit_logs');

    // Signed in by the file's first test, or here when run alone.
    await page.goto(`${t.baseUrl}/admin`);
    await islandReady(page, 'AdminDashboard');
    const signedIn = page.getByRole('heading', { name: 'Admin Dashboard' });
    await Promise.race([signedIn.waitFor(), page.getByLabel('Password').waitFor()]);
    if (!(await signedIn.isVisible())) await signInOnDashboard(page, t);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const log = page.getByRole('region', { name: 'Audit log' });
    await log.locator('tbody tr').nth(24).waitFor();
    expect(await log.locator('tbody tr').count()).toBe(25);
    // Newest first: this session's own reads lead, the month-old ones come later.
    await expect(log.locator('tbody tr').first().innerText()).resolves.not.toContain('198.51.100.7');
    const showing = await page.getByText(/^Showing 25 of \d+$/).innerText();
    expect(Number(showing.split(' of ')[1])).toBeGreaterThanOrEqual(n);

    // The next 25, less what the first page's own audit entry pushed down into them (shown once).
    await page.getByRole('button', { name: 'Load more' }).click();
    await log.locator('tbody tr').nth(39).waitFor();
    await expect(page.getByText(/^Showing \d+ of \d+$/).innerText()).resolves.toMatch(/^Showing (4\d|50) of/);

    await page.getByLabel('Search the audit log').fill('198.51.100.99');
    await log.getByRole('cell', { name: 'Wrong password', exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[role="region"][aria-label="Audit log"] tbody tr').length === 1);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByLabel('Search the audit log').fill('no such action anywhere');
    await page.getByText('No audit entries match your search').waitFor();
  });

  it('regenerates the sitemap from Quick Navigation', async () => {
    await openDashboard(page, t);
    await page.getByRole('button', { name: 'Update Sitemap' }).click();
    await toastShows(page, 'Sitemap Updated');
    await page.getByRole('button', { name: 'Update Sitemap' }).waitFor();
    await expect(page.getByRole('link', { name: 'Manage Dive Sites' }).getAttribute('href')).resolves.toBe('/admin/dive-sites');
  });

  it('shows the error screen with Reload Page when the dashboard crashes', async () => {
    // An answer of the wrong shape makes the blog tab throw while rendering (a title React cannot render).
    const adminArticles = /\/api\/articles\?admin=true/;
    await page.route(adminArticles, (route) =>
      route.fulfill({ contentType: 'application/json', body: '[{"id":1,"published":false,"status":"draft","title":{"unexpected":true}}]' }),
    );
    await page.goto(`${t.baseUrl}/admin#blog`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.unroute(adminArticles);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('button', { name: 'New post', exact: true }).waitFor();
  });

  it('links the Comments tab to the comment manager', async () => {
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('link', { name: 'Manage Comments' }).click();
    await page.waitForURL(/\/admin\/comments$/);
    await page.getByRole('heading', { name: 'Comment Management' }).waitFor();
  });

  it('warns when the session has under 15 minutes left, shows the minutes of every answer, and refreshes it', async () => {
    const idle = async () => {
      // 20 minutes on the server without activity: 10 of the 30 remain. The page's timers jump as far,
      // so its own polls (the 5-minute session re-check, the 30-second security summary) ask again.
      t.app.get(Clock).advance(20 * 60 * 1000);
      await page.clock.fastForward('05:01');
      await page.getByText('Session Expiring Soon').waitFor();
      await page.getByText('Your session will expire in 10 minutes.').waitFor();
    };
    await page.clock.install();
    await openDashboard(page, t);
    await openSection(page, 'Blog');
    await page.getByRole('heading', { name: /^Draft Posts/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await idle();

    // Opening the Reviews tab reads its list, which is activity: its answer says 30 minutes remain.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: /^Draft Reviews/ }).waitFor();
    await page.getByText('Session Expiring Soon').waitFor({ state: 'detached' });

    await idle();
    await page.getByRole('button', { name: 'Refresh Session' }).click();
    await toastShows(page, 'Session Refreshed');
    await page.getByText('Session Expiring Soon').waitFor({ state: 'detached' });
  });

  it('signs the screen out with a message when a write finds the session gone', async () => {
    await openDashboard(page, t);
    // The session ends on the server (e.g. expired) while the dashboard is open. Requests still in
    // flight would store it again when they finish, so the page settles first.
    await openSection(page, 'Blog');
    await page.getByRole('heading', { name: /^Draft Posts/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await t.dataSource.query('DELETE FROM session');
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    await page.getByLabel('Title').first().fill('A post written too late');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByRole('alert').getByText('Session expired. Please log in again.').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('shows the server message once the sign-in limit is reached', async () => {
    // The test clock moved past the first attempts' 15-minute window: five fresh attempts are allowed.
    page = await freshPage();
    await page.goto(`${t.baseUrl}/admin`);
    await islandReady(page, 'AdminDashboard');
    const attempt = async () => {
      await page.getByLabel('Password').fill('still-not-the-password');
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/login'));
      await page.getByRole('button', { name: 'Login' }).click();
      return (await answered).status();
    };
    for (let n = 1; n <= 5; n++) expect(await attempt()).toBe(401);
    expect(await attempt()).toBe(429);
    await page
      .getByRole('alert')
      .getByText(/^Too many login attempts\. Please try again in \d+ minutes?\.$/)
      .waitFor();
  });

  it('serves the admin screens uncached and unindexed', async () => {
    for (const path of ['/admin', '/admin/dive-sites', '/admin/comments']) {
      const response = await page.request.get(`${t.baseUrl}${path}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers()['x-robots-tag']).toMatch(/noindex/);
      expect(await response.text()).toMatch(/Checking [Aa]uthentication\.\.\./);
    }
  });

  it('asks for the admin sign-in on the comment manager without a session', async () => {
    page = await freshPage();
    await page.goto(`${t.baseUrl}/admin/comments`);
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await page.getByText('Please log in through the main admin panel to access comment management.').waitFor();
    await page.getByRole('link', { name: 'Go to Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
});
