import request from 'supertest';
import { Article } from 'src/articles/article.entity';
import { Comment } from 'src/comments/comment.entity';
import { SeedService } from 'src/database/seed.service';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('database', () => {
  it('has every table of SPEC section 3 and the session table, through the real migrations', async () => {
    const rows: { table_name: string }[] = await t.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of [
      'users',
      'products',
      'locations',
      'articles',
      'reviews',
      'newsletters',
      'contacts',
      'dive_sites',
      'carousel_videos',
      'dive_site_ratings',
      'comments',
      'audit_logs',
      'rate_limits',
      'session',
      'migrations',
    ]) {
      expect(tables).toContain(table);
    }
    const migrations = await t.dataSource.query('SELECT name FROM migrations');
    expect(migrations.map((m: { name: string }) => m.name)).toContain('InitialSchema1795426763752');
  });

  it('refuses a rating for a dive site that does not exist', async () => {
    await expect(t.dataSource.getRepository(DiveSiteRating).insert({ diveSiteId: 999999, rating: 4 })).rejects.toThrow(/foreign key/);
  });

  it('refuses a comment on an article that does not exist', async () => {
    await expect(t.dataSource.getRepository(Comment).insert({ articleId: 999999, name: 'Sam', content: 'Lovely dive report' })).rejects.toThrow(/foreign key/);
  });

  it('deletes an article’s comments with the article', async () => {
    const articles = t.dataSource.getRepository(Article);
    const article = await articles.save(
      articles.create({ title: 'Cascade test', slug: 'cascade-test', excerpt: 'x', content: 'x', category: 'Tips', imageUrl: '/media/scene-boat.svg' }),
    );
    await t.dataSource.getRepository(Comment).insert({ articleId: article.id, name: 'Sam', content: 'Great read, thanks!' });
    await articles.delete(article.id);
    expect(await t.dataSource.getRepository(Comment).countBy({ articleId: article.id })).toBe(0);
  });

  it('enforces unique slugs and rating bounds in the database itself', async () => {
    const articles = t.dataSource.getRepository(Article);
    const row = { title: 'Dup', slug: 'dup-slug', excerpt: 'x', content: 'x', category: 'Tips', imageUrl: '/m.svg' };
    await articles.insert(row);
    await expect(articles.insert(row)).rejects.toThrow(/duplicate key/);
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({});
    await expect(t.dataSource.getRepository(DiveSiteRating).insert({ diveSiteId: site.id, rating: 6 })).rejects.toThrow(/check constraint/);
  });
});

describe('seed', () => {
  it('loaded the data sets once into the fresh database', async () => {
    expect(await t.dataSource.getRepository(DiveSite).count()).toBeGreaterThan(0);
    const history: { dataset: string }[] = await t.dataSource.query('SELECT dataset FROM seed_history');
    expect(history.map((h) => h.dataset)).toEqual(expect.arrayContaining(['dive-sites', 'articles']));
  });

  it('does not load a data set again at the next start, even after the administrator deleted rows', async () => {
    const sites = t.dataSource.getRepository(DiveSite);
    const before = await sites.count();
    const victim = await sites.findOneByOrFail({});
    await sites.delete(victim.id);
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([]);
    expect(await sites.count()).toBe(before - 1);
  });

  it('adds only missing rows on demand and never overwrites what the administrator changed', async () => {
    const sites = t.dataSource.getRepository(DiveSite);
    const edited = await sites.findOneByOrFail({});
    await sites.update(edited.id, { description: 'Edited by the administrator' });
    await t.app.get(SeedService).addMissing();
    expect((await sites.findOneByOrFail({ id: edited.id })).description).toBe('Edited by the administrator');
    const names: { name: string; n: string }[] = await t.dataSource.query('SELECT name, count(*) AS n FROM dive_sites GROUP BY name HAVING count(*) > 1');
    expect(names).toEqual([]);
  });

  it('fills the affiliate tag from configuration, or drops the parameter when none is set', () => {
    const seed = t.app.get(SeedService);
    expect(seed.withAffiliateTag('https://www.amazon.com.au/s?k=Suunto+D5&tag={{AFFILIATE_TAG}}')).toBe('https://www.amazon.com.au/s?k=Suunto+D5');
  });
});

describe('HTTP', () => {
  it('answers an unknown page with the 404 page and status 404', async () => {
    const response = await request(t.baseUrl).get('/no-such-page').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.type).toBe('text/html');
    expect(response.text).toContain('404 Page Not Found');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await request(t.baseUrl).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: expect.any(String) });
  });

  it('answers malformed JSON with a 400 naming the problem, not a 500', async () => {
    const response = await request(t.baseUrl).post('/api/newsletter/subscribe').set('Content-Type', 'application/json').send('{"broken":');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Malformed JSON in request body');
  });

  it.each(['1.5', '1e3', '0x10', '%201', '01'])('answers 400 for the id %s, which is not one, without asking the database', async (id) => {
    const response = await request(t.baseUrl).get(`/api/articles/${id}/comments`).expect(400);
    expect(response.body.error).toBe('Article id must be a positive whole number');
  });

  // Issue 42, F10: a whole number no id column can hold names no record: a 404 like any missing one.
  it.each(['0', '-1', '2147483648', '99999999999999999999'])('answers 404 for the id %s, which no row can have, without asking the database', async (id) => {
    const response = await request(t.baseUrl).get(`/api/articles/${id}/comments`).expect(404);
    expect(response.body.error).toBe('Article not found');
  });

  it('accepts the largest id the column can hold (and finds no such article)', async () => {
    await request(t.baseUrl).get('/api/articles/2147483647/comments').expect(404);
  });

  it.each([
    ['GET', '/api/articles/slug/%00', undefined],
    ['GET', '/api/dive-sites?region=Victoria%00', undefined],
    ['GET', '/blog/x%00y', undefined],
    ['POST', '/api/articles/1/comments', { name: 'Null\u0000Byte', content: 'A comment with a null character in the name.' }],
    ['POST', '/api/newsletter/subscribe', { email: 'diver@example.com', nested: { deep: ['\u0000'] } }],
  ])('refuses a null character (%s %s) with a 400, not a 500, and stores nothing', async (method, path, body) => {
    const before = await t.dataSource.query('SELECT (SELECT COUNT(*) FROM comments) AS c, (SELECT COUNT(*) FROM newsletters) AS n');
    const call = request(t.baseUrl)[method.toLowerCase() as 'get'](path);
    const response = body ? await call.send(body) : await call;
    expect(response.status).toBe(400);
    if (path.startsWith('/api/')) expect(response.body.error).toBe('The request contains a null character, which no field may hold');
    expect(await t.dataSource.query('SELECT (SELECT COUNT(*) FROM comments) AS c, (SELECT COUNT(*) FROM newsletters) AS n')).toEqual(before);
  });

  it.each([
    ['/learn-to-dive', 'Basic Theory'],
    ['/about', 'Honest Reviews'],
    ['/affiliate-disclosure', 'qualif'],
    ['/privacy-policy', 'Privacy'],
    ['/terms-of-service', 'New South Wales'],
  ])('renders %s completely on the server', async (path, text) => {
    const response = await request(t.baseUrl).get(path);
    expect(response.status).toBe(200);
    expect(response.text).toContain(text);
    expect(response.text).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
    expect(response.text).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(response.text).toContain('href="/sitemap.xml"');
  });

  it('says the terms are effective 4 July 2025 under New South Wales law', async () => {
    const response = await request(t.baseUrl).get('/terms-of-service');
    expect(response.text).toContain('4 July 2025');
    expect(response.text).toContain('New South Wales');
  });

  it('compresses HTML', async () => {
    const response = await request(t.baseUrl).get('/learn-to-dive').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves built assets as immutable', async () => {
    const page = await request(t.baseUrl).get('/about');
    const script = /<script type="module" src="([^"]+)"/.exec(page.text)?.[1];
    expect(script).toMatch(/^\/assets\/hydrate-\w+\.js$/);
    const asset = await request(t.baseUrl).get(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('health', () => {
  it('reports the process alive and the database ready with migrations applied', async () => {
    await request(t.baseUrl).get('/healthz').expect(200, { status: 'ok' });
    await request(t.baseUrl).get('/readyz').expect(200, { status: 'ok', database: 'up', migrations: 'applied' });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the other hardening headers on pages', async () => {
    const response = await request(t.baseUrl).get('/about').expect(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://*.tile.openstreetmap.org');
    expect(csp).toContain('https://www.youtube.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds a year of HSTS when the site is served over https', async () => {
    const secure = await startTestApp({ SITE_URL: 'https://www.example.com.au' }, { databaseUrl: t.databaseUrl });
    try {
      const response = await request(secure.baseUrl).get('/about').expect(200);
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
