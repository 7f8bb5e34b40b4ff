import type { Page } from 'playwright-core';
import request from 'supertest';
import { defaultPhotoAlt, REPORT_PHOTO_TEXT, REPORT_TEXT } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { toastShows } from '../support/admin-browser';
import { DESKTOP } from '../support/browser-suite';
import { daysAgo, openSiteForm, yongalaSuite } from '../support/site-forms';
import { noiseJpeg, phoneJpeg, smallPng } from '../support/report-images';
import { axeViolations as violations } from '../support/axe';

/** Issue 45: a report's photos in the browser: the form without and with JavaScript, offline, the admin, the gallery. */
const suite = yongalaSuite();
jest.setTimeout(90_000);
let yongala: DiveSite;
let originalImage: string | null;

beforeAll(() => {
  yongala = suite.yongala;
  originalImage = yongala.imageUrl;
});

beforeEach(async () => {
  await suite.t.dataSource.query('DELETE FROM condition_reports');
});

const photos = async () => (await suite.t.dataSource.query('SELECT p.alt, p.status FROM report_photos p ORDER BY p.id')) as { alt: string; status: string }[];

async function processed(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [{ n }] = await suite.t.dataSource.query(`SELECT count(*)::int AS n FROM report_photos WHERE status = 'processing'`);
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('photos were not processed');
}

const photoLabel = /^Photos \(optional/;

describe('the report form with photos', () => {
  it('works without JavaScript: a PNG named .jpg comes back refused beside the field, then a photo is taken and waits', async () => {
    const page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${suite.t.baseUrl}/dive-sites/${yongala.id}`);
    const form = page.getByTestId('site-report-form');
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 1));
    await form.getByLabel('Visibility (metres)').fill('12');
    await form.getByLabel(photoLabel).setInputFiles({ name: 'reef.jpg', mimeType: 'image/jpeg', buffer: await smallPng() });
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.waitForURL(/#site-reports$/);
    await form.getByText(REPORT_PHOTO_TEXT.mismatch('reef.jpg', 'PNG')).waitFor();
    await expect(form.getByLabel(photoLabel).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await photos()).toEqual([]);

    await form.getByLabel('Visibility (metres)').fill('12');
    await form.getByLabel('Your name to show (optional)').fill('Ash');
    await form.getByLabel(photoLabel).setInputFiles({ name: 'boat.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg() });
    await form.getByLabel('Description of photo 1').fill('Olive sea snake over the hull');
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByRole('status').getByText(`${REPORT_TEXT.published} ${REPORT_PHOTO_TEXT.waiting}`).waitFor();
    await processed();
    expect(await photos()).toEqual([{ alt: 'Olive sea snake over the hull', status: 'pending' }]);
  });

  it('works with JavaScript: the photo is sent with the report, its description left to the default', async () => {
    const { form } = await openSiteForm(suite, yongala.id, 'report');
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 2));
    await form.getByLabel('Visibility (metres)').fill('20');
    await form.getByLabel('Your name to show (optional)').fill('Kim');
    await form.getByLabel(photoLabel).setInputFiles([{ name: 'groper.jpg', mimeType: 'image/jpeg', buffer: await noiseJpeg() }]);
    // One photo chosen: one description offered.
    await form.getByLabel('Description of photo 1').waitFor();
    await expect(form.getByLabel('Description of photo 2').count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByRole('status').getByText(`${REPORT_TEXT.published} ${REPORT_PHOTO_TEXT.waiting}`).waitFor();
    await processed();
    expect(await photos()).toEqual([{ alt: defaultPhotoAlt('Kim', yongala.name, daysAgo(suite.t, 2)), status: 'pending' }]);
  });

  it('keeps a report and its photo in the browser while offline, and sends them once when back online', async () => {
    const { page, form } = await openSiteForm(suite, yongala.id, 'report', 'attached');
    await page.context().setOffline(true);
    await form.getByLabel('Date dived').fill(daysAgo(suite.t, 0));
    await form.getByLabel('Visibility (metres)').fill('25');
    await form.getByLabel(photoLabel).setInputFiles({ name: 'deck.jpg', mimeType: 'image/jpeg', buffer: await noiseJpeg() });
    await form.getByLabel('Description of photo 1').fill('Taken from the boat');
    await form.getByRole('button', { name: 'Send report' }).click();
    await page.getByTestId('report-waiting').getByText('Waiting to send').waitFor();
    expect(await photos()).toEqual([]);

    await page.context().setOffline(false);
    await form.getByRole('status').getByText(`${REPORT_TEXT.published} ${REPORT_PHOTO_TEXT.waiting}`).waitFor();
    await page.getByTestId('report-waiting').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-island="SiteReportForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    // Nothing waits, in localStorage or IndexedDB, and nothing was sent twice.
    await expect(page.evaluate(() => localStorage.getItem('adg:report-queue'))).resolves.toBeNull();
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('adg-report-photos', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('photos');
          open.onsuccess = () => {
            const count = open.result.transaction('photos').objectStore('photos').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
    await processed();
    expect(await photos()).toEqual([{ alt: 'Taken from the boat', status: 'pending' }]);
    const [{ n }] = await suite.t.dataSource.query('SELECT count(*)::int AS n FROM condition_reports');
    expect(n).toBe(1);
  });
});

/** A published report of two days ago with these photos, processed. */
async function reportWithPhotos(files: [string, Buffer][], alts: string[]): Promise<void> {
  const post = request(suite.t.baseUrl)
    .post(`/api/dive-sites/${yongala.id}/reports`)
    .field('date', daysAgo(suite.t, 2))
    .field('visibility', '15')
    .field('current', 'light')
    .field('name', 'Kim');
  for (const alt of alts) post.field('photoAlt', alt);
  for (const [name, bytes] of files) post.attach('photos', bytes, name);
  await post.expect(201);
  await processed();
}

describe("the admin's photos and the site's gallery", () => {
  it("approves one photo, rejects another after asking, and makes the approved one the site's picture", async () => {
    const { t, page } = suite;
    try {
      await approveAndPicture(t, page);
    } finally {
      await t.dataSource.query('UPDATE dive_sites SET "imageUrl" = $1 WHERE id = $2', [originalImage, yongala.id]);
    }
  });

  async function approveAndPicture(t: typeof suite.t, page: Page): Promise<void> {
    await reportWithPhotos(
      [
        ['a.jpg', await noiseJpeg()],
        ['b.jpg', await noiseJpeg(90, 60)],
      ],
      ['Bull ray on the sand', 'Blurry fin'],
    );
    await page.goto(`${t.baseUrl}/admin/dive-sites`);
    const section = page.getByTestId('reports-queue');
    const cards = section.getByTestId('report-photo');
    await cards.first().getByText('Bull ray on the sand').waitFor({ timeout: 30_000 });
    await cards
      .nth(0)
      .getByRole('button', { name: /Approve photo 1/ })
      .click();
    await toastShows(page, 'Photo approved');
    await cards
      .nth(1)
      .getByRole('button', { name: /Reject photo 2/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Reject Photo' }).getByRole('button', { name: 'Reject' }).click();
    await toastShows(page, 'Photo rejected');
    expect(await photos()).toEqual([
      { alt: 'Bull ray on the sand', status: 'approved' },
      { alt: 'Blurry fin', status: 'rejected' },
    ]);

    // Nothing waits now: the report leaves 'Waiting'; it is under 'Published' with its photos.
    await section.getByText('No reports here.').waitFor();
    await section.getByRole('button', { name: 'Published' }).click();
    await cards.nth(0).getByRole('button', { name: "Make this the site's picture" }).click();
    await toastShows(page, "The site's picture is set");
    const [{ imageUrl }] = await t.dataSource.query('SELECT "imageUrl" FROM dive_sites WHERE id = $1', [yongala.id]);
    expect(imageUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.jpg$/);

    const visitor = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await visitor.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    // The site's page leads with the photo, and its gallery shows the approved one only.
    await expect(visitor.locator(`main img[alt="${yongala.name}"]`).first().getAttribute('src')).resolves.toContain(encodeURIComponent(imageUrl));
    const gallery = visitor.getByTestId('site-gallery');
    await expect(gallery.getByRole('img').count()).resolves.toBe(1);
    await gallery.getByRole('img', { name: 'Bull ray on the sand' }).waitFor();
  }

  it('shows the gallery without JavaScript as figures with captions, and axe finds nothing on the page with reports and photos', async () => {
    const { t } = suite;
    await reportWithPhotos(
      [
        ['a.jpg', await noiseJpeg()],
        ['b.png', await smallPng()],
      ],
      ['Turtle resting on the deck of the wreck', ''],
    );
    await t.dataSource.query(`UPDATE report_photos SET status = 'approved'`);
    await t.dataSource.query(
      `INSERT INTO condition_reports ("diveSiteId", date, visibility, comment, status) VALUES ($1, $2, 8, 'Murky after rain', 'published')`,
      [yongala.id, daysAgo(suite.t, 20)],
    );
    const plain = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await plain.goto(`${t.baseUrl}/dive-sites/${yongala.id}`);
    const gallery = plain.getByTestId('site-gallery');
    await gallery.getByRole('heading', { name: REPORT_PHOTO_TEXT.galleryHeading }).waitFor();
    const figures = gallery.locator('figure');
    await expect(figures.count()).resolves.toBe(2);
    await expect(figures.nth(0).locator('img').getAttribute('alt')).resolves.toBe('Turtle resting on the deck of the wreck');
    await expect(figures.nth(1).locator('img').getAttribute('alt')).resolves.toBe(defaultPhotoAlt('Kim', yongala.name, daysAgo(suite.t, 2)));
    await expect(figures.nth(0).locator('figcaption').textContent()).resolves.toMatch(/^Kim, /);
    // Served through /img in SPEC's widths.
    await expect(figures.nth(0).locator('img').getAttribute('srcset')).resolves.toMatch(/\/img\?src=.*w=400 400w/);

    const visitor = await suite.open(DESKTOP);
    await visitor.goto(`${t.baseUrl}/dive-sites/${yongala.id}#site-reports`);
    await visitor.locator('[data-island="SiteReportForm"][data-hydrated="true"]').waitFor();
    await visitor.getByTestId('site-reports').getByText(REPORT_TEXT.old).waitFor();
    expect(await violations(visitor, 'main')).toEqual([]);
  });
});
