import { randomBytes } from 'node:crypto';
import request from 'supertest';
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
});

afterAll(() => t?.close());

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
  it('a rating of a site that does not exist: 404 with the site message, the hit handed back', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await rating().expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Dive site not found', message: 'Dive site not found' });
    }
    // Twelve refusals, more than the limit of ten: none counted.
    expect(await counters()).toEqual({ 'rating:127.0.0.1': 0 });
  });

  it('a comment too short for an article that does not exist: 400 naming the field, not counted', async () => {
    const message = 'Comment must be at least 10 characters';
    const response = await comment().expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: message, message, fields: { content: [message] } });
    expect(await counters()).toEqual({ 'comment:127.0.0.1': 0 });
  });

  it('a sign-up without a valid address: 400 with SPEC’s message, not counted', async () => {
    const response = await signUp().expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Invalid email', message: 'Invalid email', fields: { email: ['Invalid email'] } });
    expect(await counters()).toEqual({ 'newsletter:127.0.0.1': 0 });
  });

  it('a client past its limit is answered 429 first, with Retry-After, and each refusal counts as before', async () => {
    await t.dataSource.query(`INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ('rating:127.0.0.1', 10, now() + interval '5 minutes')`);
    const message = 'Too many ratings from your network. Please wait a few minutes and try again.';
    const blocked = await rating().expect(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: message, message });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    await rating().expect(429);
    expect(await counters()).toEqual({ 'rating:127.0.0.1': 12 });
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
