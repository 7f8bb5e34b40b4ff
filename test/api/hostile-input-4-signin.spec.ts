import http from 'node:http';
import request from 'supertest';
import type { Store } from 'express-session';
import { AdminHttpMiddleware } from 'src/admin-auth/admin-http.middleware';
import { Clock } from 'src/common/clock';
import { signInAsAdmin } from '../support/admin';
import { ADMIN_TEST_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42's sign-in and session findings, attacked as in the issue: TRUST_PROXY=1, so X-Forwarded-For
 * names the client and each test speaks from addresses of its own.
 */

const SITE_WIDE = /^Too many login attempts on this site\. Please try again in \d+ minutes?\.$/;

const login = (t: TestApp, password: string, from: string) => request(t.baseUrl).post('/api/admin/login').set('X-Forwarded-For', from).send({ password });

/** The `adg.sid=...` pair of a response's Set-Cookie. */
function cookieOf(setCookie: string | string[] | undefined): string {
  const found = ([] as string[]).concat(setCookie ?? []).find((cookie) => cookie.startsWith('adg.sid='));
  if (!found) throw new Error('no session cookie');
  return found.split(';')[0];
}

const sessionStatus = (t: TestApp, cookie: string) => request(t.baseUrl).get('/api/admin/session').set('Cookie', cookie);

describe('sign-in under attack (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  /** Time stands still, so the site-wide cap's one-minute window outlasts a test slowed by a busy machine. */
  const holdTime = () => {
    const clock = t.app.get(Clock);
    const held = clock.now().getTime();
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(held));
  };

  const blockedRows = async (address: string): Promise<number> => {
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'login_blocked' AND "ipAddress" = $1`, [address]);
    return n;
  };

  it('F1: 200 sign-ins from one address past its limit write one login_blocked row, and a real sign-in stays on the dashboard', async () => {
    const admin = await signInAsAdmin(t);
    const from = '198.51.100.41';
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await login(t, `wrong-${i}`, from)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect(await blockedRows(from)).toBe(1);
    // The administrator's own sign-in is still among the dashboard's recent events.
    const summary = (await admin.get('/api/admin/security-dashboard').expect(200)).body;
    expect(summary.recentActivity.map((event: { action: string }) => event.action)).toContain('login_success');
  }, 120_000);

  it('F1: the next window past the limit writes its own one row', async () => {
    const from = '198.51.100.42';
    for (let i = 0; i < 8; i++) await login(t, `wrong-${i}`, from);
    const clock = t.app.get(Clock);
    try {
      clock.advance(15 * 60_000);
      for (let i = 0; i < 8; i++) await login(t, `wrong-${i}`, from);
    } finally {
      clock.reset();
    }
    expect(await blockedRows(from)).toBe(2);
  });

  it('F2: 30 IPv6 /64s guessing never stop the right password, and the guessers still meet 429', async () => {
    holdTime();
    const guesser = (n: number) => `2001:db8:42:${(n % 30).toString(16)}::${(n + 1).toString(16)}`;
    const guesses: number[] = [];
    const administrator: number[] = [];
    for (let n = 0; n < 90; n++) {
      const answer = await login(t, `guess-${n}`, guesser(n));
      guesses.push(answer.status);
      if (answer.status === 429) expect(answer.body.error).toMatch(SITE_WIDE);
      if (n % 15 === 14) administrator.push((await login(t, ADMIN_TEST_PASSWORD, '2001:db8:4200:1::a')).status);
    }
    expect(administrator).toEqual([200, 200, 200, 200, 200, 200]);
    // The site-wide cap of 10 failures a minute: the guessers' first ten are answered, every later one is 429.
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual(Array(80).fill(429));
    // From an address of its own, still after the guessers, the right password signs in.
    const late = await login(t, ADMIN_TEST_PASSWORD, '2001:db8:4200:2::b').expect(200);
    await sessionStatus(t, cookieOf(late.headers['set-cookie'])).expect(200);
    // What the 90 guesses wrote to the audit log: the ten failures heard, and one row for the cap's window.
    const [rows] = await t.dataSource.query(
      `SELECT count(*) FILTER (WHERE action = 'login_failure')::int AS failures,
              count(*) FILTER (WHERE action = 'login_blocked' AND details::text LIKE '%all addresses%')::int AS capped,
              count(*) FILTER (WHERE action = 'login_blocked')::int AS blocked
       FROM audit_logs WHERE "ipAddress" LIKE '2001:db8:42:%'`,
    );
    expect(rows).toEqual({ failures: 10, capped: 1, blocked: 1 });
  }, 120_000);

  it('F2: while the site is capped, a network that already failed is refused before its password is checked', async () => {
    holdTime();
    for (let i = 1; i <= 10; i++) await login(t, 'wrong', `203.0.113.${i}`).expect(401);
    // Past the cap, even the right password from a network that just guessed wrong is refused.
    await login(t, 'wrong', '203.0.113.1').expect(429);
    await login(t, ADMIN_TEST_PASSWORD, '203.0.113.1').expect(429);
    await login(t, ADMIN_TEST_PASSWORD, '203.0.113.99').expect(200);
  });
});

describe('the sign-in race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('the sign-in race: ten requests sent with the new cookie as soon as the answer arrives are all signed in', async () => {
    // A slow database write, as under load: every save of a session takes 300 ms.
    const store = (t.app.get(AdminHttpMiddleware) as unknown as { store: Store }).store;
    const set = store.set.bind(store);
    store.set = (sid, data, callback) => void setTimeout(() => set(sid, data, callback), 300);
    try {
      const url = new URL('/api/admin/login', t.baseUrl);
      const body = JSON.stringify({ password: ADMIN_TEST_PASSWORD });
      const cookie = await new Promise<string>((resolve, reject) => {
        const sent = http.request(
          url,
          { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (response) => {
            // As a browser does: the cookie is kept as soon as the headers are read.
            resolve(cookieOf(response.headers['set-cookie']));
            response.resume();
          },
        );
        sent.on('error', reject);
        sent.end(body);
      });
      const statuses = (await Promise.all(Array.from({ length: 10 }, () => sessionStatus(t, cookie)))).map((response) => response.status);
      expect(statuses).toEqual(Array(10).fill(200));
    } finally {
      store.set = set;
    }
  });
});

describe('sessions end with their reason', () => {
  it('Sign out everywhere: every other session cookie gets 401 afterwards', async () => {
    const t = await startTestApp();
    try {
      const here = await signInAsAdmin(t);
      const elsewhere = await signInAsAdmin(t);
      const stolen = await signInAsAdmin(t);
      await elsewhere.get('/api/admin/session').expect(200);
      const answer = await here.post('/api/admin/logout-everywhere').expect(200);
      expect(answer.body).toEqual({ success: true });
      for (const agent of [here, elsewhere, stolen]) await agent.get('/api/admin/session').expect(401);
      const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM session');
      expect(n).toBe(0);
      const [{ details }] = await t.dataSource.query(`SELECT details FROM audit_logs WHERE action = 'admin_logout' ORDER BY id DESC LIMIT 1`);
      expect(details).toMatchObject({ everywhere: true });
      // Without a session there is nothing to end: 401, and the next sign-in works.
      await request(t.baseUrl).post('/api/admin/logout-everywhere').set('Origin', t.siteOrigin).expect(401);
      const again = await signInAsAdmin(t);
      const summary = (await again.get('/api/admin/security-dashboard').expect(200)).body;
      expect(summary.recentActivity.map((event: { details: string }) => event.details)).toContain('Signed out everywhere (3 sessions ended)');
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a changed ADMIN_PASSWORD ends every session; a restart with the same password ends none', async () => {
    const first = await startTestApp({ ADMIN_PASSWORD: 'the-first-password-0001' });
    const cookies: string[] = [];
    try {
      for (let i = 0; i < 2; i++) cookies.push(cookieOf((await login(first, 'the-first-password-0001', '127.0.0.1').expect(200)).headers['set-cookie']));
      // The same password again (a plain restart): the sessions go on.
      const same = await startTestApp({ ADMIN_PASSWORD: 'the-first-password-0001' }, { databaseUrl: first.databaseUrl });
      await same.close();
      for (const cookie of cookies) await sessionStatus(first, cookie).expect(200);
      // A restart with a new password.
      const changed = await startTestApp({ ADMIN_PASSWORD: 'the-second-password-002' }, { databaseUrl: first.databaseUrl });
      try {
        for (const cookie of cookies) {
          await sessionStatus(changed, cookie).expect(401);
          await sessionStatus(first, cookie).expect(401);
        }
        await login(changed, 'the-first-password-0001', '127.0.0.1').expect(401);
        await login(changed, 'the-second-password-002', '127.0.0.1').expect(200);
      } finally {
        await changed.close();
      }
    } finally {
      await first.close();
    }
  }, 120_000);
});

describe('/api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('/api/docs is served only to a signed-in administrator: anyone else gets 404', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs-yaml', '/api/docs/swagger-ui-init.js', '/API/Docs-JSON']) {
      const anonymous = await request(t.baseUrl).get(path);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 404 });
      expect(anonymous.text).not.toContain('/api/admin/');
    }
    const admin = await signInAsAdmin(t);
    const document = await admin.get('/api/docs-json').expect(200);
    expect(Object.keys(document.body.paths)).toContain('/api/admin/login');
    expect((await admin.get('/api/docs').redirects(1).expect(200)).text).toContain('swagger');
    // Signed out, it is gone again.
    await admin.post('/api/admin/logout').expect(200);
    await admin.get('/api/docs-json').expect(404);
  });
});
