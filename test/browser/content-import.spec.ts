import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ContentFile } from 'core/api/content-transfer';
import { offlineContext, openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * The Export tab's content file as the administrator uses it: download it, edit it, import it back
 * through the preview, and see the change on a public page the page cache had kept.
 */
// The page cache on, as in production, so a kept page must be dropped by the import.
const suite = browserSuite({ as: 'admin', env: { PAGE_CACHE: 'true' } });
let t: TestApp;
let page: Page;
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'content-import-'));
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

beforeEach(() => ({ t, page } = suite));

async function openExportTab(): Promise<void> {
  await openDashboard(page, t);
  await page.getByRole('tab', { name: 'Export' }).click();
  await page.getByRole('heading', { name: 'Import Content' }).waitFor();
}

async function downloadContent(): Promise<ContentFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export all content' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dive-site-content-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(readFileSync(await download.path(), 'utf8')) as ContentFile;
}

function saved(name: string, file: unknown): string {
  const path = join(workDir, name);
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

const cells = (kind: string) =>
  page
    .getByRole('row', { name: new RegExp(`^${kind}`) })
    .getByRole('cell')
    .allTextContents();

describe('export and import of all content', () => {
  it('exports, imports an edited file through its preview, and shows the change on the public page', async () => {
    const [article] = await t.dataSource.query(`SELECT slug, title FROM articles WHERE published ORDER BY slug LIMIT 1`);
    const visitor = await offlineContext(suite.browser);
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${t.baseUrl}/blog/${article.slug}`);
    await publicPage.getByRole('heading', { level: 1, name: article.title }).waitFor();

    await openExportTab();
    const file = await downloadContent();
    expect(file.content.diveSites.length).toBeGreaterThanOrEqual(244);
    const edited = file.content.articles.find((a) => a.slug === article.slug)!;
    edited.title = `${article.title} (Updated Guide)`;

    await page.getByLabel('Content file').setInputFiles(saved('edited.json', file));
    await page.getByRole('table', { name: 'What the import will do' }).waitFor();
    expect(await cells('Articles')).toEqual(['0', '1', String(file.content.articles.length - 1)]);
    expect(await cells('Dive sites')).toEqual(['0', '0', String(file.content.diveSites.length)]);
    await page.getByText('To update (1)').click();
    await page.getByText(`article "${article.slug}"`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Apply import' }).click();
    await toastShows(page, 'Import Complete', '0 added, 1 updated.');
    const [stored] = await t.dataSource.query(`SELECT title FROM articles WHERE slug = $1`, [article.slug]);
    expect(stored.title).toBe(edited.title);

    await publicPage.reload();
    await publicPage.getByRole('heading', { level: 1, name: edited.title }).waitFor();
    await visitor.close();
  });

  it('refuses a file from a newer version with the reason, writing nothing', async () => {
    await openExportTab();
    const file = await downloadContent();
    file.content.articles[0].title = 'Never Written';
    await page.getByLabel('Content file').setInputFiles(saved('newer.json', { ...file, version: 2 }));
    const alert = page.getByRole('alert').filter({ hasText: 'Import refused: nothing was written.' });
    await alert.getByText(/newer version of the site \(format version 2\)/).waitFor();
    expect(await page.getByRole('button', { name: 'Apply import' }).count()).toBe(0);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM articles WHERE title = 'Never Written'`);
    expect(n).toBe(0);
  });
});
