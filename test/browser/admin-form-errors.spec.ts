import type { Page } from 'playwright-core';
import { CHECK_TEXT, NOTICE_TEXT } from 'core/dive-sites/provenance';
import { openSection, toastShows } from '../support/admin-browser';
import { adminDashboardSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/** Issue 44 item 4: a form says what is wrong where it is wrong, and SPEC's toast stays. */
const suite = adminDashboardSuite();
let t: TestApp;
let page: Page;
beforeEach(() => ({ t, page } = suite));

const openNew = async (section: string, button: string) => {
  await openSection(page, section);
  await page.getByRole('button', { name: button, exact: true }).click();
};

/** The field's marks as a screen reader has them: aria-invalid, and the text it is described by. */
const markOf = async (name: string) => {
  const field = await invalid(name);
  return { invalid: field.invalid, message: await messageOf(page, field.described) };
};

const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);

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
  await openNew('Blog', 'New post');
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
  await openNew('Blog', 'New post');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await toastShows(page, 'Missing Information', 'Please provide at least a title to save the draft.');
  const title = await invalid('Title');
  expect(title.invalid).toBe('true');
  expect(await messageOf(page, title.described)).toContain('Title is required to save the draft.');

  await openNew('Reviews', 'New review');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Shearwater Peregrine TX');
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields to publish the review.');
  const link = await invalid('Purchase Link (Affiliate)');
  expect(link.invalid).toBe('true');
  expect(await messageOf(page, link.described)).toContain('Purchase Link is required to publish.');
});

it("marks the missing fields of a carousel slide under SPEC's toast, and of a newsletter issue without a subject", async () => {
  await openNew('Carousel', 'New slide');
  await page.getByRole('button', { name: 'Create Slide' }).click();
  await toastShows(page, 'Missing Information', 'Please provide a title and video URL before saving the carousel slide.');
  expect(await markOf('Title')).toEqual({ invalid: 'true', message: expect.stringContaining('Title is required.') });
  expect(await markOf('Video URL')).toEqual({ invalid: 'true', message: expect.stringContaining('Video URL is required.') });
  expect(await focusedName()).toBe('title');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Mantas of Lady Elliot Island');
  expect((await invalid('Title')).invalid).toBeNull();
  await page.getByRole('button', { name: 'Create Slide' }).click();
  expect(await focusedName()).toBe('videoUrl');

  await openSection(page, 'Newsletter');
  await page.getByRole('button', { name: 'New Issue', exact: true }).click();
  await page.getByRole('button', { name: 'Save Draft' }).click();
  expect(await markOf('Subject')).toEqual({ invalid: 'true', message: expect.stringContaining('Subject is required.') });
  expect(await focusedName()).toBe('subject');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Winter on the reef');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  expect(await markOf('Send at')).toEqual({ invalid: 'true', message: expect.stringContaining('Choose when to send it.') });
  expect(await focusedName()).toBe('scheduleAt');
});

it("marks a subscriber's invalid address, and each missing or out-of-range field of a dive site", async () => {
  await t.dataSource.query(`INSERT INTO newsletters (email, subscribed, "unsubscribeToken") VALUES ('reef.reader@example.com', true, md5(random()::text))`);
  await openSection(page, 'Newsletter');
  await page.getByRole('button', { name: 'Edit reef.reader@example.com' }).click();
  await page.getByRole('textbox', { name: 'Email Address' }).fill('reef.reader');
  await page.getByRole('button', { name: 'Update Subscriber' }).click();
  expect(await markOf('Email Address')).toEqual({ invalid: 'true', message: expect.stringContaining('Enter a valid email address.') });
  await page.getByRole('textbox', { name: 'Email Address' }).fill('');
  await page.getByRole('button', { name: 'Update Subscriber' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields.');
  expect(await markOf('Email Address')).toEqual({ invalid: 'true', message: expect.stringContaining('Email Address is required.') });

  await page.goto(`${t.baseUrl}/admin/dive-sites`);
  await page.getByRole('button', { name: 'Add New Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Dive Site' });
  await dialog.getByRole('textbox', { name: 'Site Name' }).fill('Rocky Test Bommie');
  await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill('-128.2');
  await dialog.getByRole('button', { name: 'Create Site' }).click();
  await toastShows(page, 'Missing Information', 'Please fill in all required fields.');
  expect((await invalid('Site Name')).invalid).toBeNull();
  expect(await markOf('Region')).toEqual({ invalid: 'true', message: expect.stringContaining('Region is required.') });
  const latitude = page.getByRole('spinbutton', { name: 'Latitude' });
  expect(await latitude.getAttribute('aria-invalid')).toBe('true');
  expect(await messageOf(page, await latitude.getAttribute('aria-describedby'))).toContain('Latitude must be between -90 and 90.');
  expect(await markOf('Depth Range')).toEqual({ invalid: 'true', message: expect.stringContaining('Depth Range is required.') });
  // Focus on the first to fix, in the form's order; nothing was sent.
  expect(await focusedName()).toBe('region');
  await expect(t.dataSource.query(`SELECT 1 FROM dive_sites WHERE name = 'Rocky Test Bommie'`)).resolves.toEqual([]);
});

it("marks a notice's missing fields and a check's missing sources on the dive-site screen, the server's texts under them", async () => {
  await page.goto(`${t.baseUrl}/admin/dive-sites`);
  await page.getByRole('heading', { name: 'Dive Site Management' }).waitFor();
  await page.getByRole('button', { name: 'Add notice' }).click();
  const notice = page.getByRole('dialog', { name: 'Add notice' });
  await notice.getByRole('textbox', { name: 'Title', exact: true }).fill('Test closure of the boat ramp');
  await notice.getByRole('button', { name: 'Add notice' }).click();
  await notice.getByRole('alert').getByText(NOTICE_TEXT.bodyRequired, { exact: false }).waitFor();
  expect((await invalid('Title')).invalid).toBeNull();
  expect(await markOf('Body')).toEqual({ invalid: 'true', message: expect.stringContaining(NOTICE_TEXT.bodyRequired) });
  expect(await markOf('Source title')).toEqual({ invalid: 'true', message: expect.stringContaining(NOTICE_TEXT.sourceTitle) });
  expect(await focusedName()).toBe('body');
  await page.keyboard.press('Escape');
  await notice.waitFor({ state: 'detached' });

  const row = page.getByTestId('check-row').first();
  await row.getByRole('button', { name: /^Mark checked: / }).click();
  const check = page.getByRole('dialog', { name: /^Mark .* checked$/ });
  await check.getByLabel('Position', { exact: true }).check();
  await check.getByRole('button', { name: 'Record check' }).click();
  await check.getByRole('alert').getByText(CHECK_TEXT.sources).waitFor();
  expect(await markOf('Sources')).toEqual({ invalid: 'true', message: expect.stringContaining(CHECK_TEXT.sources) });
  expect(await focusedName()).toBe('sources');
  // A source that is not a web address: the server's refusal marks the field too.
  await check.getByRole('textbox', { name: 'Sources', exact: true }).fill('not a web address');
  await check.getByRole('button', { name: 'Record check' }).click();
  await check.getByRole('alert').getByText(CHECK_TEXT.sources).waitFor();
  expect(await markOf('Sources')).toEqual({ invalid: 'true', message: expect.stringContaining(CHECK_TEXT.sources) });
});

it("marks an accepted correction's empty value and a source that is no web address, and saves nothing", async () => {
  const [site] = await t.dataSource.query(`SELECT id, name, "depthRange" FROM dive_sites ORDER BY id LIMIT 1`);
  await t.dataSource.query('DELETE FROM site_corrections');
  await t.dataSource.query(
    `INSERT INTO site_corrections ("diveSiteId", field, suggestion, "sourceUrl") VALUES ($1, 'depthRange', '5-40m', 'https://www.example.org/depths')`,
    [site.id],
  );
  await page.goto(`${t.baseUrl}/admin/dive-sites`);
  const section = page.getByRole('region', { name: /Suggested corrections/ });
  await section.getByRole('button', { name: `Accept correction of ${site.name}` }).click();
  const editor = section.getByRole('form', { name: `Accept correction of ${site.name}` });
  await editor.getByRole('textbox', { name: /as it will read$/ }).fill('');
  await editor.getByRole('textbox', { name: 'Source', exact: true }).fill('a friend told me');
  await editor.getByRole('button', { name: 'Save change' }).click();
  const value = editor.getByRole('textbox', { name: /as it will read$/ });
  expect(await value.getAttribute('aria-invalid')).toBe('true');
  expect(await messageOf(page, await value.getAttribute('aria-describedby'))).toContain('Enter the value as it will read on the site.');
  expect(await markOf('Source')).toEqual({ invalid: 'true', message: expect.stringContaining('Give the source as a web address (https://...).') });
  expect(await focusedName()).toBe('value');
  await editor.getByRole('textbox', { name: /as it will read$/ }).fill('5-30m');
  expect(await value.getAttribute('aria-invalid')).toBeNull();
  const [after] = await t.dataSource.query(`SELECT "depthRange" FROM dive_sites WHERE id = $1`, [site.id]);
  expect(after.depthRange).toBe(site.depthRange);
});
