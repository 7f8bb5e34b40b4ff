import type { Locator, Page } from 'playwright-core';
import { listRow, openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
  await openDashboard(page, t);
});

const row = (list: string, title: string): Locator => listRow(page, list, title);

async function editTitle(from: string, to: string): Promise<void> {
  await row('Published Posts', from).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Update & Keep Published' }).click();
  await toastShows(page, 'Post Updated');
  await row('Published Posts', to).waitFor();
}

describe('revisions in the blog editor', () => {
  it('lists the versions two edits replaced and restores the first, in the editor and on the public page', async () => {
    const first = 'Julian Rocks in Winter: Grey Nurse Sharks';
    const second = 'Julian Rocks in Winter: Grey Nurses and Mantas';
    const third = 'Julian Rocks in Winter: A Season of Sharks';
    const slug = 'julian-rocks-in-winter-grey-nurse-sharks';

    await page.getByLabel('Title', { exact: true }).fill(first);
    await page.getByLabel('Category', { exact: true }).selectOption('Dive Sites');
    await page.getByLabel('Header Image URL').fill('/media/scene-nudibranch.svg');
    await page.getByRole('textbox', { name: 'Content' }).fill('From June the grey nurse sharks gather in the gutters of the Cod Hole at Julian Rocks.');
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await toastShows(page, 'Post Published');
    await row('Published Posts', first).waitFor();

    await editTitle(first, second);
    await editTitle(second, third);

    await row('Published Posts', third).getByRole('button', { name: 'Edit' }).click();
    const revisions = page.getByRole('list', { name: 'Revisions' });
    await revisions.getByRole('listitem').nth(1).waitFor();
    await expect(revisions.getByRole('listitem').count()).resolves.toBe(2);
    await revisions.getByRole('listitem').first().getByText(second, { exact: true }).waitFor();
    const oldest = revisions.getByRole('listitem').nth(1);
    await oldest.getByText(first, { exact: true }).waitFor();
    await oldest.getByText(/by admin · Differs in: Title\b/).waitFor();

    await oldest.getByRole('button', { name: /^Preview/ }).click();
    const preview = page.getByRole('region', { name: 'Version preview' });
    await preview.getByText(first, { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await toastShows(page, 'Version Restored');

    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(first);
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    // The version the restore replaced is kept in turn.
    await revisions.getByRole('listitem').nth(2).waitFor();
    await revisions.getByRole('listitem').first().getByText(third, { exact: true }).waitFor();
    await row('Published Posts', first).waitFor();

    await page.goto(`${t.baseUrl}/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
  });
});
