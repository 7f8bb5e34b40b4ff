import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import request from 'supertest';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A cached answer is the same answer (issue 41): every GET route the router has, requested twice with the
 * page cache on, answers the second time (from the cache, when the first was kept) with the status and
 * headers of the first, but the ones made for each request or transfer. The routes come from the Express
 * router Nest built, not from a list here: a route added later is checked too (and one with a path
 * parameter this file cannot fill fails, naming it).
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE: 'true' });
});

afterAll(async () => {
  await app?.close();
});

/**
 * Made for each request or each transfer, never kept (docs/caching.md): the date, the request id, the
 * cache's own mark, and how the bytes travel (a render is compressed as it streams, a hit is compressed
 * once and sent with its length).
 */
const PER_REQUEST = new Set(['date', 'x-request-id', 'x-page-cache', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** The GET routes of the Express router Nest registered the controllers on (Express 5: `app.router`). */
function getRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  const paths = express.router.stack.flatMap((layer) => (layer.route?.methods.get ? [layer.route.path].flat() : []));
  return [...new Set(paths)].sort();
}

/**
 * Real ids and slugs from the seeded database, for each path parameter by its name and the route it is
 * in. Undefined for a parameter it does not know: the test then names the route.
 */
async function parameterValues(t: TestApp): Promise<(path: string, name: string) => string | undefined> {
  const first = async (sql: string): Promise<Record<string, unknown>> => ((await t.dataSource.query(sql)) as Record<string, unknown>[])[0] ?? {};
  const site = await first('SELECT id FROM dive_sites ORDER BY id LIMIT 1');
  const article = await first('SELECT id, slug FROM articles WHERE published ORDER BY id LIMIT 1');
  const review = await first('SELECT id, slug, category FROM reviews WHERE published ORDER BY id LIMIT 1');
  const issue = await first('SELECT id, slug FROM newsletter_issues ORDER BY id LIMIT 1');
  const media = await first('SELECT id, hash FROM media ORDER BY id LIMIT 1');
  const text = (value: unknown, fallback: string): string => (value === undefined || value === null ? fallback : String(value));
  return (path, name) => {
    const owner = (): Record<string, unknown> | null => {
      // Share links and previews: /api/admin/:kind/:id/..., /preview/:kind/:id, of an article.
      if (path.includes(':kind/:id')) return article;
      if (path.includes('dive-site')) return site;
      if (path.includes('newsletter')) return issue;
      if (path.includes('article') || path.startsWith('/blog')) return article;
      if (path.includes('review')) return review;
      if (path.includes('media')) return media;
      return null;
    };
    switch (name) {
      case 'id':
        return owner() ? text(owner()!.id, '1') : undefined;
      case 'slug':
        if (path.startsWith('/go/')) return text(review.slug, 'none');
        return owner() ? text(owner()!.slug, 'none') : undefined;
      case 'kind':
        return path.startsWith('/go/') ? 'review' : 'articles';
      case 'category':
        return text(review.category, 'none');
      case 'n':
        return '1';
      case 'file':
        return `${text(media.hash, 'none')}.webp`;
      case 'revisionId':
        return '1';
      // A newsletter issue's link (/r/{issue}/{link}): one no issue carried answers 404, kept like any 404.
      case 'issue':
      case 'link':
        return '1';
      default:
        return undefined;
    }
  };
}

/**
 * The query a route needs to answer at all (it answers 400 naming the field without it), with real values.
 * A route that answers 400 bare and is not here fails the test, named.
 */
function requiredQuery(site: string): Record<string, string> {
  return {
    '/api/dive-sites/search': 'q=wreck',
    '/api/dive-sites/search/ids': 'q=wreck',
    '/api/search': 'q=reef',
    '/api/dive-sites/cards': `ids=${site}`,
    '/api/dive-sites/map/view': 'bbox=110,-45,180,-5&zoom=4',
    '/api/dive-sites/by-review-url': 'url=https%3A%2F%2Fexample.com%2Fnothing',
    '/img': 'src=/media/gear-bcd.svg&w=400',
  };
}

/** Empties the page cache; it keeps nothing until the publishing schedule is read again: until another page is kept. */
async function emptyCache(): Promise<void> {
  app.app.get(PageCacheService).clear();
  for (let attempt = 0; (await request(app.baseUrl).get('/about')).headers['x-page-cache'] !== 'hit'; attempt++) expect(attempt).toBeLessThan(50);
}

/**
 * A request over bare node:http (no client decoding or rewriting of the answer): its headers, the cache's
 * mark, its encoding and its body decoded.
 */
function bare(method: 'GET' | 'HEAD', path: string, acceptEncoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; cache: string; encoding: string; text: string }>((resolve, reject) => {
    const sent = httpRequest(new URL(path, app.baseUrl), { method, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[encoding] ?? ((bytes: Buffer) => bytes);
        const text = chunks.length ? decode(Buffer.concat(chunks)).toString('utf8') : '';
        resolve({ headers: response.headers, cache: String(response.headers['x-page-cache']), encoding, text });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The headers but the per-request ones, by lower-case name. */
function kept(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name.toLowerCase())));
}

describe('a kept answer is the same answer', () => {
  it('every GET route of the router answers from the cache with the status and headers of its render', async () => {
    const routes = getRoutes(app);
    const value = await parameterValues(app);
    const unfilled: string[] = [];
    const urls = routes.flatMap((route) => {
      let missing = false;
      const url = route.replace(/:(\w+)/g, (_match, name: string) => {
        const filled = value(route, name);
        if (filled === undefined) missing = true;
        return filled ?? '';
      });
      if (missing || /[*{}]/.test(url)) {
        unfilled.push(route);
        return [];
      }
      return [url];
    });
    // A route with a parameter nobody here knows a value for: add its kind to parameterValues.
    expect(unfilled).toEqual([]);

    const site = String(((await app.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1')) as { id: number }[])[0].id);
    const queries = requiredQuery(site);
    const hits: string[] = [];
    const refusedBare: string[] = [];
    const differences: { url: string; first: unknown; second: unknown }[] = [];
    for (const bare of urls) {
      let url = bare;
      let first = await request(app.baseUrl).get(url);
      if (first.status === 400) {
        const query = queries[bare];
        if (!query) {
          refusedBare.push(bare);
          continue;
        }
        url = `${bare}?${query}`;
        first = await request(app.baseUrl).get(url);
      }
      const second = await request(app.baseUrl).get(url);
      if (first.headers['x-page-cache'] !== 'miss') continue;
      // Kept on its render: the second answer is the cache's.
      if (second.headers['x-page-cache'] !== 'hit') differences.push({ url, first: 'kept', second: 'not served from the cache' });
      else hits.push(url);
      expect(first.headers['set-cookie']).toBeUndefined();
      const a = { status: first.status, ...kept(first.headers) };
      const b = { status: second.status, ...kept(second.headers) };
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push({ url, first: a, second: b });
    }
    // A GET route that needs a query: give requiredQuery one with real values.
    expect(refusedBare).toEqual([]);
    expect(differences).toEqual([]);
    // The API with its paging headers, pages, the feeds and the sitemap were among those served from the cache.
    expect(hits).toEqual(
      expect.arrayContaining(['/api/dive-sites', '/api/articles', '/api/dive-sites/search?q=wreck', '/blog', '/dive-sites', '/rss.xml', '/sitemap.xml']),
    );
    const list = await request(app.baseUrl).get('/api/dive-sites');
    expect(list.headers['x-page-cache']).toBe('hit');
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(list.body.length);
    expect(list.headers.link).toMatch(/rel="next"/);
  });

  it('keeps the headers of the query it was asked (a page of a list and its Link)', async () => {
    for (const url of ['/api/dive-sites?limit=7', '/api/dive-sites/search?q=wreck', '/api/articles?limit=1']) {
      const first = await request(app.baseUrl).get(url).expect(200);
      const second = await request(app.baseUrl).get(url).expect(200);
      expect(second.headers['x-page-cache']).toBe('hit');
      expect(kept(second.headers)).toEqual(kept(first.headers));
      expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
      expect(second.text).toBe(first.text);
    }
  });

  it('keeps a render answered 304 (the client had it) as the whole answer it stands for', async () => {
    for (const url of ['/api/dive-sites?limit=5', '/blog', '/rss.xml']) {
      const first = await request(app.baseUrl).get(url).expect(200);
      await emptyCache();
      const revalidated = await request(app.baseUrl).get(url).set('If-None-Match', first.headers.etag).expect(304);
      expect(revalidated.headers['x-page-cache']).toBe('miss');
      const hit = await request(app.baseUrl).get(url).expect(200);
      expect(hit.headers['x-page-cache']).toBe('hit');
      expect(kept(hit.headers)).toEqual(kept(first.headers));
      expect(hit.text).toBe(first.text);
    }
  });

  it('sends a hit in the encoding its render was sent in, for what browsers and other clients accept', async () => {
    // Chrome's and Firefox's header (all at q=1: the server's preference, brotli), Safari's older one, a client
    // preferring gzip, one taking deflate only, and one taking nothing compressed.
    const headers = ['gzip, deflate, br, zstd', 'gzip, deflate, br', 'br;q=0.5, gzip', 'deflate', 'identity'];
    const expected = ['br', 'br', 'gzip', 'deflate', 'identity'];
    for (const path of ['/blog', '/dive-sites', '/api/articles', '/rss.xml']) {
      for (const [index, acceptEncoding] of headers.entries()) {
        await emptyCache();
        const render = await bare('GET', path, acceptEncoding);
        const hit = await bare('GET', path, acceptEncoding);
        expect([path, acceptEncoding, render.cache, hit.cache]).toEqual([path, acceptEncoding, 'miss', 'hit']);
        expect([path, acceptEncoding, render.encoding, hit.encoding]).toEqual([path, acceptEncoding, expected[index], expected[index]]);
        expect(hit.text).toBe(render.text);
      }
    }
  });

  it('answers a HEAD from the cache with the headers of a HEAD render: the length as it is, no encoding', async () => {
    for (const path of ['/blog', '/api/articles', '/rss.xml']) {
      await emptyCache();
      // Not kept: a HEAD render sends no body to keep.
      const rendered = (await bare('HEAD', path, 'gzip, deflate, br, zstd')).headers;
      expect([path, rendered['x-page-cache'], rendered['content-encoding']]).toEqual([path, 'miss', undefined]);
      // A GET keeps the page; the next HEAD is answered from it.
      expect((await request(app.baseUrl).get(path)).headers['x-page-cache']).toBe('miss');
      const hit = (await bare('HEAD', path, 'gzip, deflate, br, zstd')).headers;
      expect([path, hit['x-page-cache'], hit['content-encoding']]).toEqual([path, 'hit', undefined]);
      expect(kept(hit)).toEqual(kept(rendered));
      expect(hit['content-length']).toBe(rendered['content-length']);
    }
  });
});
