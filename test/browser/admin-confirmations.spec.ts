import type { Page, Request } from 'playwright-core';
import { openDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * Issue 44 item 1: every irreversible or public action of the dashboard asks first, the same way
 * everywhere. The walk goes through every tab of the dashboard and every management screen it links to,
 * finds each button whose action deletes, publishes, unpublishes, rejects or sends, presses one of each
 * kind, and requires the confirm dialog before anything is written; Cancel writes nothing.
 */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

const ACTION = /^(Delete|Publish|Unpublish|Reject|Send Now)\b/;

beforeAll(async () => {
  ({ t } = suite);
  const [article] = await t.dataSource.query(`SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1`);
  const [site] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
  await t.dataSource.query(`INSERT INTO comments ("articleId", name, content) VALUES ($1, 'Walker', 'A comment to walk past.')`, [article.id]);
  await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating, comment, "ipAddress") VALUES ($1, 4, 'Lovely dive', '198.51.100.7')`, [
    site.id,
  ]);
  await t.dataSource.query(
    `INSERT INTO site_corrections ("diveSiteId", field, suggestion, "sourceUrl") VALUES ($1, 'waterTemp', '20-26°C', 'https://www.example.org/temps')`,
    [site.id],
  );
  await t.dataSource.query(`INSERT INTO newsletters (email, subscribed, "unsubscribeToken") VALUES ('walker@example.com', true, md5(random()::text))`);
  await t.dataSource.query(`UPDATE articles SET published = false WHERE id = (SELECT id FROM articles WHERE published = true ORDER BY id DESC LIMIT 1)`);
});

/** Presses each kind of action button on the screen once and checks that it asks before any write. */
async function walkScreen(screen: string): Promise<string[]> {
  const seen: string[] = [];
  const buttons = page.getByRole('button', { name: ACTION });
  const names = await buttons.evaluateAll((elements) =>
    elements.filter((element) => !(element as HTMLButtonElement).disabled).map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
  );
  const kinds = new Map<string, string>();
  // 'Publish Now' ends the editor, which is empty here: it stops at the missing fields (its confirm is
  // tested in admin-content.spec.ts once the form is filled in).
  for (const name of names.filter((candidate) => candidate.trim() !== 'Publish Now')) {
    const kind = /^(Delete|Publish|Unpublish|Reject|Send Now)/.exec(name.trim())?.[1];
    if (kind && !kinds.has(kind)) kinds.set(kind, name);
  }
  for (const [kind, name] of kinds) {
    const writes: Request[] = [];
    const listen = (request: Request) => request.method() !== 'GET' && request.url().includes('/api/') && writes.push(request);
    page.on('request', listen);
    await page.getByRole('button', { name, exact: true }).first().click();
    const dialog = page.getByRole('alertdialog');
    const asked = await dialog
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    expect({ screen, action: name, asked }).toEqual({ screen, action: name, asked: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    page.off('request', listen);
    expect({ screen, action: name, writes: writes.map((request) => `${request.method()} ${request.url()}`) }).toEqual({ screen, action: name, writes: [] });
    seen.push(`${screen}: ${kind}`);
  }
  return seen;
}

it('asks before every delete, publish, unpublish, reject and send on every admin screen, and Cancel writes nothing', async () => {
  page = suite.page;
  await openDashboard(page, t);
  const seen: string[] = [];
  const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts();
  expect(tabs.length).toBeGreaterThan(4);
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    // Lists load after the tab opens: wait for the panel's loading lines to go.
    await page.waitForFunction(() => !/Loading [a-z ]+\.\.\./.test(document.querySelector('[role="tabpanel"][data-state="active"]')?.textContent ?? ''));
    seen.push(...(await walkScreen(tab)));
  }
  // The management screens the dashboard links to, each once its rows (inserted above) are listed.
  for (const [path, row] of [
    ['/admin/comments', 'A comment to walk past.'],
    ['/admin/ratings', 'Lovely dive'],
    ['/admin/dive-sites', '20-26°C'],
  ]) {
    await page.goto(`${t.baseUrl}${path}`);
    await page.getByText(row).first().waitFor();
    seen.push(...(await walkScreen(path)));
  }
  // The walk met each kind of action somewhere (so a screen that stopped rendering its buttons fails here).
  for (const kind of ['Delete', 'Publish', 'Unpublish', 'Reject']) expect(seen.some((entry) => entry.endsWith(`: ${kind}`))).toBe(true);
}, 90_000);
