import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Request } from 'express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminGuard } from 'src/admin-auth/admin.guard';
import { AppModule } from 'src/app.module';
import { configureApp } from 'src/app.setup';
import { loadConfig } from 'src/config/app.config';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { createTestDatabase } from '../support/test-app';

/**
 * The administrator's sign-in belongs to another module; here the admin guard is replaced by one that
 * lets a request through when it carries a test header, so the subscriber endpoints are tested both
 * with and without an administrator.
 */
const ADMIN = { 'x-test-admin': 'yes' };

let app: NestExpressApplication;
let baseUrl: string;
let dataSource: DataSource;
let counter = 0;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.TEST_DATA_DIR ?? '/tmp', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'error' });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, await createTestDatabase())] })
    .overrideGuard(AdminGuard)
    .useValue({
      canActivate: (context: { switchToHttp(): { getRequest(): Request } }) => {
        if (context.switchToHttp().getRequest().headers['x-test-admin'] === 'yes') return true;
        return new AdminGuard().canActivate(context as never);
      },
    })
    .compile();
  app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error'], bodyParser: false });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  dataSource = app.get(DataSource);
});

afterAll(async () => {
  await app.close();
});

async function aSubscriber(overrides: Partial<Subscriber> = {}): Promise<Subscriber> {
  const repository = dataSource.getRepository(Subscriber);
  const n = counter++;
  return repository.save(
    repository.create({ email: `member${n}.${Date.now()}@example.com`, unsubscribeToken: `token-${n}-${Date.now()}`, consentSource: 'home', consentIp: '203.0.113.9', ...overrides }),
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
    const response = await request(baseUrl).get('/api/newsletter/subscribers').set(ADMIN).expect(200);
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
    });
    expect(JSON.stringify(response.body)).not.toContain(newer.unsubscribeToken);
  });
});

describe('PATCH /api/newsletter/subscribers/{id}', () => {
  const patch = (id: number | string, body: object) => request(baseUrl).patch(`/api/newsletter/subscribers/${id}`).set(ADMIN).send(body);

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
    await request(baseUrl).delete(`/api/newsletter/subscribers/${subscriber.id}`).set(ADMIN).expect(204);
    expect(await dataSource.getRepository(Subscriber).findOneBy({ id: subscriber.id })).toBeNull();
    const again = await request(baseUrl).delete(`/api/newsletter/subscribers/${subscriber.id}`).set(ADMIN).expect(404);
    expect(again.body.error).toBe('Subscriber not found');
  });

  it('answers 400 for a bad id', async () => {
    await request(baseUrl).delete('/api/newsletter/subscribers/x1').set(ADMIN).expect(400);
  });
});
