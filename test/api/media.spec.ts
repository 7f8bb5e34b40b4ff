import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { Review } from 'src/reviews/review.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';
import { asBytes } from '../support/bytes';

/** POST/GET/DELETE /api/admin/media and the uploads served under /media/uploads/ and through /img. */
let t: TestApp;
let admin: Agent;

const solid = (width: number, height: number, background = '#1a7fb5') => sharp({ create: { width, height, channels: 3, background } });

/** A valid 1x1 PNG whose header claims width x height: a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const upload = (bytes: Buffer, name = 'photo.png', contentType = 'image/png', as: Agent = admin) =>
  as.post('/api/admin/media').attach('file', bytes, { filename: name, contentType });

const storedCount = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM media'))[0].n);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
}, 60_000);

afterAll(() => t?.close());

describe('POST /api/admin/media', () => {
  it('stores an image and answers its site URL and size; the site serves it for good', async () => {
    const png = await solid(640, 480, '#20a0c0').png().toBuffer();
    const response = await upload(png, 'reef.png');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{64}\.png$/), width: 640, height: 480 });

    const served = await request(t.baseUrl).get(response.body.url).buffer(true).parse(asBytes);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Written again without metadata, PNG losslessly: the same pixels.
    const pixels = (image: Buffer) => sharp(image).raw().toBuffer();
    expect(Buffer.compare(await pixels(served.body as Buffer), await pixels(png))).toBe(0);

    const again = await request(t.baseUrl).get(response.body.url).set('If-None-Match', served.headers.etag);
    expect(again.status).toBe(304);
  });

  it('keeps one row for the same bytes uploaded twice', async () => {
    const png = await solid(50, 40, '#334455').png().toBuffer();
    const first = await upload(png, 'one.png');
    const before = await storedCount();
    const second = await upload(png, 'two.png');
    expect(second.status).toBe(201);
    expect(second.body.url).toBe(first.body.url);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['jpeg', 'jpg'],
    ['png', 'png'],
    ['webp', 'webp'],
    ['avif', 'avif'],
    ['gif', 'gif'],
  ] as const)('takes %s, named .%s whatever the file was called', async (format, extension) => {
    const bytes = await solid(120, 80, '#5a3').toFormat(format).toBuffer();
    const response = await upload(bytes, 'upload.bin', 'application/octet-stream');
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(new RegExp(`\\.${extension}$`));
  });

  it('gives the size as shown, after the EXIF orientation', async () => {
    const jpeg = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await upload(jpeg, 'turned.jpg', 'image/jpeg')).body).toMatchObject({ width: 100, height: 300 });
  });

  it('is a source for /img, served resized and immutable', async () => {
    const { body } = await upload(await solid(1000, 750, '#0b5394').jpeg().toBuffer(), 'wide.jpg', 'image/jpeg');
    const response = await fetch(`${t.baseUrl}/img?${new URLSearchParams({ src: body.url, w: '400' })}`, { headers: { Accept: 'image/webp' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  describe('refuses, storing nothing', () => {
    const refused = async (send: () => Promise<request.Response>, status: number, message: RegExp) => {
      const before = await storedCount();
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body.error).toMatch(message);
      expect(await storedCount()).toBe(before);
    };

    it('text that calls itself a PNG', () =>
      refused(() => upload(Buffer.from('not an image, whatever the name says'), 'fake.png'), 415, /must be a JPEG, PNG, WebP, AVIF or GIF image/));

    it('an SVG (never stored: it could carry script)', () =>
      refused(
        () => upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'),
        415,
        /must be a JPEG, PNG/,
      ));

    it('a truncated JPEG', async () => {
      const jpeg = await solid(800, 600).jpeg().toBuffer();
      await refused(() => upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg'), 422, /not a readable image/);
    });

    it('a decompression bomb', async () => refused(async () => upload(await pngClaiming(50_000, 50_000), 'bomb.png'), 422, /larger than 40 megapixels/));

    it('a file over 15 MB', () => refused(() => upload(Buffer.alloc(15 * 1024 * 1024 + 1, 0xff), 'big.jpg', 'image/jpeg'), 413, /too large/i));

    it('a request without a file', () => refused(() => admin.post('/api/admin/media').field('note', 'hello'), 400, /file is required/));

    it('a file under another field name', async () => {
      const png = await solid(10, 10).png().toBuffer();
      await refused(() => admin.post('/api/admin/media').attach('image', png, 'x.png'), 400, /Unexpected file field/);
    });

    it('an upload without a session', async () => {
      const png = await solid(12, 12, '#abcdef').png().toBuffer();
      await refused(() => request(t.baseUrl).post('/api/admin/media').attach('file', png, 'x.png'), 401, /.+/);
    });
  });
});

describe('GET /api/admin/media and DELETE /api/admin/media/{id}', () => {
  it('lists uploads with where each is used, and deletes only unused ones', async () => {
    const header = (await upload(await solid(200, 100, '#102030').png().toBuffer(), 'header.png')).body.url as string;
    const inBody = (await upload(await solid(200, 100, '#203040').png().toBuffer(), 'inline.png')).body.url as string;
    const poster = (await upload(await solid(200, 100, '#304050').png().toBuffer(), 'poster.png')).body.url as string;
    const unused = (await upload(await solid(200, 100, '#405060').png().toBuffer(), 'spare.png')).body.url as string;

    const article = await admin.post('/api/articles').send({ title: 'Media article', content: 'Body', category: 'Tips', imageUrl: header, published: true });
    expect(article.status).toBe(201);
    const review = await t.dataSource.getRepository(Review).save({
      title: 'Media review',
      slug: 'media-review',
      excerpt: 'x',
      content: `Look: ![fins](${t.baseUrl}${inBody})`,
      category: 'Other',
      imageUrl: '/media/gear-fins.svg',
      purchaseLink: 'https://example.com/buy',
    });
    const slide = await t.dataSource.getRepository(CarouselVideo).save({ title: 'Media slide', videoUrl: '/media/video/reef.mp4', posterImageUrl: poster });

    const list = await admin.get('/api/admin/media');
    expect(list.status).toBe(200);
    const byUrl: Record<string, { id: number; size: number; usedBy: unknown[] }> = Object.fromEntries(
      (list.body as { url: string; id: number; size: number; usedBy: unknown[] }[]).map((item) => [item.url, item]),
    );
    expect(byUrl[header]).toMatchObject({
      mimeType: 'image/png',
      width: 200,
      height: 100,
      originalName: 'header.png',
      usedBy: [{ type: 'article', id: article.body.id, title: 'Media article' }],
    });
    expect(byUrl[inBody].usedBy).toEqual([{ type: 'review', id: review.id, title: 'Media review' }]);
    expect(byUrl[poster].usedBy).toEqual([{ type: 'carousel slide', id: slide.id, title: 'Media slide' }]);
    expect(byUrl[unused].usedBy).toEqual([]);
    expect(byUrl[unused].size).toBeGreaterThan(0);

    const inUse = await admin.delete(`/api/admin/media/${byUrl[header].id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatch(/in use/);
    expect((await request(t.baseUrl).get(header)).status).toBe(200);

    expect((await admin.delete(`/api/admin/media/${byUrl[unused].id}`)).status).toBe(204);
    expect((await request(t.baseUrl).get(unused)).status).toBe(404);
    expect((await admin.delete(`/api/admin/media/${byUrl[unused].id}`)).status).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await admin.delete('/api/admin/media/abc');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Media id must be a positive whole number');
  });

  it('is for the administrator only', async () => {
    expect((await request(t.baseUrl).get('/api/admin/media')).status).toBe(401);
  });
});

describe('GET /media/uploads/{file}', () => {
  it('answers 404 for a name that is no upload, or the wrong extension of one', async () => {
    const { body } = await upload(await solid(30, 30, '#999999').png().toBuffer(), 'grey.png');
    expect((await request(t.baseUrl).get(body.url.replace(/\.png$/, '.jpg'))).status).toBe(404);
    expect((await request(t.baseUrl).get(`/media/uploads/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await request(t.baseUrl).get('/media/uploads/../favicon.svg')).status).not.toBe(500);
  });
});
