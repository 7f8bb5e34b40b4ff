import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Writes say what they change, and a refusal changes nothing (issue 41): a write drops only the kept
 * answers showing what its handler declares, only once it succeeded, and no anonymous request empties the
 * cache (the benchmark of it: bench/cache-under-writes.mjs).
 */
let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE: 'true' });
  admin = await signInAsAdmin(app);
});

afterAll(async () => {
  await app?.close();
});

/** Requests the page until it comes from the cache (a render straddling a write is not kept). */
async function warm(path: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await request(app.baseUrl).get(path).expect(200)).headers['x-page-cache'] === 'hit') return;
  }
  throw new Error(`${path} is never served from the cache`);
}

async function cacheState(path: string): Promise<string> {
  return (await request(app.baseUrl).get(path).expect(200)).headers['x-page-cache'];
}

async function firstSiteId(): Promise<number> {
  return ((await app.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1')) as { id: number }[])[0].id;
}

/** A subscriber as a sign-up leaves one, with its unsubscribe token. */
async function subscriber(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await app.dataSource.query(`INSERT INTO newsletters (email, "unsubscribeToken", "consentSource") VALUES ($1, $2, 'home')`, [
    `reader-${randomBytes(4).toString('hex')}@example.com`,
    token,
  ]);
  return token;
}

const PAGES = ['/blog', '/dive-sites', '/', '/api/dive-sites', '/rss.xml', '/sitemap.xml'];

describe('a write drops only what it declares, and only when it succeeds', () => {
  it('a one-click unsubscribe with a bogus token (404) leaves every page kept', async () => {
    for (const page of PAGES) await warm(page);
    await request(app.baseUrl).post('/newsletter/unsubscribe?token=bogus').type('form').send('List-Unsubscribe=One-Click').expect(404);
    for (const page of PAGES) expect([page, await cacheState(page)]).toEqual([page, 'hit']);
  });

  it('a real subscriber’s one-click unsubscribe (RFC 8058) changes no page, so drops none', async () => {
    for (const page of PAGES) await warm(page);
    const token = await subscriber();
    const answer = await request(app.baseUrl).post(`/newsletter/unsubscribe?token=${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(answer.text).toContain('You have been unsubscribed');
    for (const page of PAGES) expect([page, await cacheState(page)]).toEqual([page, 'hit']);
  });

  it('a refused write to a handler that drops ratings (an unknown site, a bad rating) drops nothing', async () => {
    const site = await firstSiteId();
    for (const page of [...PAGES, `/dive-sites/${site}`]) await warm(page);
    await request(app.baseUrl).post('/api/dive-sites/999999999/ratings').send({ rating: 5 }).expect(404);
    await request(app.baseUrl).post(`/api/dive-sites/${site}/ratings`).send({ rating: 'many' }).expect(400);
    // A comment on an article that does not exist, posted without JavaScript: refused, and back to the page.
    await request(app.baseUrl).post('/forms/articles/999999999/comments').type('form').send('name=A&content=Hello').set('Origin', app.siteOrigin);
    for (const page of [...PAGES, `/dive-sites/${site}`]) expect([page, await cacheState(page)]).toEqual([page, 'hit']);
  });

  it('an anonymous write that succeeds drops what it changed and keeps the rest', async () => {
    const site = await firstSiteId();
    for (const page of ['/blog', '/dive-sites', `/api/dive-sites/${site}/ratings`]) await warm(page);
    await request(app.baseUrl)
      .post(`/api/dive-sites/${site}/ratings`)
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ rating: 4, comment: 'Clear water' })
      .expect(201);
    expect(await cacheState(`/api/dive-sites/${site}/ratings`)).toBe('miss');
    expect(await cacheState('/dive-sites')).toBe('miss');
    expect(await cacheState('/blog')).toBe('hit');
  });

  it('a moderator’s deletion of a rating drops the site’s ratings list (its route names the rating, not the site)', async () => {
    const site = await firstSiteId();
    const path = `/api/dive-sites/${site}/ratings`;
    await request(app.baseUrl).post(path).send({ rating: 2 }).expect(201);
    await warm(path);
    const before = (await request(app.baseUrl).get(path).expect(200)).body;
    const [rating] = (await app.dataSource.query('SELECT id FROM dive_site_ratings WHERE "diveSiteId" = $1 ORDER BY id DESC LIMIT 1', [site])) as {
      id: number;
    }[];
    const other = `/api/dive-sites/${site + 1}/ratings`;
    for (const page of ['/blog', other]) await warm(page);
    const deleted = await admin.delete(`/api/admin/ratings/${rating.id}`).set('Origin', app.siteOrigin).expect(204);
    expect(deleted.text ?? '').toBe('');
    const after = await request(app.baseUrl).get(path).expect(200);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(JSON.stringify(after.body)).not.toBe(JSON.stringify(before));
    // Another site's ratings and the pages without stars stay kept.
    expect(await cacheState(other)).toBe('hit');
    expect(await cacheState('/blog')).toBe('hit');
  });
});
