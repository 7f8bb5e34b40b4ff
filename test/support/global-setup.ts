import 'reflect-metadata';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { loadConfig } from 'src/config/app.config';
import { dataSourceOptions } from 'src/database/data-source-options';
import { startEmbeddedPostgres } from 'src/database/embedded-postgres';
import { SeedService } from 'src/database/seed.service';

export const TEMPLATE_DATABASE = 'adg_template';

/**
 * One embedded PostgreSQL for the whole run. The real migrations and the seed run once into a template
 * database; every test file then gets a fresh copy of it (CREATE DATABASE ... TEMPLATE), so files never
 * share data and run in any order.
 */
export default async function globalSetup(globalConfig?: { selectProjects?: string[] }): Promise<void> {
  // The bench project's specs run servers of their own (bench/run.mjs, scripts/soak.mjs), each on its own
  // embedded PostgreSQL: `jest --selectProjects bench` alone needs no test database.
  const projects = globalConfig?.selectProjects ?? [];
  if (projects.length > 0 && projects.every((name) => name === 'bench')) return;
  const dir = mkdtempSync(join(tmpdir(), 'adg-test-'));
  // The embedded server runs as the postgres user when the tests run as root: it must reach its folder.
  chmodSync(dir, 0o755);
  const database = await startEmbeddedPostgres(join(dir, 'postgres'), { databaseName: TEMPLATE_DATABASE, quiet: true });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'test-secret-'.padEnd(40, 'x') });
  const dataSource = new DataSource(dataSourceOptions(database.url));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await new SeedService(dataSource, config).loadNewDatasets();
  await dataSource.destroy();
  // The job queue's schema (pg-boss makes it at an app's first start): made once here, so each test
  // database copied from the template starts with it.
  const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });

  process.env.TEST_DATABASE_URL = database.url;
  process.env.TEST_DATA_DIR = dir;
  (globalThis as { __testDatabase?: typeof database; __testDir?: string }).__testDatabase = database;
  (globalThis as { __testDir?: string }).__testDir = dir;
}
