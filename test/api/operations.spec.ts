import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_TEST_PASSWORD, createTestDatabase, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('health probes', () => {
  it('answers liveness and readiness without caching', async () => {
    const live = await request(t.baseUrl).get('/healthz').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await request(t.baseUrl).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('gives every answer its own X-Request-Id', async () => {
    const first = await request(t.baseUrl).get('/api/articles');
    const second = await request(t.baseUrl).get('/no-such-page');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('OpenAPI documentation', () => {
  it('lists the public and admin calls of SPEC section 7 at /api/docs-json', async () => {
    const response = await request(t.baseUrl).get('/api/docs-json').expect(200);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    expect(response.body.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['get', '/api/articles'],
      ['post', '/api/articles'],
      ['get', '/api/articles/slug/{slug}'],
      ['get', '/api/articles/{id}/comments'],
      ['post', '/api/articles/{id}/comments'],
      ['patch', '/api/articles/{id}'],
      ['delete', '/api/articles/{id}'],
      ['get', '/api/reviews/published'],
      ['get', '/api/reviews/category/{category}'],
      ['get', '/api/reviews/slug/{slug}'],
      ['get', '/api/products'],
      ['get', '/api/products/featured'],
      ['get', '/api/locations/featured'],
      ['get', '/api/dive-sites'],
      ['get', '/api/dive-sites/search'],
      ['get', '/api/dive-sites/by-review-url'],
      ['get', '/api/dive-sites/{id}/ratings'],
      ['post', '/api/dive-sites/{id}/ratings'],
      ['get', '/api/carousel-videos'],
      ['post', '/api/newsletter/subscribe'],
      ['post', '/api/contact'],
      ['get', '/api/admin/session'],
      ['post', '/api/admin/login'],
      ['post', '/api/admin/update-sitemap'],
      ['get', '/api/admin/security-dashboard'],
      ['get', '/api/newsletter/subscribers'],
      ['put', '/api/dive-sites/{id}'],
      ['patch', '/api/dive-sites/{id}/photo'],
      ['get', '/api/dive-sites/export/csv'],
      ['get', '/api/admin/comments'],
      ['delete', '/api/admin/comments/{id}'],
      ['get', '/healthz'],
      ['get', '/readyz'],
    ];
    for (const [method, path] of expected) {
      expect({ path, method, documented: Boolean(paths[path]?.[method]) }).toEqual({ path, method, documented: true });
    }
    // The HTML pages are not part of the API.
    expect(Object.keys(paths).filter((path) => !path.startsWith('/api/') && !['/healthz', '/readyz'].includes(path))).toEqual([]);
  });

  it('describes the request bodies from the DTO rules', async () => {
    const { body } = await request(t.baseUrl).get('/api/docs-json').expect(200);
    const schemas = body.components.schemas as Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }>;
    expect(schemas.CreateRatingDto.properties.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(schemas.CreateRatingDto.properties.comment).toMatchObject({ type: 'string', maxLength: 500 });
    expect(schemas.CreateRatingDto.required).toEqual(['rating']);
    expect(schemas.CreateCommentDto.properties.name).toMatchObject({ type: 'string', maxLength: 100 });
    expect(schemas.CreateCommentDto.required).toEqual(expect.arrayContaining(['name', 'content']));
    const comments = body.paths['/api/articles/{id}/comments'].post;
    expect(JSON.stringify(comments.requestBody)).toContain('CreateCommentDto');
  });

  it('serves Swagger UI at /api/docs with only external scripts, under the site CSP', async () => {
    const page = await request(t.baseUrl).get('/api/docs/').redirects(1).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src=/);
      expect(body.trim()).toBe('');
    }
    const init = await request(t.baseUrl).get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('SwaggerUIBundle');
  });
});

// The production process, as `npm run start:prod` runs it, writes JSON lines to stdout.
describe('production logs', () => {
  const main = join(__dirname, '..', '..', 'dist', 'src', 'main.js');
  let child: ChildProcess;
  let output = '';
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
  });

  it('are JSON with a request id, and hold no password, session id, cookie, Authorization header or full email', async () => {
    const databaseUrl = await createTestDatabase();
    child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: process.env.TEST_DATA_DIR ?? '/tmp',
        SESSION_SECRET: 'operations-test-session-secret-0123456789',
        ADMIN_PASSWORD: ADMIN_TEST_PASSWORD,
        SITE_URL: base,
        LOG_LEVEL: 'log',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const json = { 'Content-Type': 'application/json', Origin: base };
    await fetch(`${base}/api/admin/login`, { method: 'POST', headers: json, body: JSON.stringify({ password: 'wrong-password-for-the-log-test' }) });
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: json, body: JSON.stringify({ password: ADMIN_TEST_PASSWORD }) });
    expect(login.status).toBe(200);
    // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
    // before using the cookie, as the admin screen does.
    await login.text();
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const sessionId = decodeURIComponent(cookie.split('=')[1]);
    expect((await fetch(`${base}/api/admin/session`, { headers: { Cookie: cookie } })).status).toBe(200);
    await fetch(`${base}/api/articles`, { headers: { Authorization: 'Bearer secret-bearer-token-for-the-log-test' } });
    await fetch(`${base}/api/newsletter/subscribe`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'log.test.reader@example.com' }) });
    await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Log Tester', email: 'log.test.writer@example.com', subject: 'Logs', message: 'Checking what the logs keep.' }),
    });
    await fetch(`${base}/newsletter/unsubscribe?email=log.test.reader%40example.com`);
    await fetch(`${base}/api/dive-sites/not-a-number`);
    // The log is buffered: a graceful stop writes out what it holds.
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });

    const lines = output.split('\n').filter((line) => line.trim());
    expect(lines.length).toBeGreaterThan(5);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.reqId);
    expect(requests.length).toBeGreaterThanOrEqual(7);
    for (const entry of requests) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // App logs (Nest's Logger) go through the same JSON logger.
    expect(entries.some((entry) => entry.context === 'Bootstrap' || entry.context === 'NestApplication')).toBe(true);

    for (const secret of [
      ADMIN_TEST_PASSWORD,
      'wrong-password-for-the-log-test',
      sessionId,
      sessionId.slice(2, 34),
      'secret-bearer-token-for-the-log-test',
      'log.test.reader@example.com',
      'log.test.reader%40example.com',
      'log.test.writer@example.com',
      'operations-test-session-secret',
    ]) {
      expect({ secret, found: output.includes(secret) }).toEqual({ secret, found: false });
    }
  }, 90_000);
});
