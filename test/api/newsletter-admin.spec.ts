import request from 'supertest';
import { DataSource } from 'typeorm';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent;
let baseUrl: string;
let dataSource: DataSource;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = t.baseUrl;
  dataSource = t.dataSource;
  admin = await signInAsAdmin(t);
});

afterAll(async () => {
  await t.close();
});

async function aSubscriber(overrides: Partial<Subscriber> = {}): Promise<Subscriber> {
  const repository = dataSource.getRepository(Subscriber);
  const n = counter++;
  return repository.save(
    repository.create({
      email: `member${n}.${Date.now()}@example.com`,
      unsubscribeToken: `token-${n}-${Date.now()}`,
      consentSource: 'home',
      consentIp: '203.0.113.9',
      ...overrides,
    }),
  );
}

describe('without an administrator session', () => {
  it.each([
    ['GET', '/api/newsletter/subscribers'],
    ['PATCH', '/api/newsletter/subscribers/1'],
    ['DELETE', '/api/newsletter/subscribers/1'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await request(baseUrl)[method.toLowerCase() as 'get'](path).send({ subscribed: false });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Authentication required');
  });
});

describe('GET /api/newsletter/subscribers', () => {
  it('lists every subscriber, newest first, with the consent evidence and never the unsubscribe token', async () => {
    const older = await aSubscriber();
    const newer = await aSubscriber({ subscribed: false, unsubscribedAt: new Date() });
    const response = await admin.get('/api/newsletter/subscribers').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const ids = response.body.map((s: { id: number }) => s.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const item = response.body.find((s: { id: number }) => s.id === newer.id);
    expect(item).toEqual({
      id: newer.id,
      email: newer.email,
      subscribed: false,
      createdAt: expect.any(String),
      consentedAt: expect.any(String),
      consentSource: 'home',
      consentIp: '203.0.113.9',
      unsubscribedAt: expect.any(String),
      confirmedAt: null,
      awaitingConfirmation: false,
    });
    expect(JSON.stringify(response.body)).not.toContain(newer.unsubscribeToken);
  });
});

describe('PATCH /api/newsletter/subscribers/{id}', () => {
  const patch = (id: number | string, body: object) => admin.patch(`/api/newsletter/subscribers/${id}`).send(body);

  it('unsubscribes and resubscribes, recording when', async () => {
    const subscriber = await aSubscriber();
    const off = await patch(subscriber.id, { subscribed: false }).expect(200);
    expect(off.body).toMatchObject({ id: subscriber.id, subscribed: false, unsubscribedAt: expect.any(String) });
    const on = await patch(subscriber.id, { subscribed: true }).expect(200);
    expect(on.body).toMatchObject({ subscribed: true, unsubscribedAt: null });
  });

  it('changes the email, stored in lower case', async () => {
    const subscriber = await aSubscriber();
    const response = await patch(subscriber.id, { email: ' New.Address@Example.com ' }).expect(200);
    expect(response.body.email).toBe('new.address@example.com');
    expect((await dataSource.getRepository(Subscriber).findOneByOrFail({ id: subscriber.id })).email).toBe('new.address@example.com');
  });

  it('keeps the same email (any case) without calling it a duplicate', async () => {
    const subscriber = await aSubscriber();
    await patch(subscriber.id, { email: subscriber.email.toUpperCase(), subscribed: true }).expect(200);
  });

  it('answers 409 when the email belongs to another subscriber', async () => {
    const first = await aSubscriber();
    const second = await aSubscriber();
    const response = await patch(second.id, { email: first.email.toUpperCase() }).expect(409);
    expect(response.body.error).toContain('Email already subscribed');
  });

  it.each([
    ['an empty body', {}, 'Nothing to update: send email, subscribed or both'],
    ['a bad email', { email: 'nope' }, 'Invalid email'],
    ['an empty email', { email: '' }, 'Required'],
    ['a non-boolean subscribed', { subscribed: 'yes' }, 'subscribed must be true or false'],
    ['an unknown field', { id: 5 }, 'Unknown field: id'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const subscriber = await aSubscriber();
    const response = await patch(subscriber.id, body).expect(400);
    expect(response.body.error).toBe(message);
  });

  it('answers 400 for an id that is not a number and 404 for one that does not exist', async () => {
    expect((await patch('abc', { subscribed: false }).expect(400)).body.error).toBe('Subscriber id must be a positive whole number');
    expect((await patch(999999, { subscribed: false }).expect(404)).body.error).toBe('Subscriber not found');
  });
});

describe('DELETE /api/newsletter/subscribers/{id}', () => {
  it('deletes a subscriber, then answers 404 for it', async () => {
    const subscriber = await aSubscriber();
    await admin.delete(`/api/newsletter/subscribers/${subscriber.id}`).expect(204);
    expect(await dataSource.getRepository(Subscriber).findOneBy({ id: subscriber.id })).toBeNull();
    const again = await admin.delete(`/api/newsletter/subscribers/${subscriber.id}`).expect(404);
    expect(again.body.error).toBe('Subscriber not found');
  });

  it('answers 400 for a bad id', async () => {
    await admin.delete('/api/newsletter/subscribers/x1').expect(400);
  });
});
