import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import type { Store } from 'express-session';
import { AdminHttpMiddleware } from 'src/admin-auth/admin-http.middleware';
import { ADMIN_ONLY_OPTIONS } from 'src/admin-auth/admin-only.options';
import { Clock } from 'src/common/clock';
import { signInAsAdmin } from '../support/admin';
import { ADMIN_TEST_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

const MINUTE = 60_000;

/** The `adg.sid=...` pair of a response's Set-Cookie, or undefined. */
function sessionCookie(response: request.Response, name = 'adg.sid'): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The session id inside a signed express-session cookie value (`s:<id>.<signature>`). */
function sessionId(setCookie: string): string {
  const value = decodeURIComponent(setCookie.split(';')[0].split('=').slice(1).join('='));
  return value.slice(2, value.lastIndexOf('.'));
}

const cookiePair = (setCookie: string) => setCookie.split(';')[0];

async function storedSessions(t: TestApp, sid: string): Promise<number> {
  const rows: { n: string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM session WHERE sid = $1', [sid]);
  return Number(rows[0].n);
}

async function auditCount(t: TestApp, action: string): Promise<number> {
  const rows: { n: string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM audit_logs WHERE action = $1', [action]);
  return Number(rows[0].n);
}

const login = (t: TestApp, password: string, headers: Record<string, string> = {}) =>
  request(t.baseUrl).post('/api/admin/login').set(headers).send({ password });

describe('signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a wrong password with 401 and an error field, and logs the failure', async () => {
    const before = await auditCount(t, 'login_failure');
    const response = await login(t, 'not-the-password').expect(401);
    expect(response.body.error).toBe('Invalid password');
    expect(sessionCookie(response)).toBeUndefined();
    expect(await auditCount(t, 'login_failure')).toBe(before + 1);
  });

  it('answers 400 naming the field when the password is missing', async () => {
    const response = await request(t.baseUrl).post('/api/admin/login').send({}).expect(400);
    expect(response.body.fields.password).toEqual(['Password is required']);
  });

  it('signs in with the right password and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await login(t, ADMIN_TEST_PASSWORD).expect(200);
    expect(response.body).toMatchObject({ success: true, minutesRemaining: 30, isContentEditing: false });
    const cookie = sessionCookie(response)!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//i);
    // Plain http (the test server): a Secure cookie would never come back, so it is not set.
    expect(cookie).not.toMatch(/; Secure/i);
    expect(response.headers['cache-control']).toBe('no-store');

    const session = await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(cookie)).expect(200);
    expect(session.body).toMatchObject({ minutesRemaining: 30, isContentEditing: false });
    expect(session.headers['x-robots-tag']).toBe('noindex');
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it.each(['/api/admin/login/', '/API/Admin/Login'])('signs in at %s too, as the router takes it', async (path) => {
    const response = await request(t.baseUrl).post(path).send({ password: ADMIN_TEST_PASSWORD }).expect(200);
    const cookie = sessionCookie(response)!;
    await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(cookie)).expect(200);
  });

  it('gives a new session id at sign-in, and the old one no longer works', async () => {
    const first = sessionCookie(await login(t, ADMIN_TEST_PASSWORD).expect(200))!;
    const again = await login(t, ADMIN_TEST_PASSWORD, { Cookie: cookiePair(first), Origin: t.siteOrigin }).expect(200);
    const second = sessionCookie(again)!;
    expect(sessionId(second)).not.toBe(sessionId(first));
    await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(first)).expect(401);
    await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(second)).expect(200);
    expect(await storedSessions(t, sessionId(first))).toBe(0);
  });

  it('never stores the password, only a scrypt hash', async () => {
    const rows: { password: string }[] = await t.dataSource.query('SELECT password FROM users');
    expect(rows).toHaveLength(1);
    expect(rows[0].password).toMatch(/^scrypt\$/);
    expect(rows[0].password).not.toContain(ADMIN_TEST_PASSWORD);
  });
});

describe('signing out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('destroys the stored session, clears the cookie and logs admin_logout', async () => {
    const cookie = sessionCookie(await login(t, ADMIN_TEST_PASSWORD).expect(200))!;
    const sid = sessionId(cookie);
    expect(await storedSessions(t, sid)).toBe(1);
    const response = await request(t.baseUrl)
      .post('/api/admin/logout')
      .set({ Cookie: cookiePair(cookie), Origin: t.siteOrigin })
      .expect(200);
    expect(sessionCookie(response)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await storedSessions(t, sid)).toBe(0);
    await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(cookie)).expect(401);
    expect(await auditCount(t, 'admin_logout')).toBe(1);
  });

  it('never writes a signed-out session back, even from a request that was still in flight', async () => {
    const cookie = sessionCookie(await login(t, ADMIN_TEST_PASSWORD).expect(200))!;
    const sid = sessionId(cookie);
    const [{ sess }] = await t.dataSource.query('SELECT sess FROM session WHERE sid = $1', [sid]);
    expect(sess.admin.fresh).toBeUndefined();
    await request(t.baseUrl)
      .post('/api/admin/logout')
      .set({ Cookie: cookiePair(cookie), Origin: t.siteOrigin })
      .expect(200);

    // What express-session does at the end of an admin request that loaded the session before the
    // sign-out: it saves its (modified) copy.
    const store = (t.app.get(AdminHttpMiddleware) as unknown as { store: Store }).store;
    const stale = { ...sess, admin: { ...sess.admin, lastActiveAt: Date.now() } };
    await new Promise<void>((resolve, reject) => store.set(sid, stale, (error) => (error ? reject(error) : resolve())));
    expect(await storedSessions(t, sid)).toBe(0);
    await request(t.baseUrl).get('/api/admin/session').set('Cookie', cookiePair(cookie)).expect(401);
  });

  it('answers 200 when there is no session to end', async () => {
    await request(t.baseUrl).post('/api/admin/logout').expect(200);
  });
});

describe('session limits (moved with the test clock)', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await startTestApp();
    clock = t.app.get(Clock);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  it('ends a session after 30 minutes without activity', async () => {
    const admin = await signInAsAdmin(t);
    clock.advance(29 * MINUTE);
    expect((await admin.get('/api/admin/session').expect(200)).body.minutesRemaining).toBe(1);
    clock.advance(1 * MINUTE);
    const expired = await admin.get('/api/admin/session').expect(401);
    expect(expired.body.error).toBe('Session expired. Please log in again.');
    // The expired session is gone for good, even if time went back.
    clock.reset();
    await admin.get('/api/admin/session').expect(401);
  });

  it('keeps an active session alive; polling the status does not count as activity', async () => {
    const admin = await signInAsAdmin(t);
    clock.advance(20 * MINUTE);
    await admin.get('/api/articles?admin=true').expect(200);
    clock.advance(20 * MINUTE);
    expect((await admin.get('/api/admin/session').expect(200)).body.minutesRemaining).toBe(10);
    clock.advance(9 * MINUTE);
    await admin.get('/api/admin/session').expect(200);
    clock.advance(1 * MINUTE);
    await admin.get('/api/admin/session').expect(401);
  });

  it('limits a content-editing session to 1 hour from sign-in however active it is', async () => {
    const admin = await signInAsAdmin(t);
    await admin.post('/api/admin/update-sitemap').expect(200);
    let status = (await admin.get('/api/admin/session').expect(200)).body;
    expect(status).toEqual({ authenticated: true, minutesRemaining: 30, isContentEditing: false });

    await admin
      .post('/api/products')
      .send({
        name: 'Session test torch',
        description: 'A torch that exists only for this test.',
        category: 'Lights',
        affiliateLink: 'https://example.com/torch',
      })
      .expect(201);
    status = (await admin.get('/api/admin/session').expect(200)).body;
    expect(status.isContentEditing).toBe(true);

    for (let minutes = 20; minutes < 60; minutes += 20) {
      clock.advance(20 * MINUTE);
      await admin.get('/api/articles?admin=true').expect(200);
    }
    clock.advance(15 * MINUTE);
    status = (await admin.get('/api/admin/session').expect(200)).body;
    expect(status.minutesRemaining).toBe(5);
    clock.advance(5 * MINUTE);
    await admin.get('/api/articles?admin=true').expect(401);
  });

  it('tells the minutes left in every admin answer, as that call left the session', async () => {
    const admin = await signInAsAdmin(t);
    const minutes = (response: request.Response) => [response.headers['x-admin-session-minutes'], response.headers['x-admin-session-content-editing']];
    clock.advance(20 * MINUTE);
    expect(minutes(await admin.get('/api/admin/session').expect(200))).toEqual(['10', 'false']);
    expect(minutes(await admin.get('/api/admin/security-dashboard').expect(200))).toEqual(['10', 'false']);
    // A read of the admin list is activity: its own answer already says so.
    expect(minutes(await admin.get('/api/articles?admin=true').expect(200))).toEqual(['30', 'false']);
    clock.advance(25 * MINUTE);
    const product = {
      name: 'Header test mask',
      description: 'A mask that exists only for this test.',
      category: 'Masks',
      affiliateLink: 'https://example.com/mask',
    };
    // The first write makes it a content-editing session: 15 minutes remain of the hour from sign-in.
    expect(minutes(await admin.post('/api/products').send(product).expect(201))).toEqual(['15', 'true']);
    expect(
      minutes(
        await admin
          .post('/api/products')
          .send({ ...product, name: '' })
          .expect(400),
      ),
    ).toEqual(['15', 'true']);
    expect(minutes(await admin.post('/api/admin/refresh-session').expect(200))).toEqual(['30', 'false']);
    expect(minutes(await admin.get('/api/reviews').expect(200))).toEqual([undefined, undefined]);
  });

  it('starts a new session, with both limits reset, on refresh', async () => {
    const admin = await signInAsAdmin(t);
    await admin
      .post('/api/products')
      .send({ name: 'Refresh test fins', description: 'Fins that exist only for this test.', category: 'Fins', affiliateLink: 'https://example.com/fins' })
      .expect(201);
    clock.advance(25 * MINUTE);
    await admin.get('/api/articles?admin=true').expect(200);
    clock.advance(25 * MINUTE);
    await admin.get('/api/articles?admin=true').expect(200);
    const refreshed = await admin.post('/api/admin/refresh-session').expect(200);
    expect(refreshed.body).toMatchObject({ success: true, minutesRemaining: 30, isContentEditing: false });
    // 75 minutes after the first sign-in: past the old session's 1-hour limit, well inside the new one's.
    clock.advance(25 * MINUTE);
    expect((await admin.get('/api/admin/session').expect(200)).body.minutesRemaining).toBe(5);
  });
});

describe('sign-in rate limit: 5 attempts per 15 minutes per client IP', () => {
  let t: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    // A second server process on the same database, as behind a load balancer.
    second = await startTestApp({ TRUST_PROXY: '1' }, { databaseUrl: t.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  // The site-wide cap of 10 failures a minute (test/api/hostile-input-media.spec.ts) would end these per-address tests early.
  beforeEach(() => t.dataSource.query(`DELETE FROM rate_limits WHERE "key" LIKE 'login-overall:%'`));

  it('answers the sixth attempt with 429, logged as login_blocked, even with the right password', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.10' };
    for (let i = 0; i < 5; i++) await login(t, `wrong-${i}`, from).expect(401);
    const blocked = await login(t, ADMIN_TEST_PASSWORD, from).expect(429);
    expect(blocked.body.error).toMatch(/^Too many login attempts\. Please try again in 15 minutes\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditCount(t, 'login_blocked')).toBeGreaterThanOrEqual(1);
  });

  it('counts attempts in the shared table, so two server processes see one count', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.20' };
    for (let i = 0; i < 3; i++) await login(t, `wrong-${i}`, from).expect(401);
    for (let i = 0; i < 2; i++) await login(second, `wrong-${i}`, from).expect(401);
    await login(second, 'wrong-again', from).expect(429);
    await login(t, 'wrong-again', from).expect(429);
  });

  it('is not reset by a forged X-Forwarded-For: only the address the trusted proxy saw counts', async () => {
    for (let i = 0; i < 5; i++) await login(t, `wrong-${i}`, { 'X-Forwarded-For': '203.0.113.30' }).expect(401);
    // The client prepends a made-up address; the proxy appends the real one, which is what counts.
    await login(t, 'wrong', { 'X-Forwarded-For': '198.51.100.77, 203.0.113.30' }).expect(429);
    // Another client is unaffected.
    await login(t, 'wrong', { 'X-Forwarded-For': '203.0.113.31' }).expect(401);
  });

  it('opens again when the 15-minute window has passed', async () => {
    const clock = t.app.get(Clock);
    const from = { 'X-Forwarded-For': '203.0.113.40' };
    try {
      for (let i = 0; i < 5; i++) await login(t, `wrong-${i}`, from).expect(401);
      await login(t, 'wrong', from).expect(429);
      clock.advance(15 * MINUTE);
      await login(t, ADMIN_TEST_PASSWORD, from).expect(200);
    } finally {
      clock.reset();
    }
  });

  it('shows the attempts on the security dashboard, with no password in any event', async () => {
    const admin = request.agent(t.baseUrl);
    await admin.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.50').send({ password: ADMIN_TEST_PASSWORD }).expect(200);
    const summary = (await admin.get('/api/admin/security-dashboard').set('X-Forwarded-For', '203.0.113.50').expect(200)).body;
    expect(summary.failedAttempts).toBeGreaterThanOrEqual(5);
    expect(summary.blockedAttempts).toBeGreaterThanOrEqual(1);
    expect(summary.successfulLogins).toBeGreaterThanOrEqual(1);
    expect(summary.totalLoginAttempts).toBe(summary.failedAttempts + summary.blockedAttempts + summary.successfulLogins);
    const actions = summary.recentActivity.map((event: { action: string }) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['login_success', 'login_failure', 'login_blocked']));
    expect(summary.recentActivity.find((event: { ipAddress: string }) => event.ipAddress === '203.0.113.10')).toBeDefined();
    const details = (action: string) =>
      summary.recentActivity.filter((event: { action: string }) => event.action === action).map((event: { details: unknown }) => event.details);
    expect(details('login_success')).toContain('Signed in');
    expect(details('login_failure')).toContain('Wrong password');
    expect(details('login_blocked')[0]).toMatch(/^Sign-in blocked: Too many login attempts \(\d+ attempts, limit 5 per 15 minutes\)$/);
    expect(JSON.stringify(summary)).not.toContain('wrong-');
    expect(JSON.stringify(summary)).not.toContain(ADMIN_TEST_PASSWORD);
  });

  it('pages the whole audit log newest first, reads included, and searches it on the server', async () => {
    const admin = request.agent(t.baseUrl);
    await admin.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.60').send({ password: ADMIN_TEST_PASSWORD }).expect(200);
    // Six audited reads (the dashboard's polls are not audited; a list the administrator opens is).
    for (let i = 0; i < 6; i++) await admin.get(`/api/newsletter/subscribers?offset=${i}`).expect(200);
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM audit_logs');

    const first = await admin.get('/api/admin/audit-log?limit=3').expect(200);
    // The call itself is audited as it ends, so the log may have grown by the time it is counted.
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(n);
    expect(first.body).toHaveLength(3);
    expect(first.headers.link).toBe('</api/admin/audit-log?limit=3&offset=3>; rel="next"');
    const times = first.body.map((event: { timestamp: string }) => Date.parse(event.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await admin.get('/api/admin/audit-log?limit=3&offset=3').expect(200);
    expect(second.headers.link).toContain('rel="prev"');
    // The first call's own entry, made as it ended, moves rows one place down: the second page may repeat
    // what the first ended with, and skips nothing that was there before.
    const own = (event: { action: string }) => event.action !== 'GET /api/admin/audit-log';
    const ids = [...new Set([...first.body, ...second.body].filter(own).map((event: { id: number }) => event.id))];
    const rows: { id: number }[] = await t.dataSource.query(
      `SELECT id FROM audit_logs WHERE action <> 'GET /api/admin/audit-log' ORDER BY timestamp DESC, id DESC`,
    );
    const start = rows.findIndex((row) => row.id === ids[0]);
    expect(ids).toEqual(rows.slice(start, start + ids.length).map((row) => row.id));
    expect(ids.length).toBeGreaterThanOrEqual(4);

    // Reads are in the log (the summary leaves them out); a search narrows it on the server.
    const reads = await admin.get(`/api/admin/audit-log?q=${encodeURIComponent('GET /api/newsletter/sub')}`).expect(200);
    expect(reads.body.length).toBeGreaterThanOrEqual(6);
    expect(reads.body.every((event: { action: string }) => event.action === 'GET /api/newsletter/subscribers')).toBe(true);
    const byAddress = await admin.get('/api/admin/audit-log?q=203.0.113.60').expect(200);
    expect(byAddress.body.map((event: { action: string; details: string }) => [event.action, event.details])).toContainEqual(['login_success', 'Signed in']);
    expect(Number(byAddress.headers['x-total-count'])).toBe(byAddress.body.length);
    expect((await admin.get('/api/admin/audit-log?q=%25_nothing-like-this').expect(200)).body).toEqual([]);

    expect((await admin.get('/api/admin/audit-log?limit=0').expect(400)).body).toMatchObject({ statusCode: 400, error: 'limit must be between 1 and 100' });
    await request(t.baseUrl).get('/api/admin/audit-log').expect(401);
  });
});

describe('cross-origin writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a state-changing request with the session cookie from another origin (403), and changes nothing', async () => {
    const cookie = cookiePair(sessionCookie(await login(t, ADMIN_TEST_PASSWORD).expect(200))!);
    const body = { name: 'Forged product', description: 'Should never be stored.', category: 'Masks', affiliateLink: 'https://example.com/x' };
    const forged = await request(t.baseUrl).post('/api/products').set({ Cookie: cookie, Origin: 'https://evil.example' }).send(body).expect(403);
    expect(forged.body.error).toBe('Request refused: it did not come from this site');
    const noOrigin = await request(t.baseUrl).post('/api/products').set({ Cookie: cookie }).send(body);
    expect(noOrigin.status).toBe(403);
    const crossSite = await request(t.baseUrl).post('/api/products').set({ Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' }).send(body);
    expect(crossSite.status).toBe(403);
    const rows: unknown[] = await t.dataSource.query(`SELECT id FROM products WHERE name = 'Forged product'`);
    expect(rows).toHaveLength(0);
    // The same request from the site itself goes through.
    await request(t.baseUrl).post('/api/products').set({ Cookie: cookie, Origin: t.siteOrigin }).send(body).expect(201);
  });
});

describe('the cookie on an https site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SITE_URL: 'https://diveguide.example' });
  });
  afterAll(() => t.close());

  it('is named __Host-adg.sid and is Secure (TLS ends at the proxy in front)', async () => {
    const response = await request(t.baseUrl).post('/api/admin/login').set('X-Forwarded-Proto', 'https').send({ password: ADMIN_TEST_PASSWORD }).expect(200);
    const cookie = sessionCookie(response, '__Host-adg.sid');
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
  });
});

describe('every administrator endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Every handler marked @AdminOnly(), found from the controllers' metadata, so a new one is covered. */
  function adminRoutes(): [string, string][] {
    const routes: [string, string][] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
        if (!type) continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
        for (const name of Object.getOwnPropertyNames(type.prototype)) {
          const handler = type.prototype[name];
          if (typeof handler !== 'function' || !Reflect.getMetadata(ADMIN_ONLY_OPTIONS, handler)) continue;
          const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
          const url = `/${[base, path].filter((part) => part && part !== '/').join('/')}`.replace(/:[A-Za-z]+/g, '1');
          routes.push([method, url]);
        }
      }
    }
    return routes.sort();
  }

  it('includes the admin calls SPEC section 7 lists', () => {
    const routes = adminRoutes().map(([method, url]) => `${method} ${url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/session',
        'GET /api/admin/security-dashboard',
        'POST /api/admin/update-sitemap',
        'POST /api/articles',
        'PATCH /api/articles/1',
        'DELETE /api/articles/1',
        'POST /api/reviews',
        'PATCH /api/reviews/1',
        'DELETE /api/reviews/1',
        'POST /api/products',
        'PATCH /api/products/1',
        'DELETE /api/products/1',
        'GET /api/newsletter/subscribers',
        'PATCH /api/newsletter/subscribers/1',
        'DELETE /api/newsletter/subscribers/1',
        'POST /api/carousel-videos',
        'PATCH /api/carousel-videos/1',
        'DELETE /api/carousel-videos/1',
        'GET /api/admin/comments',
        'DELETE /api/admin/comments/1',
      ]),
    );
  });

  it('answers 401 without a session, never cached nor indexed, for every one of them', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const [method, url] of routes) {
      const call = request(t.baseUrl)[method.toLowerCase() as 'get'](url);
      const response = method === 'GET' || method === 'DELETE' ? await call : await call.send({});
      expect({ route: `${method} ${url}`, status: response.status }).toEqual({ route: `${method} ${url}`, status: 401 });
      expect(response.body.error).toBe('Authentication required');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it.each(['articles', 'reviews', 'carousel-videos'])('keeps GET /api/%s?admin=true (drafts included) behind the session', async (resource) => {
    await request(t.baseUrl).get(`/api/${resource}?admin=true`).expect(401);
  });
});
