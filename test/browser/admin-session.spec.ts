import type { Page } from 'playwright-core';
import { islandReady, offlineContext, openSection, signInOnDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ as: 'admin', signIn: false });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
  // Each test ends the session it signed in with, so each signs in again (a successful sign-in gives its
  // attempt back to the login limit).
  await signInOnDashboard(page, t);
});

/**
 * The session ends on the server (expired, or signed out in another tab) while the screen stays open.
 * A request still in flight would store the session again as it finishes, so the page settles first.
 */
async function endSessionOnServer(): Promise<void> {
  await page.waitForLoadState('networkidle');
  await t.dataSource.query('DELETE FROM session');
}

const expiredNotice = () => page.getByRole('alert').getByText('Session expired. Please log in again.', { exact: true });

describe('a session that ends while an admin screen is open', () => {
  it('signs the dashboard out with the message when a tab loads its data', async () => {
    await openSection(page, 'Blog');
    await page.getByRole('heading', { name: /^Draft Posts/ }).waitFor();
    await endSessionOnServer();
    await page.getByRole('tab', { name: 'Newsletter' }).click();
    await expiredNotice().waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('signs the comment manager out with the message when a delete answers 401', async () => {
    const [article] = await t.dataSource.query(`SELECT id FROM articles WHERE published ORDER BY id LIMIT 1`);
    await t.dataSource.query(`INSERT INTO comments ("articleId", name, content) VALUES ($1, 'Late Larry', 'Deleted too late, after the session ended.')`, [
      article.id,
    ]);
    await page.goto(`${t.baseUrl}/admin/comments`);
    await islandReady(page, 'AdminComments');
    const comment = page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'Late Larry' });
    await comment.waitFor();
    await endSessionOnServer();
    await comment.getByRole('button', { name: 'Delete comment by Late Larry' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Comment' }).getByRole('button', { name: 'Delete' }).click();
    await expiredNotice().waitFor();
    await page.getByRole('heading', { name: 'Admin Authentication Required' }).waitFor();
    await page.getByRole('link', { name: 'Go to Admin Panel' }).waitFor();
    expect(await page.getByText('Failed to delete comment. Please try again.').count()).toBe(0);
    expect(await t.dataSource.query(`SELECT id FROM comments WHERE name = 'Late Larry'`)).toHaveLength(1);
  });

  it('signs the dive-site manager out with the message when a write answers 401', async () => {
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await islandReady(page, 'AdminDiveSites');
    const first = page.getByRole('list', { name: 'Dive sites' }).getByRole('listitem').first();
    await first.waitFor();
    const name = await first.getByRole('heading', { level: 2 }).innerText();
    const featured = async () => (await t.dataSource.query(`SELECT featured FROM dive_sites WHERE name = $1`, [name]))[0].featured as boolean;
    const before = await featured();
    await endSessionOnServer();
    await first.getByRole('button', { name: /featured site/ }).click();
    await expiredNotice().waitFor();
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await page.getByRole('link', { name: 'Go to Admin Login' }).waitFor();
    expect(await page.getByText('Failed to update featured status').count()).toBe(0);
    expect(await featured()).toBe(before);
  });
});

describe('Sign out everywhere', () => {
  it('Sign out everywhere: the button next to Logout ends this session and another browser’s', async () => {
    const elsewhere = await offlineContext(suite.browser);
    try {
      const other = await elsewhere.newPage();
      await signInOnDashboard(other, t);
      await openSection(page, 'Blog');
      await page.getByRole('heading', { name: /^Draft Posts/ }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
      // The other browser, signed in a moment ago, is signed out too.
      await other.reload();
      await islandReady(other, 'AdminDashboard');
      await other.getByRole('button', { name: 'Login' }).waitFor();
      expect(await t.dataSource.query('SELECT sid FROM session')).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
