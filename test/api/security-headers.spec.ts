import request from 'supertest';
import { signInAsAdmin } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let paths: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  const [article] = await t.dataSource.query(`SELECT slug FROM articles WHERE published = true ORDER BY id LIMIT 1`);
  const [review] = await t.dataSource.query(`SELECT slug FROM reviews WHERE published = true ORDER BY id LIMIT 1`);
  const [site] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
  paths = {
    home: '/',
    'blog list': '/blog',
    article: `/blog/${article.slug}`,
    reviews: '/gear-reviews',
    review: `/gear-reviews/${review.slug}`,
    'dive sites': '/dive-sites',
    'dive site': `/dive-sites/${site.id}`,
    'static page': '/about',
    'learn to dive': '/learn-to-dive',
    contact: '/contact',
    '404': '/no-such-page',
    admin: '/admin',
    'API docs': '/api/docs/',
  };
});

afterAll(async () => {
  await t.close();
});

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectHardened(headers: Record<string, string>, html: string) {
  const csp = directives(headers['content-security-policy'] ?? '');
  const scripts = csp['script-src'] ?? csp['default-src'];
  expect(scripts).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  // Frames only from the video hosts the site embeds.
  expect(csp['frame-src']).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['x-frame-options']).toBe('DENY');
  // Every inline <script> is a data block (island props, JSON-LD), which CSP never executes.
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) {
    if (!/\bsrc=/.test(attributes)) expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
  }
}

describe('security headers on every page type', () => {
  it.each([
    'home',
    'blog list',
    'article',
    'reviews',
    'review',
    'dive sites',
    'dive site',
    'static page',
    'learn to dive',
    'contact',
    '404',
    'admin',
    'API docs',
  ])('%s', async (name) => {
    const response = await request(t.baseUrl).get(paths[name]).set('Accept', 'text/html');
    expect(response.status).toBe(name === '404' ? 404 : 200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectHardened(response.headers as Record<string, string>, response.text);
    // Plain http: no HSTS (a browser would refuse the site's http origin afterwards).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the signed-in admin dashboard and the JSON API carry them too', async () => {
    const admin = await signInAsAdmin(t);
    const dashboard = await admin.get('/admin').set('Accept', 'text/html');
    expectHardened(dashboard.headers as Record<string, string>, dashboard.text);
    const api = await request(t.baseUrl).get('/api/articles');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(api.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('on an https site', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ SITE_URL: 'https://divers.example.com' }, { databaseUrl: t.databaseUrl });
  });
  afterAll(async () => {
    await secure.close();
  });

  it('sends HSTS for a year and upgrades insecure requests', async () => {
    for (const path of ['/', '/blog', '/no-such-page', '/admin', '/api/articles']) {
      const response = await request(secure.baseUrl).get(path).set('Accept', 'text/html').set('X-Forwarded-Proto', 'https');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    }
  });
});
