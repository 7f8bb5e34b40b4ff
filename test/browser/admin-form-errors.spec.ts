import type { Page } from 'playwright-core';
import { openDashboard, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/** Issue 44 item 4: a form says what is wrong where it is wrong, and SPEC's toast stays. */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
  await openDashboard(page, t);
});

const invalid = async (name: string | RegExp, role: 'textbox' | 'combobox' = 'textbox') => {
  const field = page.getByRole(role, { name, exact: typeof name === 'string' });
  return { invalid: await field.getAttribute('aria-invalid'), described: await field.evaluate((element) => element.getAttribute('aria-describedby')) };
};

const messageOf = (page: Page, described: string | null) =>
  page.evaluate(
    (ids) =>
      (ids ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' | '),
    described,
  );

it('marks each field a publish lacks, with its message under it, moves focus to the first, and clears a mark once the field is filled', async () => {
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Seahorses of Nelson Bay');
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields to publish the article.');

  const category = await invalid('Category', 'combobox');
  expect(category.invalid).toBe('true');
  expect(await messageOf(page, category.described)).toContain('Category is required to publish.');
  const image = await invalid('Header Image URL');
  expect(image.invalid).toBe('true');
  expect(await messageOf(page, image.described)).toContain('Image URL is required to publish.');
  const content = await invalid('Content');
  expect(content.invalid).toBe('true');
  expect(await messageOf(page, content.described)).toContain('Content is required to publish.');
  expect((await invalid('Title')).invalid).toBeNull();
  // Focus is on the first field to fix, in the form's order.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');

  await page.getByRole('combobox', { name: 'Category' }).selectOption('Marine Life');
  expect((await invalid('Category', 'combobox')).invalid).toBeNull();
  expect((await invalid('Content')).invalid).toBe('true');
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields to publish the article.');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('imageUrl');
});

it('names the missing title of a draft, and a review form marks its purchase link', async () => {
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await toastShows(page, 'Missing Information', 'Please provide at least a title to save the draft.');
  const title = await invalid('Title');
  expect(title.invalid).toBe('true');
  expect(await messageOf(page, title.described)).toContain('Title is required to save the draft.');

  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Shearwater Peregrine TX');
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields to publish the review.');
  const link = await invalid('Purchase Link (Affiliate)');
  expect(link.invalid).toBe('true');
  expect(await messageOf(page, link.described)).toContain('Purchase Link is required to publish.');
});
