import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Clock } from 'src/common/clock';
import { KNOWN_FOR_MS } from 'src/rate-limit/counted-hit';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The writes of bench/cache-under-writes.mjs, made cheaper in issue 41 (one statement for an unsubscribe,
 * its pages rendered once, a site's existence read without loading it, one throttler asked): each still
 * answers what it answered, and the rate limit counts as it counted.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

beforeEach(async () => {
  await t.dataSource.query('DELETE FROM rate_limits');
  // The counters these tests write by SQL are another process's: a process sees them once what it read
  // of a counter is KNOWN_FOR_MS old (CountedHitInterceptor).
  t.app.get(Clock).advance(KNOWN_FOR_MS);
});

afterAll(async () => {
  t?.app.get(Clock).reset();
  await t?.close();
});

const MISSING = 999_999_999;
const rating = () => request(t.baseUrl).post(`/api/dive-sites/${MISSING}/ratings`).send({ rating: 5 });
const comment = () => request(t.baseUrl).post(`/api/articles/${MISSING}/comments`).send({ name: 'A reader', content: 'Hello' });
const signUp = () => request(t.baseUrl).post('/api/newsletter/subscribe').send({ email: 'not an address' });
const oneClick = (token: string, query = '') =>
  request(t.baseUrl)
    .post(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}${query}`)
    .type('form')
    .send('List-Unsubscribe=One-Click');

const counters = async () =>
  Object.fromEntries(
    ((await t.dataSource.query('SELECT "key", "count" FROM rate_limits')) as { key: string; count: number }[]).map((row) => [row.key, row.count]),
  );

async function subscriber(email: string): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [{ id }] = await t.dataSource.query(`INSERT INTO newsletters (email, "unsubscribeToken", "consentSource") VALUES ($1, $2, 'home') RETURNING id`, [
    email,
    token,
  ]);
  return { id, token };
}

describe('refused writes answer as before and leave the limits as they were', () => {
  it('a rating of a site that does not exist: 404 with the site message, nothing counted or written', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await rating().expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Dive site not found', message: 'Dive site not found' });
    }
    // Twelve refusals, more than the limit of ten: none counted, the counter only read.
    expect(await counters()).toEqual({});
    // A rating of a site that exists is counted, once.
    const [{ id }] = await t.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1');
    await request(t.baseUrl).post(`/api/dive-sites/${id}/ratings`).send({ rating: 4 }).expect(201);
    expect(await counters()).toEqual({ 'rating:127.0.0.1': 1 });
  });

  it('a comment too short for an article that does not exist: 400 naming the field, not counted', async () => {
    const message = 'Comment must be at least 10 characters';
    const response = await comment().expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: message, message, fields: { content: [message] } });
    // Refused before its handler: the counter is read, never written.
    expect(await counters()).toEqual({});
  });

  it('a sign-up without a valid address: 400 with SPEC’s message, not counted', async () => {
    const response = await signUp().expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Invalid email', message: 'Invalid email', fields: { email: ['Invalid email'] } });
    expect(await counters()).toEqual({});
  });

  it('a client past its limit is answered 429 first, with Retry-After, for a missing site too, and a refusal writes nothing', async () => {
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('rating:127.0.0.1', 10, now() + interval '5 minutes')`);
    const message = 'Too many ratings from your network. Please wait a few minutes and try again.';
    const blocked = await rating().expect(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    await rating().expect(429);
    expect(await counters()).toEqual({ 'rating:127.0.0.1': 10 });
    // A rating of a site that exists is refused the same, and counted as before.
    const [{ id }] = await t.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1');
    expect((await request(t.baseUrl).post(`/api/dive-sites/${id}/ratings`).send({ rating: 4 }).expect(429)).body.message).toBe(message);
    expect(await counters()).toEqual({ 'rating:127.0.0.1': 11 });
  });

  it('a client at its limit whose body the validation refuses is still answered 429 first, with Retry-After, and nothing is written', async () => {
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('comment:127.0.0.1', 5, now() + interval '5 minutes')`);
    const message = 'Too many comments from your network. Please wait a few minutes and try again.';
    const blocked = await comment().expect(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    const signUpBlocked = 'Too many subscription attempts from your network. Please try again in 15 minutes.';
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('newsletter:127.0.0.1', 5, now() + interval '1 minute')`);
    expect((await signUp().expect(429)).body).toEqual({ statusCode: 429, error: signUpBlocked, message: signUpBlocked });
    // A malformed body (the body reader's 400) the same.
    expect((await request(t.baseUrl).post('/api/newsletter/subscribe').type('json').send('{"email":').expect(429)).body.message).toBe(signUpBlocked);
    expect(await counters()).toEqual({ 'comment:127.0.0.1': 5, 'newsletter:127.0.0.1': 5 });
  });

  it('one below the limit, a refused body is answered 400 and the last allowed write still goes through', async () => {
    const [{ id: articleId }] = await t.dataSource.query('SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1');
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('comment:127.0.0.1', 4, now() + interval '5 minutes')`);
    const post = (content: string) => request(t.baseUrl).post(`/api/articles/${articleId}/comments`).send({ name: 'A reader', content });
    for (let i = 0; i < 3; i++) await post('Short').expect(400);
    await post('The last comment this network may write').expect(201);
    await post('One more comment from this network').expect(429);
    expect(await counters()).toEqual({ 'comment:127.0.0.1': 6 });
  });
});

describe('a condition report (its photos are not read from a network past its limit)', () => {
  it('is counted before its body, as before: at the limit, 429 with Retry-After, whatever the body', async () => {
    const [{ id }] = await t.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1');
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('report:127.0.0.1', 5, now() + interval '5 minutes')`);
    const message = 'Too many reports from your network. Please wait a few minutes and try again.';
    const blocked = await request(t.baseUrl).post(`/api/dive-sites/${id}/reports`).send({ not: 'a report' }).expect(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The guard counted it before the body was read, as it always did.
    expect(await counters()).toEqual({ 'report:127.0.0.1': 6 });
  });
});

describe('what a process knows of a counter', () => {
  it('another process’s counts are seen within KNOWN_FOR_MS: a refused sign-up is then answered 429', async () => {
    await signUp().expect(400);
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('newsletter:127.0.0.1', 5, now() + interval '10 minutes')`);
    t.app.get(Clock).advance(KNOWN_FOR_MS);
    const blocked = await signUp().expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A window that has ended is not held against the client, whatever the process read of it.
    t.app.get(Clock).advance(11 * 60_000);
    await signUp().expect(400);
  });

  it('its own counts are seen at once: a refused body right after the last allowed comment is answered 429', async () => {
    const [{ id: articleId }] = await t.dataSource.query('SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1');
    const post = (content: string) => request(t.baseUrl).post(`/api/articles/${articleId}/comments`).send({ name: 'A reader', content });
    await post('Short').expect(400);
    for (let i = 0; i < 5; i++) await post(`Comment ${i} that this network may write`).expect(201);
    await post('Short').expect(429);
  });
});

describe('two server processes on one database', () => {
  let second: TestApp;
  let articleId: number;

  beforeAll(async () => {
    second = await startTestApp({}, { databaseUrl: t.databaseUrl });
    [{ id: articleId }] = await t.dataSource.query('SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1');
  });

  afterAll(() => second?.close());

  // The two processes' clocks agree, as two servers' do (the tests above moved the first one's on).
  beforeEach(() => t.app.get(Clock).reset());

  const post = (app: TestApp, content: string) => request(app.baseUrl).post(`/api/articles/${articleId}/comments`).send({ name: 'A reader', content });

  it('a network at its limit through one process is answered 429 by the other, for a refused body too', async () => {
    for (let i = 0; i < 5; i++) await post(t, `Comment ${i} through the first process`).expect(201);
    const message = 'Too many comments from your network. Please wait a few minutes and try again.';
    const refused = await post(second, 'Short').expect(429);
    expect(refused.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await post(second, 'A comment through the second process').expect(429);
    await post(t, 'Short').expect(429);
  });

  it('writes sent at once through both processes: exactly the limit stored, the rest 429', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i % 2 ? second : t, `Concurrent comment number ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
  });
});

describe('one-click unsubscribe', () => {
  it('a made-up token: the same 404 page every time, not kept by any cache', async () => {
    const first = await oneClick('bogus-1').expect(404);
    const second = await oneClick('bogus-2').expect(404);
    expect(first.text).toContain('This unsubscribe link is not valid');
    expect(second.text).toBe(first.text);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a real subscriber: unsubscribed once, the page names their address (escaped), a repeat keeps the time they left', async () => {
    const { token } = await subscriber(`o'brien&co-${randomBytes(3).toString('hex')}@example.com`);
    const [{ email }] = await t.dataSource.query('SELECT email FROM newsletters WHERE "unsubscribeToken" = $1', [token]);
    const done = await oneClick(token).expect(200);
    expect(done.text).toContain('You have been unsubscribed');
    expect(done.text).toContain(email.replace('&', '&amp;').replace("'", '&#x27;'));
    const [row] = await t.dataSource.query('SELECT subscribed, "unsubscribedAt" FROM newsletters WHERE "unsubscribeToken" = $1', [token]);
    expect(row.subscribed).toBe(false);
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    const again = await oneClick(token).expect(200);
    expect(again.text).toBe(done.text);
    const [after] = await t.dataSource.query('SELECT "unsubscribedAt" FROM newsletters WHERE "unsubscribeToken" = $1', [token]);
    expect(after.unsubscribedAt).toEqual(row.unsubscribedAt);
  });

  it('two subscribers get each their own address on the kept page', async () => {
    const a = await subscriber(`first-${randomBytes(3).toString('hex')}@example.com`);
    const b = await subscriber(`second-${randomBytes(3).toString('hex')}@example.com`);
    const [pageA, pageB] = [(await oneClick(a.token).expect(200)).text, (await oneClick(b.token).expect(200)).text];
    const [{ email: emailA }] = await t.dataSource.query('SELECT email FROM newsletters WHERE id = $1', [a.id]);
    const [{ email: emailB }] = await t.dataSource.query('SELECT email FROM newsletters WHERE id = $1', [b.id]);
    expect(pageA).toContain(emailA);
    expect(pageA).not.toContain(emailB);
    expect(pageB).toContain(emailB);
    expect(pageB.replace(emailB, emailA)).toBe(pageA);
  });
});
