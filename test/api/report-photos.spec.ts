import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { dayIn, defaultPhotoAlt, REPORT_PHOTO_TEXT, REPORT_TEXT } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { HousekeepingService } from 'src/housekeeping/housekeeping.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { bombPng, damagedScanJpeg, hasGpsPointer, noiseJpeg, phoneJpeg, smallPng } from '../support/report-images';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 45: a condition report's photos (checked from their bytes, processed on the job queue, approved one by one). */
let t: TestApp;
let site: DiveSite;
let admin: Agent;

// This app's own DATA_DIR: the files its uploads are streamed to (DATA_DIR/report-photos) are this file's alone.
const dataDir = mkdtempSync(join(tmpdir(), 'report-photos-spec-'));
const spooled = () => readdirSync(join(dataDir, 'report-photos'));

/** The request's files are deleted as its answer goes: waits for the deletion to land, then says what is left. */
async function noFileLeft() {
  for (let i = 0; i < 100 && spooled().length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(spooled()).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
  site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
  admin = await signInAsAdmin(t);
});

beforeEach(async () => {
  await t.dataSource.query('DELETE FROM rate_limits');
  await t.dataSource.query('DELETE FROM condition_reports');
});

afterAll(() => t.close());

function daysAgo(days: number): string {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

/** A multipart report of a dive two days ago with these photos (name, bytes) and descriptions. */
function postWith(photos: [string, Buffer][], alts: string[] = [], fields: Record<string, string> = {}) {
  const req = request(t.baseUrl).post(`/api/dive-sites/${site.id}/reports`).field('date', daysAgo(2)).field('visibility', '15').field('name', 'Kim');
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const alt of alts) req.field('photoAlt', alt);
  for (const [name, bytes] of photos) req.attach('photos', bytes, name);
  return req;
}

/** Waits until the job queue has processed every photo (the queue polls each second). */
async function processed(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await count("report_photos WHERE status = 'processing'")) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('photos were not processed');
}

/** Nothing of a refused report is kept: no row, no photo's bytes, no file of its upload. */
async function nothingStored() {
  expect(await count('condition_reports')).toBe(0);
  expect(await count('report_photos')).toBe(0);
  expect(await count('report_photo_uploads')).toBe(0);
  await noFileLeft();
}

describe('POST /api/dive-sites/{id}/reports with photos', () => {
  it('takes a report with a photo: the photo waits for approval, upright, with no EXIF or GPS left', async () => {
    const mediaBefore = await count('media');
    const sent = await phoneJpeg();
    const sentMetadata = await sharp(sent).metadata();
    expect(hasGpsPointer(sentMetadata.exif)).toBe(true);
    expect(sentMetadata.orientation).toBe(6);
    const { body } = await postWith([['boat.jpg', sent]]).expect(201);
    expect(body.published).toBe(true);
    expect(body.message).toBe(`${REPORT_TEXT.published} ${REPORT_PHOTO_TEXT.waiting}`);
    await processed();
    // The file the upload was streamed to went with the request; its bytes as received went once processed.
    await noFileLeft();
    const [photo] = await t.dataSource.query(
      `SELECT p.status, p.alt, p."uploadId", m.hash, m."mimeType" FROM report_photos p JOIN media m ON m.id = p."mediaId"`,
    );
    expect(photo.status).toBe('pending');
    expect(photo.uploadId).toBeNull();
    expect(await count('report_photo_uploads')).toBe(0);
    expect(photo.alt).toBe(defaultPhotoAlt('Kim', site.name, daysAgo(2)));
    expect(await count('media')).toBe(mediaBefore + 1);
    const stored = await request(t.baseUrl).get(`/media/uploads/${photo.hash}.jpg`).expect(200);
    const metadata = await sharp(stored.body as Buffer).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect((stored.body as Buffer).includes('TestCam')).toBe(false);
    expect(hasGpsPointer(stored.body as Buffer)).toBe(false);
    // Turned upright: stored 120 x 80 on its side (orientation 6), shown 80 wide and 120 high.
    expect([metadata.width, metadata.height]).toEqual([80, 120]);

    // Waiting: not on the site's list, in the administrator's queue with its status.
    const { body: list } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200);
    expect(list[0].photos).toEqual([]);
    const { body: queue } = await admin.get('/api/admin/reports').expect(200);
    expect(queue[0].photos).toEqual([expect.objectContaining({ status: 'pending', alt: photo.alt, src: `/media/uploads/${photo.hash}.jpg` })]);

    await admin.post(`/api/admin/reports/photos/${queue[0].photos[0].id}/approve`).expect(200);
    const { body: after } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200);
    expect(after[0].photos).toEqual([{ id: queue[0].photos[0].id, src: `/media/uploads/${photo.hash}.jpg`, alt: photo.alt, width: 80, height: 120 }]);
    // Served through /img in SPEC's widths.
    const image = await request(t.baseUrl)
      .get(`/img?src=${encodeURIComponent(after[0].photos[0].src)}&w=400`)
      .expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it("keeps the diver's descriptions in the order of the photos", async () => {
    await postWith(
      [
        ['a.jpg', await noiseJpeg()],
        ['b.png', await smallPng()],
      ],
      ['A wobbegong under the ledge', ''],
    ).expect(201);
    const rows = await t.dataSource.query('SELECT alt FROM report_photos ORDER BY position');
    expect(rows.map((row: { alt: string }) => row.alt)).toEqual(['A wobbegong under the ledge', defaultPhotoAlt('Kim', site.name, daysAgo(2))]);
    await processed();
  });

  it('refuses a decompression bomb (60,000 x 60,000 declared in a tiny PNG) before decoding it, and stores nothing', async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(1024);
    const { body } = await postWith([['bomb.png', bomb]]).expect(422);
    expect(body.fields.photos).toEqual([REPORT_PHOTO_TEXT.pixels('bomb.png')]);
    await nothingStored();
  });

  it('refuses a PNG renamed .jpg as a mismatch', async () => {
    const { body } = await postWith([['reef.jpg', await smallPng()]]).expect(415);
    expect(body.fields.photos).toEqual([REPORT_PHOTO_TEXT.mismatch('reef.jpg', 'PNG')]);
    await nothingStored();
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await noiseJpeg(400, 300);
    const { body } = await postWith([['cut.jpg', whole.subarray(0, Math.floor(whole.length * 0.6))]]).expect(422);
    expect(body.fields.photos).toEqual([REPORT_PHOTO_TEXT.damaged('cut.jpg')]);
    await nothingStored();
  });

  it('refuses a JPEG cut short within its scans, a PNG without its end and a WebP shorter than its container says', async () => {
    const jpeg = await noiseJpeg(400, 300, true);
    const cut = jpeg.subarray(0, jpeg.length - 200);
    expect((await sharp(cut).metadata()).width).toBe(400);
    const jpegAnswer = await postWith([['late.jpg', cut]]).expect(422);
    expect(jpegAnswer.body.fields.photos).toEqual([REPORT_PHOTO_TEXT.damaged('late.jpg')]);
    const png = await smallPng();
    const pngAnswer = await postWith([['end.png', png.subarray(0, png.length - 12)]]).expect(422);
    expect(pngAnswer.body.fields.photos).toEqual([REPORT_PHOTO_TEXT.damaged('end.png')]);
    const webp = await sharp(jpeg).webp().toBuffer();
    const webpAnswer = await postWith([['short.webp', webp.subarray(0, webp.length - 100)]]).expect(422);
    expect(webpAnswer.body.fields.photos).toEqual([REPORT_PHOTO_TEXT.damaged('short.webp')]);
    await nothingStored();
  });

  it('takes a photo whose damage only a decoder finds, then rejects it when processed: it never shows and cannot be approved', async () => {
    const { body } = await postWith([['scan.jpg', await damagedScanJpeg()]]).expect(201);
    await processed();
    const [photo] = await t.dataSource.query(`SELECT id, status, "uploadId", "mediaId" FROM report_photos`);
    expect(photo).toEqual({ id: expect.any(Number), status: 'rejected', uploadId: null, mediaId: null });
    expect(await count('report_photo_uploads')).toBe(0);
    const { body: list } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200);
    expect(list.find((row: { id: number }) => row.id === body.report.id).photos).toEqual([]);
    await admin.post(`/api/admin/reports/photos/${photo.id}/approve`).expect(409);
    const page = await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200);
    expect(page.text).not.toContain('/media/uploads/');
  });

  it('refuses more than three photos', async () => {
    const jpeg = await noiseJpeg();
    const { body } = await postWith([
      ['1.jpg', jpeg],
      ['2.jpg', jpeg],
      ['3.jpg', jpeg],
      ['4.jpg', jpeg],
    ]).expect(400);
    expect(body.fields.photos).toEqual([REPORT_PHOTO_TEXT.tooMany]);
    await nothingStored();
  });

  it('refuses a file over 15 MB without reading the rest of it', async () => {
    const jpeg = await noiseJpeg();
    const big = Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]);
    const { body } = await postWith([['huge.jpg', big]]).expect(413);
    expect(body.fields.photos).toEqual([REPORT_PHOTO_TEXT.tooLarge]);
    await nothingStored();
  });

  it('refuses what is no image, whatever its name, and a GIF', async () => {
    const text = await postWith([['notes.jpg', Buffer.from('Saw a turtle. '.repeat(20))]]).expect(415);
    expect(text.body.fields.photos).toEqual([REPORT_PHOTO_TEXT.format('notes.jpg')]);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await postWith([['anim.gif', gif]]).expect(415);
    await nothingStored();
  });

  it('refuses a report whose fields are wrong before looking at its photos, naming the field', async () => {
    const { body } = await postWith([['a.jpg', await noiseJpeg()]], [], { current: 'ripping' }).expect(400);
    expect(body.fields.current).toEqual([REPORT_TEXT.current]);
    const alt = await postWith([['a.jpg', await noiseJpeg()]], ['x'.repeat(201)]).expect(400);
    expect(alt.body.fields.photoAlt).toEqual([REPORT_PHOTO_TEXT.alt]);
    await nothingStored();
  });

  it('honours the Idempotency-Key of a report with photos: sent twice, stored once', async () => {
    const jpeg = await noiseJpeg();
    const first = await postWith([['a.jpg', jpeg]])
      .set('Idempotency-Key', 'photo-key-0001')
      .expect(201);
    const again = await postWith([['a.jpg', jpeg]])
      .set('Idempotency-Key', 'photo-key-0001')
      .expect(201);
    expect(again.body.report.id).toBe(first.body.report.id);
    expect(await count('condition_reports')).toBe(1);
    expect(await count('report_photos')).toBe(1);
    await processed();
    expect(await count('report_photo_uploads')).toBe(0);
    await noFileLeft();
  });

  it('lets the housekeeping delete bytes as received that no photo refers to, an hour after they came, and nothing else', async () => {
    const stored = async (age: string) =>
      (
        (await t.dataSource.query(`INSERT INTO report_photo_uploads (bytes, "createdAt") VALUES ($1, now() - $2::interval) RETURNING id`, [
          Buffer.from('photo'),
          age,
        ])) as { id: number }[]
      )[0].id;
    // Left by a process that stopped between storing a photo and its report (an hour and more ago), one just
    // stored, and one as old whose photo still waits to be processed (a long queue): only the first goes.
    const left = await stored('61 minutes');
    const fresh = await stored('5 minutes');
    const waiting = await stored('3 hours');
    const [report] = (await t.dataSource.query(
      `INSERT INTO condition_reports ("diveSiteId", date, visibility, status) VALUES ($1, $2, 10, 'published') RETURNING id`,
      [site.id, daysAgo(1)],
    )) as { id: number }[];
    await t.dataSource.query(`INSERT INTO report_photos ("reportId", position, alt, status, "uploadId") VALUES ($1, 0, 'A photo', 'processing', $2)`, [
      report.id,
      waiting,
    ]);
    await t.app.get(HousekeepingService).prune();
    const kept = ((await t.dataSource.query(`SELECT id FROM report_photo_uploads ORDER BY id`)) as { id: number }[]).map((row) => row.id);
    expect(kept).toEqual([fresh, waiting]);
    expect(kept).not.toContain(left);
    await t.dataSource.query('DELETE FROM report_photo_uploads');
  });
});

describe('the administrator and a photo', () => {
  it("rejects a photo (its stored image goes), and makes another the site's picture", async () => {
    await postWith([
      ['a.jpg', await noiseJpeg()],
      ['b.jpg', await noiseJpeg(90, 60)],
    ]).expect(201);
    await processed();
    const { body: queue } = await admin.get('/api/admin/reports').expect(200);
    const [first, second] = queue[0].photos;
    const mediaBefore = await count('media');
    const rejected = await admin.post(`/api/admin/reports/photos/${first.id}/reject`).expect(200);
    expect(rejected.body).toEqual({ ids: [first.id], siteIds: [site.id], status: 'rejected' });
    expect(await count('media')).toBe(mediaBefore - 1);
    await admin.post(`/api/admin/reports/photos/${first.id}/approve`).expect(409);

    const original = site.imageUrl;
    try {
      const { body } = await admin.post(`/api/admin/reports/photos/${second.id}/site-picture`).expect(200);
      expect(body.imageUrl).toBe(second.src);
      const { body: siteAfter } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200);
      expect(siteAfter.imageUrl).toBe(second.src);
      // Approved with it: in the report's photos on the site's list.
      const { body: list } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200);
      expect(list[0].photos.map((photo: { id: number }) => photo.id)).toEqual([second.id]);
      // Deleting the report keeps the image the site shows.
      await admin
        .post('/api/admin/reports/delete')
        .send({ ids: [queue[0].id] })
        .expect(200);
      await request(t.baseUrl).get(second.src).expect(200);
    } finally {
      await t.dataSource.query('UPDATE dive_sites SET "imageUrl" = $1 WHERE id = $2', [original, site.id]);
    }
  });

  it('answers 404 for a photo that does not exist, and refuses without a session', async () => {
    await admin.post('/api/admin/reports/photos/999999/approve').expect(404);
    await request(t.baseUrl).post('/api/admin/reports/photos/1/approve').expect(401);
  });
});
