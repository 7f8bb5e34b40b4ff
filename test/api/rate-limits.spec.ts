import request from 'supertest';
import { Clock } from 'src/common/clock';
import { HousekeepingService } from 'src/housekeeping/housekeeping.service';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The per-address limits as a client meets them (TRUST_PROXY unset: every request here is 127.0.0.1),
 * and the pruning of ended windows and old audit rows (AUDIT_RETENTION_DAYS=30 in this file).
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let clock: Clock;
let articleId: number;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp({ AUDIT_RETENTION_DAYS: '30' });
  clock = t.app.get(Clock);
  [{ id: articleId }] = await t.dataSource.query('SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1');
});

beforeEach(async () => {
  await t.dataSource.query('DELETE FROM rate_limits');
});

afterEach(() => clock.reset());

afterAll(() => t.close());

const comment = (headers: Record<string, string> = {}) =>
  request(t.baseUrl)
    .post(`/api/articles/${articleId}/comments`)
    .set(headers)
    .send({ name: 'Limit Tester', content: `Comment number ${counter++} for the limit` });
const subscribe = (body: object) => request(t.baseUrl).post('/api/newsletter/subscribe').send(body);
const email = () => `limits.${Date.now().toString(36)}.${counter++}@example.com`;
const wrongLogin = (userAgent: string) =>
  request(t.baseUrl).post('/api/admin/login').set('User-Agent', userAgent).send({ password: 'not-the-password-at-all' });
const rateLimitKeys = async () => ((await t.dataSource.query('SELECT "key" FROM rate_limits ORDER BY "key"')) as { key: string }[]).map((row) => row.key);
const auditAgents = async (prefix: string) =>
  (
    (await t.dataSource.query('SELECT "userAgent" FROM audit_logs WHERE "userAgent" LIKE $1 ORDER BY "userAgent"', [`${prefix}%`])) as { userAgent: string }[]
  ).map((row) => row.userAgent);

describe('per-address limits', () => {
  it('answers the sixth comment with 429, the JSON error body and Retry-After; a forged X-Forwarded-For does not help', async () => {
    for (let i = 0; i < 5; i++) await comment({ 'X-Forwarded-For': `198.51.100.${i}` }).expect(201);
    const blocked = await comment({ 'X-Forwarded-For': '198.51.100.99' }).expect(429);
    const message = 'Too many comments from your network. Please wait a few minutes and try again.';
    expect(blocked.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
  });

  it('opens again when the window has passed', async () => {
    for (let i = 0; i < 5; i++) await comment().expect(201);
    await comment().expect(429);
    clock.advance(10 * MINUTE);
    await comment().expect(201);
  });

  it('does not count a submission refused before it is stored; a duplicate sign-up counts', async () => {
    await subscribe({ email: 'not-an-email' }).expect(400);
    await subscribe({ email: email(), admin: true }).expect(400);
    await subscribe({}).expect(400);
    await subscribe({ email: email(), website: 'http://spam.example' }).expect(400);
    const first = email();
    await subscribe({ email: first }).expect(201);
    // Double opt-in: the address's owner confirms; a sign-up of an active address is refused, and counts.
    await t.dataSource.query(`UPDATE "newsletters" SET "subscribed" = true, "confirmedAt" = now(), "confirmToken" = NULL WHERE "email" = $1`, [first]);
    await subscribe({ email: first }).expect(409);
    for (let i = 0; i < 3; i++) await subscribe({ email: email() }).expect(201);
    const response = await subscribe({ email: email() }).expect(429);
    expect(response.body.error).toBe('Too many subscription attempts from your network. Please try again in 15 minutes.');
    // Past the limit the address is refused before its body is even read.
    await subscribe({ email: 'not-an-email' }).expect(429);
  });
});

describe('storage', () => {
  it('keeps the counters in an unlogged table: counting a hit never waits for the WAL to reach the disk', async () => {
    await comment().expect(201);
    const [{ persistence }] = await t.dataSource.query(`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_limits'`);
    expect(persistence).toBe('u');
    expect(await rateLimitKeys()).toEqual(['comment:127.0.0.1']);
  });
});

describe('pruning', () => {
  it('removes rate-limit windows that ended and keeps the live ones, which still count', async () => {
    await wrongLogin('pruning-window').expect(401);
    clock.advance(10 * MINUTE);
    await comment().expect(201);
    // The sign-in window (15 minutes) has ended, the comment window (10 minutes, opened 6 minutes ago) has not.
    clock.advance(6 * MINUTE);
    await t.app.get(HousekeepingService).prune();
    expect(await rateLimitKeys()).toEqual(['comment:127.0.0.1']);
    for (let i = 0; i < 4; i++) await comment().expect(201);
    await comment().expect(429);
  });

  it('deletes audit rows older than AUDIT_RETENTION_DAYS and keeps the newer ones', async () => {
    await wrongLogin('retention-old').expect(401);
    clock.advance(29 * DAY);
    await wrongLogin('retention-new').expect(401);
    await t.app.get(HousekeepingService).prune();
    expect(await auditAgents('retention-')).toEqual(['retention-new', 'retention-old']);
    clock.advance(2 * DAY);
    await t.app.get(HousekeepingService).prune();
    expect(await auditAgents('retention-')).toEqual(['retention-new']);
  });
});
