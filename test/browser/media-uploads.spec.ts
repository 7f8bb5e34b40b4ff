import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { islandReady, openDashboard, openSection, publishNow, toastShows } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/** Issue 17 end to end: an editor uploads a photo through the article form, and readers get it through /img. */
const suite = browserSuite({ as: 'admin' });
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

describe('uploading an image in the admin', () => {
  const title = 'Uploaded Reef Light at Julian Rocks';
  const slug = 'uploaded-reef-light-at-julian-rocks';

  it('fills the header image from an upload, and the published article shows it through /img with a srcset', async () => {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1d6fa5' } })
      .png()
      .toBuffer();
    await openDashboard(page, t);
    await openSection(page, 'Blog');
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('Dive Sites');
    await page.getByRole('textbox', { name: 'Content' }).fill('Morning light over the Nursery at Julian Rocks.');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an image for Header Image URL' }).click();
    await (await chooser).setFiles({ name: 'julian-rocks.png', mimeType: 'image/png', buffer: png });
    await toastShows(page, 'Image uploaded', '1600 x 1000 pixels');
    const url = await page.getByLabel('Header Image URL').inputValue();
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.png$/);

    await publishNow(page);
    await toastShows(page, 'Post Published');

    await page.goto(`${t.baseUrl}/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const header = page.locator('article img').first();
    await expect(header.getAttribute('srcset')).resolves.toContain(`/img?src=${encodeURIComponent(url)}&w=1600 1600w`);
    await expect(header.getAttribute('fetchpriority')).resolves.toBe('high');
    // The browser picked a variant from the srcset, and it decoded.
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('article img');
      return !!image && image.complete && image.naturalWidth > 0;
    });
    const chosen = new URL(await header.evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(chosen.pathname).toBe('/img');
    expect(chosen.searchParams.get('src')).toBe(url);
    expect(['400', '600', '800', '1200', '1600']).toContain(chosen.searchParams.get('w'));

    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Media' }).click();
    const item = page.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').filter({ hasText: 'julian-rocks.png' });
    await item.getByText(`Used by: article "${title}"`).waitFor();
    await item.getByText(/1600 x 1000/).waitFor();
    await expect(item.getByRole('button', { name: /Delete/ }).count()).resolves.toBe(0);
  });

  it('lists an unused upload with Delete, and deleting removes it', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c05a1d' } })
      .png()
      .toBuffer();
    await openDashboard(page, t);
    await page.getByRole('tab', { name: 'Photos' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an image for Image URL' }).click();
    await (await chooser).setFiles({ name: 'spare-photo.png', mimeType: 'image/png', buffer: png });
    await toastShows(page, 'Image uploaded');
    await expect(page.getByLabel('Image URL', { exact: true }).inputValue()).resolves.toMatch(/^\/media\/uploads\//);

    await page.getByRole('tab', { name: 'Media' }).click();
    const item = page.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').filter({ hasText: 'spare-photo.png' });
    await item.getByText('Not used').waitFor();
    await item.getByRole('button', { name: 'Delete spare-photo.png' }).click();
    // Deleting anything asks first (issue 44).
    await page.getByRole('alertdialog', { name: 'Delete Image' }).getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Image Deleted');
    await item.waitFor({ state: 'detached' });
  });

  it("sets a dive site's photo from an upload in its card's quick updates, and the site's page shows it", async () => {
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const [site] = await t.dataSource.query(`SELECT id, name FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    await islandReady(page, 'AdminDiveSites');
    await page.getByLabel('Search dive sites').fill(site.name);
    const card = page.getByRole('article', { name: site.name, exact: true });
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Upload an image for Photo URL' }).click();
    await (await chooser).setFiles({ name: 'nursery.png', mimeType: 'image/png', buffer: png });
    await toastShows(page, 'Image uploaded', '1200 x 675 pixels');
    const url = await card.getByRole('textbox', { name: 'Photo URL', exact: true }).inputValue();
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.png$/);
    await card.getByRole('button', { name: 'Update Photo URL' }).click();
    await toastShows(page, 'Success', 'Photo updated successfully');

    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    const photo = page.getByRole('img', { name: site.name, exact: true });
    await expect(photo.getAttribute('srcset')).resolves.toContain(`/img?src=${encodeURIComponent(url)}&w=1200 1200w`);
  });

  it("refuses a file that is no image, with the server's message", async () => {
    await openDashboard(page, t);
    await openSection(page, 'Blog');
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an image for Header Image URL' }).click();
    await (await chooser).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some notes') });
    await toastShows(page, 'Upload Failed', 'file must be a JPEG, PNG, WebP, AVIF or GIF image');
    await expect(page.getByLabel('Header Image URL').inputValue()).resolves.toBe('');
  });
});
