import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { projectRoot } from 'src/common/project-root';
import { publicAddressesOnly } from 'src/outbound/address-policy';
import { IMAGE_CACHE_ENTRIES, ImagesService, MAX_SOURCE_BYTES } from 'src/images/images.service';
import { IMAGE_SERVICE_BUSY } from 'src/images/work-limiter';
import { REMOTE_FETCH_OPTIONS, type RemoteFetchOptions } from 'src/images/remote-image.fetcher';
import { bombPng } from '../support/report-images';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET /img on the real app. Remote images come from a local server on 127.0.0.2 that the test's DNS
 * answer (images.test) and address rule treat as public; every other address goes through the
 * production policy, so the app's own port on 127.0.0.1 is a real SSRF target it must refuse.
 */
const IMAGE_HOST = '127.0.0.2';
const WIDTHS = [400, 600, 800, 1200, 1600];
const PARAMS_REFUSED = 'src must be a public http or https image URL';

let t: TestApp;
let images: http.Server;
let imagesBase: string;
const files: Record<string, Buffer> = {};
const dns: Record<string, string> = { 'images.test': IMAGE_HOST, 'internal.test': '10.0.0.9', 'metadata.test': '169.254.169.254' };

/** A photo-like picture (a gradient under noise, which compresses like a photograph), as raw RGB. */
function photo(width: number, height: number): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed % 48) - 24;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 160 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function get(src: string, params: Record<string, string> = {}, accept = 'image/jpeg') {
  const query = new URLSearchParams({ src, ...params });
  const response = await fetch(`${t.baseUrl}/img?${query}`, { headers: { Accept: accept } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function decoded(body: Buffer) {
  return sharp(body).metadata();
}

beforeAll(async () => {
  files['/photo.jpg'] = await photo(2000, 1500)
    .jpeg({ quality: 90 })
    .withMetadata({ exif: { IFD0: { Copyright: 'Test camera', Artist: 'Someone' } } })
    .toBuffer();
  files['/small.png'] = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a8' } })
    .png()
    .toBuffer();
  files['/alpha.png'] = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 100, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
  // Stored 1000 wide and 500 high, shown upright (EXIF orientation 6: turn 90 degrees clockwise) 500 x 1000.
  files['/rotated.jpg'] = await photo(1000, 500).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  files['/drawing.svg'] = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
  files['/notes.png'] = Buffer.from('These are notes, whatever the name says.');
  files['/truncated.jpg'] = files['/photo.jpg'].subarray(0, Math.floor(files['/photo.jpg'].length / 2));
  files['/bomb.png'] = await bombPng(50_000, 50_000);
  files['/tiny.png'] = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f80' } })
    .png()
    .toBuffer();

  images = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/huge.jpg') {
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(MAX_SOURCE_BYTES + 1) });
      response.end();
    } else if (url.pathname === '/to') {
      response.writeHead(302, { Location: url.searchParams.get('target') ?? '/' }).end();
    } else if (files[url.pathname]) {
      // The header says an image whatever the bytes are: the endpoint must go by the bytes.
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(files[url.pathname]);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, IMAGE_HOST, resolve));
  imagesBase = `http://images.test:${(images.address() as AddressInfo).port}`;

  const fetchOptions: RemoteFetchOptions = {
    resolve: async (hostname) => (dns[hostname] ? [{ address: dns[hostname], family: 4 }] : Promise.reject(new Error('ENOTFOUND'))),
    allowAddress: (address) => address === IMAGE_HOST || publicAddressesOnly(address),
    allowedHosts: null,
    timeoutMs: 10_000,
    connectTimeoutMs: 5_000,
    maxBytes: MAX_SOURCE_BYTES,
    maxRedirects: 3,
  };
  t = await startTestApp({}, { overrides: [{ provide: REMOTE_FETCH_OPTIONS, useValue: fetchOptions }] });
  // Refusals are logged as warnings; the test's own output stays quiet.
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
}, 60_000);

afterAll(async () => {
  await t?.close();
  images?.closeAllConnections();
  await new Promise((resolve) => images?.close(resolve));
});

describe('GET /img', () => {
  it.each(WIDTHS)('scales a photo to %i px wide, keeping its proportions', async (width) => {
    const { status, headers, body } = await get(`${imagesBase}/photo.jpg`, { w: String(width) });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/jpeg');
    expect(headers.get('vary')).toMatch(/Accept/);
    expect(headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const meta = await decoded(body);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, width * 0.75]);
  });

  it('answers AVIF, WebP or JPEG as the Accept header names them', async () => {
    const chrome = await get(`${imagesBase}/photo.jpg`, { w: '600' }, 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8');
    expect(chrome.headers.get('content-type')).toBe('image/avif');
    expect(await decoded(chrome.body)).toMatchObject({ format: 'heif', compression: 'av1', width: 600, height: 450 });

    const webp = await get(`${imagesBase}/photo.jpg`, { w: '600' }, 'image/webp,*/*');
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await decoded(webp.body)).toMatchObject({ format: 'webp', width: 600, height: 450 });

    const anything = await get(`${imagesBase}/photo.jpg`, { w: '600' }, '*/*');
    expect(anything.headers.get('content-type')).toBe('image/jpeg');
    expect(await decoded(anything.body)).toMatchObject({ format: 'jpeg', width: 600 });
  });

  it('keeps transparency in PNG for a client that takes neither AVIF nor WebP', async () => {
    const { headers, body } = await get(`${imagesBase}/alpha.png`, { w: '400' }, '*/*');
    expect(headers.get('content-type')).toBe('image/png');
    expect(await decoded(body)).toMatchObject({ format: 'png', width: 400, height: 300, hasAlpha: true });
  });

  it('never scales an image up', async () => {
    const { status, body } = await get(`${imagesBase}/small.png`, { w: '1600' });
    expect(status).toBe(200);
    expect(await decoded(body)).toMatchObject({ width: 300, height: 200 });
  });

  it('crops a review image to 1200 x 800', async () => {
    const { status, body } = await get(`${imagesBase}/photo.jpg`, { w: '1200', fit: 'review' });
    expect(status).toBe(200);
    expect(await decoded(body)).toMatchObject({ width: 1200, height: 800 });
  });

  it('turns a photo upright from its EXIF orientation and strips its metadata', async () => {
    const rotated = await decoded((await get(`${imagesBase}/rotated.jpg`, { w: '400' })).body);
    expect([rotated.width, rotated.height]).toEqual([400, 800]);
    expect(rotated.orientation).toBeUndefined();
    const stripped = await decoded((await get(`${imagesBase}/photo.jpg`, { w: '400' })).body);
    expect(stripped.exif).toBeUndefined();
    expect(stripped.icc).toBeUndefined();
  });

  it('answers a repeat from its cache, with an ETag a browser can revalidate', async () => {
    const first = await get(`${imagesBase}/photo.jpg`, { w: '800' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // supertest rather than fetch, which adds Cache-Control: no-cache to a conditional request.
    const again = await request(t.baseUrl)
      .get('/img')
      .query({ src: `${imagesBase}/photo.jpg`, w: '800' })
      .set('Accept', 'image/jpeg')
      .set('If-None-Match', etag!);
    expect(again.status).toBe(304);
  });

  it('answers a flood of uncached variants with images or a 503 to retry, never an error, and serves normally after it', async () => {
    const flood = await Promise.all(Array.from({ length: 80 }, (_, i) => get(`${imagesBase}/photo.jpg?flood=${i}`, { w: '400' })));
    for (const answer of flood) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(JSON.parse(answer.body.toString())).toMatchObject({ statusCode: 503, error: IMAGE_SERVICE_BUSY });
      }
    }
    const after = await get(`${imagesBase}/photo.jpg?flood=after`, { w: '600' });
    expect(after.status).toBe(200);
    expect((await decoded(after.body)).width).toBe(600);
  });

  it('keeps at most 100 encoded answers', async () => {
    for (let i = 0; i < IMAGE_CACHE_ENTRIES + 5; i++) {
      expect((await get(`${imagesBase}/tiny.png?copy=${i}`, { w: '400' })).status).toBe(200);
    }
    expect(t.app.get(ImagesService).cachedEntries).toBe(IMAGE_CACHE_ENTRIES);
  });

  it("serves the site's own SVG media as it is, sandboxed", async () => {
    const { status, headers, body } = await get('/media/poster-reef.svg', { w: '800' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/svg+xml');
    expect(headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(body.equals(readFileSync(join(projectRoot(), 'public/media/poster-reef.svg')))).toBe(true);
    const remote = await get(`${imagesBase}/drawing.svg`, { w: '400' });
    expect(remote.headers.get('content-type')).toBe('image/svg+xml');
    expect(remote.body.equals(files['/drawing.svg'])).toBe(true);
  });

  it.each([
    [{ src: '/media/poster-reef.svg', w: '500' }, 'w must be one of 400, 600, 800, 1200, 1600'],
    [{ src: '/media/poster-reef.svg' }, 'w must be one of 400, 600, 800, 1200, 1600'],
    [{ src: '/media/poster-reef.svg', w: '400', q: '0' }, 'q must be 80 or 85'],
    [{ src: '/media/poster-reef.svg', w: '400', q: '99' }, 'q must be 80 or 85'],
    [{ src: '/media/poster-reef.svg', w: '400', q: '100' }, 'q must be 80 or 85'],
    [{ src: '/media/poster-reef.svg', w: '400', q: '7.5' }, 'q must be 80 or 85'],
    [{ src: '/media/poster-reef.svg', w: '400', fit: 'square' }, 'fit must be review'],
    [{ w: '400' }, 'src is required: a /media/ path or an http or https URL'],
    [{ src: '/media/../package.json', w: '400' }, 'src must be a /media/ path or an http or https URL'],
    [{ src: '/etc/passwd', w: '400' }, 'src must be a /media/ path or an http or https URL'],
    [{ src: 'not a url', w: '400' }, 'src must be a /media/ path or an http or https URL'],
    [{ src: '/media/poster-reef.svg', w: '400', width: '400' }, 'Unknown field: width'],
  ])('refuses %p with a 400 naming the parameter', async (params, message) => {
    const query = new URLSearchParams(params as Record<string, string>);
    const response = await fetch(`${t.baseUrl}/img?${query}`, { headers: { Accept: 'image/avif,*/*' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ statusCode: 400, error: message, message });
  });

  it.each([
    ['a missing media file', '/media/nothing-here.png', 404, 'src was not found'],
    ['a text file named .png', `/notes.png`, 415, 'src is not a JPEG, PNG, WebP, AVIF, GIF or SVG image'],
    ['a truncated JPEG', `/truncated.jpg`, 422, 'src is not a readable image'],
    ['a PNG declaring 50000 x 50000 pixels', `/bomb.png`, 422, 'src is larger than 40 megapixels'],
    ['a file over 15 MB', `/huge.jpg`, 413, 'src is larger than 15 MB'],
    ['a missing remote file', `/gone.jpg`, 404, 'src could not be fetched'],
  ])('refuses %s with a clear JSON error', async (_name, path, status, message) => {
    const src = path.startsWith('/media/') ? path : `${imagesBase}${path}`;
    const answer = await get(src, { w: '400' });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ statusCode: status, error: message, message });
    // The server is unharmed: the next request is served.
    expect((await get(`${imagesBase}/small.png`, { w: '400' })).status).toBe(200);
  });

  it('refuses remote sources on loopback, private, link-local and metadata addresses, in every spelling', async () => {
    const port = new URL(t.baseUrl).port;
    const targets = [
      `http://127.0.0.1:${port}/api/admin/session`,
      `http://[::1]:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://127.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://10.0.0.1/a.png',
      'http://172.16.0.1/a.png',
      'http://192.168.0.1/a.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fc00::1]/a.png',
      'http://[fe80::1]/a.png',
      'http://internal.test/a.png',
      'http://metadata.test/a.png',
      `${imagesBase}/to?target=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`,
      `${imagesBase}/to?target=${encodeURIComponent('http://internal.test/a.png')}`,
      'ftp://images.test/a.png',
      'javascript:alert(1)',
    ];
    for (const src of targets) {
      const answer = await get(src, { w: '400' });
      expect([src, answer.status]).toEqual([src, 400]);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ statusCode: 400, error: PARAMS_REFUSED, message: PARAMS_REFUSED });
    }
  });
});
