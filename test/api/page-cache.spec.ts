import request from 'supertest';
import { Client } from 'pg';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';
import { PageCacheService } from 'src/page-cache/page-cache.service';

/**
 * Rendered anonymous pages are kept in each server process and must never show stale content: an
 * admin edit or a visitor's comment shows on the next public request, in both of two processes
 * sharing one database (as behind a load balancer). HTTP caching: ETag with 304, public caching of
 * anonymous pages for a CDN, no-store on anything signed in.
 */
let a: TestApp;
let b: TestApp;
/** A third process, started by one test (it stays up: passport's strategy is one per Node process, the last app's). */
let c: TestApp | null = null;
let admin: Agent;

const ANONYMOUS = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

beforeAll(async () => {
  a = await startTestApp({ PAGE_CACHE: 'true' });
  b = await startTestApp({ PAGE_CACHE: 'true' }, { databaseUrl: a.databaseUrl });
  admin = await signInAsAdmin(a);
});

afterAll(async () => {
  await c?.close();
  await b?.close();
  await a?.close();
});

async function firstArticle(t: TestApp): Promise<{ id: number; slug: string; title: string }> {
  return (await request(t.baseUrl).get('/api/articles').expect(200)).body[0];
}

/**
 * Requests the page until an answer comes from the cache, so that the next one does too. A process that
 * has just heard of another's post write keeps nothing until it has read the publishing schedule again
 * (a render then may straddle a post's moment), so the first render after a write may not be kept.
 */
async function warm(t: TestApp, path: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await request(t.baseUrl).get(path).expect(200);
    if (answer.headers['x-page-cache'] === 'hit' || attempt === 20) return answer.text;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('anonymous pages', () => {
  it('answer with an ETag, public CDN caching, and 304 when the browser has the same copy', async () => {
    const first = await request(a.baseUrl).get('/blog').expect(200);
    expect(first.headers['cache-control']).toBe(ANONYMOUS);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await request(a.baseUrl).get('/blog').expect(200);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.text).toBe(first.text);
    expect(again.headers['cache-control']).toBe(ANONYMOUS);
    // Per-request headers are still set on an answer from the cache.
    expect(again.headers['content-security-policy']).toContain("script-src 'self'");
    expect(again.headers['content-type']).toMatch(/^text\/html/);

    // Compressed as the browser accepts (and decoded to the same page).
    for (const encoding of ['gzip', 'br']) {
      const compressed = await request(a.baseUrl).get('/blog').set('Accept-Encoding', encoding).expect(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
      expect(compressed.text).toBe(first.text);
    }

    const notModified = await request(a.baseUrl).get('/blog').set('If-None-Match', etag).expect(304);
    expect(notModified.text ?? '').toBe('');
    expect(notModified.headers.etag).toBe(etag);
    await request(a.baseUrl).get('/blog').set('If-None-Match', '"something-else"').expect(200);
    // The other process renders the same page: the same ETag, so a CDN or browser revalidates anywhere.
    const fromB = await request(b.baseUrl).get('/blog').set('If-None-Match', etag).expect(304);
    expect(fromB.headers.etag).toBe(etag);
  });

  it('are no-store, and never from the cache, for the signed-in administrator', async () => {
    await warm(a, '/about');
    const signedIn = await admin.get('/about').expect(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const adminPage = await admin.get('/admin').expect(200);
    expect(adminPage.headers['cache-control']).toBe('no-store');
    const anonymous = await request(a.baseUrl).get('/about').expect(200);
    expect(anonymous.headers['cache-control']).toBe(ANONYMOUS);
  });

  it('API answers are kept too, with an ETag but no public caching', async () => {
    const first = await request(a.baseUrl).get('/api/articles').expect(200);
    const again = await request(a.baseUrl).get('/api/articles').expect(200);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['cache-control']).toBeUndefined();
    await request(a.baseUrl).get('/api/articles').set('If-None-Match', again.headers.etag).expect(304);
  });

  it('keep no error page: a missing article is a fresh 404 each time, then the article once it exists', async () => {
    const missing = await request(a.baseUrl).get('/blog/not-written-yet').expect(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('public');
    await request(a.baseUrl).get('/blog/not-written-yet').expect(404);
  });
});

describe('invalidation across processes', () => {
  it('shows an admin edit on the next public request in both processes', async () => {
    const article = await firstArticle(a);
    const path = `/blog/${article.slug}`;
    expect(await warm(a, path)).toContain(article.title);
    expect(await warm(b, path)).toContain(article.title);
    const listBefore = await warm(b, '/blog');
    expect(listBefore).toContain(article.title);
    expect(await warm(b, '/api/articles')).toContain(article.title);

    const newTitle = 'Edited: Manta Season at Lady Elliot Island';
    await admin.patch(`/api/articles/${article.id}`).send({ title: newTitle }).expect(200);

    for (const t of [a, b]) {
      const page = await request(t.baseUrl).get(path).expect(200);
      expect(page.text).toContain(newTitle);
      const list = await request(t.baseUrl).get('/blog').expect(200);
      expect(list.text).toContain(newTitle);
      const home = await request(t.baseUrl).get('/').expect(200);
      expect(home.text).not.toContain(`>${article.title}<`);
      const api = await request(t.baseUrl).get('/api/articles').expect(200);
      expect(api.body.map((item: { title: string }) => item.title)).toContain(newTitle);
    }
  });

  it('shows a new comment on the article page at once, in both processes', async () => {
    const article = await firstArticle(a);
    const path = `/blog/${article.slug}`;
    await warm(a, path);
    await warm(b, path);
    const content = 'Dived it last week: the mantas were cleaning at the bommie all morning.';
    await request(b.baseUrl).post(`/api/articles/${article.id}/comments`).send({ name: 'Priya', content }).expect(201);
    for (const t of [a, b]) {
      expect((await request(t.baseUrl).get(path).expect(200)).text).toContain('the mantas were cleaning at the bommie');
    }
  });

  it('shows a new rating on the dive-site page at once', async () => {
    const [site] = (await request(a.baseUrl).get('/api/dive-sites').expect(200)).body as { id: number }[];
    const path = `/dive-sites/${site.id}`;
    await warm(a, path);
    await warm(b, path);
    await request(a.baseUrl).post(`/api/dive-sites/${site.id}/ratings`).send({ rating: 5, comment: 'Grey nurse sharks on every dive' }).expect(201);
    for (const t of [a, b]) {
      expect((await request(t.baseUrl).get(path).expect(200)).text).toContain('Grey nurse sharks on every dive');
    }
  });

  it('counts the listening processes once, again when one starts or stops, and waits for each one that listens', async () => {
    const listed = (await request(a.baseUrl).get('/api/articles').expect(200)).body as { id: number; slug: string }[];
    const article = listed[listed.length - 1];
    const path = `/blog/${article.slug}`;
    const [{ content }] = (await a.dataSource.query('SELECT content FROM articles WHERE id = $1', [article.id])) as { content: string }[];
    const edit = (note: string) =>
      admin
        .patch(`/api/articles/${article.id}`)
        .send({ content: `${content}\n\n${note}` })
        .expect(200);
    const counts: string[] = [];
    const query = a.dataSource.query.bind(a.dataSource);
    const spy = jest.spyOn(a.dataSource, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      if (sql.includes('pg_stat_activity')) counts.push(sql);
      return (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    });
    try {
      await edit('First of two edits while two processes listen.');
      await edit('Second of two edits while two processes listen.');
      // Counted at most once for both writes (the count may have been made before the spy).
      expect(counts.length).toBeLessThanOrEqual(1);
      counts.length = 0;

      // A third process starts. The others hear of it within moments of its listening: a write after
      // that counts again (once) and answers only when the third has dropped what the write changed.
      c = await startTestApp({ PAGE_CACHE: 'true' }, { databaseUrl: a.databaseUrl });
      const third = c.app.get(PageCacheService);
      await until(() => third.active);
      let written = 0;
      while (counts.length === 0) {
        expect(written).toBeLessThan(20);
        await warm(c, path);
        expect(third.get(path)).not.toBeNull();
        await edit(`Edit ${++written} with a third process listening.`);
      }
      expect(counts).toHaveLength(1);
      expect(third.get(path)).toBeNull();
      expect((await request(c.baseUrl).get(path).expect(200)).text).toContain(`Edit ${written} with a third process listening.`);

      // Its cache stops (as at shutdown): the others count one fewer without counting again.
      counts.length = 0;
      await third.onModuleDestroy();
      await warm(b, path);
      await edit('An edit after the third process stopped listening.');
      expect(counts).toHaveLength(0);
      expect((await request(b.baseUrl).get(path).expect(200)).text).toContain('An edit after the third process stopped listening.');
    } finally {
      spy.mockRestore();
      await admin.patch(`/api/articles/${article.id}`).send({ content }).expect(200);
    }
  });

  it('empties the cache when the seed or another tool announces a change, and after the listener reconnects', async () => {
    const cache = b.app.get(PageCacheService);
    await warm(b, '/gear-reviews');
    expect(cache.size).toBeGreaterThan(0);

    // A write from outside the server (e.g. `npm run seed`) announces itself on the channel.
    const client = new Client({ connectionString: a.databaseUrl });
    await client.connect();
    try {
      await client.query("SELECT pg_notify('page_cache', 'seed')");
      await until(() => cache.size === 0);

      // The database drops the listener's connection (a restart): nothing is served from the cache
      // until it is back, and then the cache starts empty.
      await warm(b, '/gear-reviews');
      expect(cache.size).toBeGreaterThan(0);
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'adg-page-cache'");
      await until(() => !cache.active);
      expect(cache.size).toBe(0);
      await request(b.baseUrl).get('/gear-reviews').expect(200);
      await until(() => cache.active);
      await warm(b, '/gear-reviews');
      expect(cache.size).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});

interface Listed {
  id: number;
  slug: string;
  title: string;
}

/** Whether each path's next answer in `t` comes from the cache ('hit') or is rendered ('miss'). */
async function states(t: TestApp, paths: string[]): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const path of paths) seen[path] = (await request(t.baseUrl).get(path).expect(200)).headers['x-page-cache'];
  return seen;
}

/** Requests each path until it is kept (in both processes). */
async function warmAll(paths: string[]): Promise<void> {
  for (const t of [a, b]) for (const path of paths) await warm(t, path);
}

const everywhere = (paths: string[], state: string) => Object.fromEntries(paths.map((path) => [path, state]));

describe('what each write drops (and keeps)', () => {
  let articles: Listed[];
  let sites: { id: number; name: string }[];

  beforeAll(async () => {
    articles = (await request(a.baseUrl).get('/api/articles').expect(200)).body;
    sites = (await request(a.baseUrl).get('/api/dive-sites').expect(200)).body;
  });

  it('keeps every page after a newsletter sign-up, a contact message and a sign-in', async () => {
    const article = `/blog/${articles[1].slug}`;
    const paths = [article, '/', '/blog', '/rss.xml', '/sitemap.xml', `/dive-sites/${sites[0].id}`, '/api/articles'];
    await warmAll(paths);
    await request(a.baseUrl)
      .post('/api/newsletter/subscribe')
      .send({ email: `kept.${Date.now()}@example.com`, source: 'home' })
      .expect(201);
    await request(b.baseUrl)
      .post('/api/contact')
      .send({
        name: 'Jess Nguyen',
        email: `jess.${Date.now()}@example.com`,
        subject: 'Fish Rock',
        message: 'When do the grey nurse sharks aggregate at Fish Rock?',
      })
      .expect(201);
    await signInAsAdmin(b);
    for (const t of [a, b]) expect(await states(t, paths)).toEqual(everywhere(paths, 'hit'));
  });

  it('an article edit drops that article, the lists, home, feeds and sitemap in both processes, and keeps another article', async () => {
    const [, edited, other] = articles;
    const dropped = [`/blog/${edited.slug}`, '/blog', '/', '/rss.xml', '/sitemap.xml', '/api/articles'];
    const kept = [`/blog/${other.slug}`, `/dive-sites/${sites[0].id}`, '/gear-reviews', '/about'];
    await warmAll([...dropped, ...kept]);
    const title = 'Edited: Night Diving Under Rye Pier';
    await admin.patch(`/api/articles/${edited.id}`).send({ title }).expect(200);
    for (const t of [a, b]) {
      expect(await states(t, [...dropped, ...kept])).toEqual({ ...everywhere(dropped, 'miss'), ...everywhere(kept, 'hit') });
      expect((await request(t.baseUrl).get(`/blog/${edited.slug}`).expect(200)).text).toContain(title);
    }
  });

  it('a comment drops its article page and comment list only', async () => {
    const [, commented, other] = articles;
    const dropped = [`/blog/${commented.slug}`, `/api/articles/${commented.id}/comments`];
    const kept = [`/blog/${other.slug}`, `/api/articles/${other.id}/comments`, '/blog', '/', '/rss.xml', '/api/articles'];
    await warmAll([...dropped, ...kept]);
    const content = 'The seahorses were under the pylons again, third pylon from the end.';
    await request(a.baseUrl).post(`/api/articles/${commented.id}/comments`).send({ name: 'Marco', content }).expect(201);
    for (const t of [a, b]) {
      expect(await states(t, [...dropped, ...kept])).toEqual({ ...everywhere(dropped, 'miss'), ...everywhere(kept, 'hit') });
      expect((await request(t.baseUrl).get(`/blog/${commented.slug}`).expect(200)).text).toContain('third pylon from the end');
    }
  });

  it("a rating drops its site's ratings and the pages showing stars (the list and every site page's cards) only", async () => {
    const [rated, other] = sites.slice(1);
    const dropped = [`/dive-sites/${rated.id}`, `/api/dive-sites/${rated.id}/ratings`, `/dive-sites/${other.id}`, '/dive-sites'];
    const kept = [`/api/dive-sites/${other.id}/ratings`, '/api/dive-sites', '/', `/blog/${articles[2].slug}`];
    await warmAll([...dropped, ...kept]);
    await request(b.baseUrl).post(`/api/dive-sites/${rated.id}/ratings`).send({ rating: 4, comment: 'Blue groper followed us the whole dive' }).expect(201);
    for (const t of [a, b]) {
      expect(await states(t, [...dropped, ...kept])).toEqual({ ...everywhere(dropped, 'miss'), ...everywhere(kept, 'hit') });
      expect((await request(t.baseUrl).get(`/dive-sites/${rated.id}`).expect(200)).text).toContain('Blue groper followed us the whole dive');
    }
  });

  it('lists a new dive site in the sitemap on the next request in both processes, without the admin button', async () => {
    for (const t of [a, b]) await warm(t, '/sitemap.xml');
    const created = await admin
      .post('/api/dive-sites')
      .send({
        name: 'Sitemap Test Bommie',
        region: 'Victoria',
        latitude: -38.3,
        longitude: 144.7,
        description: 'A bommie made for the sitemap test.',
        skillLevel: 'Intermediate',
        depthRange: '8-18m',
        waterTemp: '12-19°C',
        visibility: '5-15m',
        bestTime: 'Summer',
        marineLife: 'Weedy seadragons',
        hazards: 'Boat traffic',
        facilities: 'Car park',
      })
      .expect(201);
    for (const t of [a, b]) {
      expect((await request(t.baseUrl).get('/sitemap.xml').expect(200)).text).toContain(`/dive-sites/${created.body.id}</loc>`);
    }
  });

  it('answers a hit with the same headers as the render it kept, but its own request id', async () => {
    const path = '/learn-to-dive';
    // Start from an empty cache, once the announcement has been heard and the publishing schedule it
    // makes every process read again is known (until then a render is not kept: it may straddle a post's moment).
    const cache = a.app.get(PageCacheService);
    const emptied = new Promise<void>((resolve) => cache.onChange((changed) => changed === null && resolve()));
    await a.dataSource.query("SELECT pg_notify('page_cache', 'manual')");
    await emptied;
    await until(() => cache.staysRightFor() !== null);
    const rendered = await request(a.baseUrl).get(path).set('Accept-Encoding', 'gzip').expect(200);
    const hit = await request(a.baseUrl).get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(rendered.headers['x-page-cache']).toBe('miss');
    expect(hit.headers['x-page-cache']).toBe('hit');
    const per = ['date', 'x-request-id', 'x-page-cache', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
    const without = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !per.includes(name)));
    expect(without(hit.headers)).toEqual(without(rendered.headers));
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers['x-request-id']).not.toBe(rendered.headers['x-request-id']);
    expect(hit.text).toBe(rendered.text);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}
