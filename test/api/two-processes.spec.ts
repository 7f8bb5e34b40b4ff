import request from 'supertest';
import { ADMIN_TEST_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Two server processes on one PostgreSQL, sharing no memory: what a load balancer in front of several
 * identical processes relies on. Sessions, the sign-in limit and the public write limits live in the
 * database, so they hold across both. (Page-cache invalidation across processes: test/api/page-cache.spec.ts.)
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp({ TRUST_PROXY: '1' });
  b = await startTestApp({ TRUST_PROXY: '1' }, { databaseUrl: a.databaseUrl });
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const json = (t: TestApp) => ({ Origin: t.siteOrigin, 'Content-Type': 'application/json' });

describe('two processes on one database', () => {
  it('a session signed in on one is valid on the other, and signing out on the other ends it on both', async () => {
    const login = await request(a.baseUrl).post('/api/admin/login').set(json(a)).set('X-Forwarded-For', '10.1.0.1').send({ password: ADMIN_TEST_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];

    const onB = await request(b.baseUrl).get('/api/admin/session').set('Cookie', cookie);
    expect(onB.status).toBe(200);
    expect(onB.body.minutesRemaining).toBeGreaterThan(0);
    // An admin write through B with A's session.
    const created = await request(b.baseUrl).post('/api/products').set('Cookie', cookie).set(json(b)).send({ name: 'Made through process B' });
    expect(created.status).toBe(201);
    const seenOnA = await request(a.baseUrl).get('/api/products?admin=true').set('Cookie', cookie);
    expect(seenOnA.body.map((p: { name: string }) => p.name)).toContain('Made through process B');

    expect((await request(b.baseUrl).post('/api/admin/logout').set('Cookie', cookie).set(json(b))).status).toBeLessThan(300);
    expect((await request(a.baseUrl).get('/api/admin/session').set('Cookie', cookie)).status).toBe(401);
    expect((await request(b.baseUrl).get('/api/admin/session').set('Cookie', cookie)).status).toBe(401);
  });

  it('counts sign-in attempts once across both: the sixth failure from one address is refused on either', async () => {
    const attempt = (t: TestApp) =>
      request(t.baseUrl).post('/api/admin/login').set(json(t)).set('X-Forwarded-For', '10.2.0.1').send({ password: 'wrong-password-123456' });
    for (const t of [a, b, a, b, a]) expect((await attempt(t)).status).toBe(401);
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
    // Even the right password, from that address, until the window ends.
    const right = await request(a.baseUrl).post('/api/admin/login').set(json(a)).set('X-Forwarded-For', '10.2.0.1').send({ password: ADMIN_TEST_PASSWORD });
    expect(right.status).toBe(429);
    // Another address is not affected.
    expect(
      (await request(b.baseUrl).post('/api/admin/login').set(json(b)).set('X-Forwarded-For', '10.2.0.2').send({ password: ADMIN_TEST_PASSWORD })).status,
    ).toBe(200);
  });

  it('counts public writes once across both: comments and ratings from one address', async () => {
    const [article] = await a.dataSource.query(`SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1`);
    const [site] = await a.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
    const comment = (t: TestApp, i: number) =>
      request(t.baseUrl)
        .post(`/api/articles/${article.id}/comments`)
        .set('X-Forwarded-For', '10.3.0.1')
        .send({ name: 'Two Processes', content: `Comment number ${i} through either process` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await comment(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const rating = (t: TestApp) => request(t.baseUrl).post(`/api/dive-sites/${site.id}/ratings`).set('X-Forwarded-For', '10.3.0.2').send({ rating: 5 });
    const ratings: number[] = [];
    for (let i = 0; i < 11; i++) ratings.push((await rating(i % 2 ? a : b)).status);
    expect(ratings).toEqual([...Array(10).fill(201), 429]);
  });

  it('counts newsletter sign-ups and contact messages once across both', async () => {
    const subscribe = (t: TestApp, i: number) =>
      request(t.baseUrl)
        .post('/api/newsletter/subscribe')
        .set('X-Forwarded-For', '10.4.0.1')
        .send({ email: `two.processes.${i}@example.com` });
    const subscriptions: number[] = [];
    for (let i = 0; i < 6; i++) subscriptions.push((await subscribe(i % 2 ? a : b, i)).status);
    expect(subscriptions).toEqual([201, 201, 201, 201, 201, 429]);

    const contact = (t: TestApp, i: number) =>
      request(t.baseUrl)
        .post('/api/contact')
        .set('X-Forwarded-For', '10.4.0.2')
        .send({ name: 'Two Processes', email: 'two.processes@example.com', subject: `Question ${i}`, message: 'Sent through either process, counted once.' });
    const messages: number[] = [];
    for (let i = 0; i < 6; i++) messages.push((await contact(i % 2 ? b : a, i)).status);
    expect(messages).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
