import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from 'src/app.module';
import { configureApp } from 'src/app.setup';
import { loadConfig, type AppConfig } from 'src/config/app.config';

/**
 * The administrator password of every test app: startTestApp() sets ADMIN_PASSWORD to it unless the
 * test passes its own (startTestApp({ ADMIN_PASSWORD: ... })).
 */
export const ADMIN_TEST_PASSWORD = 'test-admin-password-0123';

const TEMPLATE_DATABASE = 'adg_template';

function serverUrl(): URL {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global setup)');
  return new URL(url);
}

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<string> {
  const admin = serverUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } finally {
    await client.end();
  }
  const url = serverUrl();
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestApp {
  app: NestExpressApplication;
  /** http://127.0.0.1:port of the listening server. */
  baseUrl: string;
  /** SITE_URL's origin: what a browser on the site sends as Origin, the one the origin checks accept. */
  siteOrigin: string;
  databaseUrl: string;
  dataSource: DataSource;
  config: AppConfig;
  close(): Promise<void>;
}

/** Boots the real AppModule on a real PostgreSQL database, listening on a free port. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    databaseUrl?: string;
    /** Providers replaced by test doubles (a DNS answer the test gives, never the internet). */ overrides?: { provide: unknown; useValue: unknown }[];
  } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: process.env.TEST_DATA_DIR ?? '/tmp',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough',
    LOG_LEVEL: 'error',
    // The administrator of every test app signs in with this (see test/support/admin.ts).
    ADMIN_PASSWORD: ADMIN_TEST_PASSWORD,
    ...env,
  });
  const builder = Test.createTestingModule({ imports: [AppModule.forRoot(config, databaseUrl)] });
  for (const { provide, useValue } of options.overrides ?? []) builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error'], bodyParser: false });
  await configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    siteOrigin: new URL(config.siteUrl).origin,
    databaseUrl,
    dataSource: app.get(DataSource),
    config,
    close: () => app.close(),
  };
}
