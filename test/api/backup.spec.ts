import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from 'src/config/app.config';
import { embeddedMajor, findTools } from 'src/database/backup';
import { dataSourceOptions } from 'src/database/data-source-options';
import { SeedService } from 'src/database/seed.service';
import { startDebianPostgres, type DebianPostgres } from '../support/debian-postgres';

/**
 * `npm run backup -- file` and `npm run restore -- file` (the built dist/src/database/backup.cli.js, as
 * npm runs it) on a seeded database with an upload: back up, empty the database, restore, and the
 * content export (`npm run export`) is the same file. The server is Debian's PostgreSQL (a separate
 * cluster), whose version its pg_dump belongs to.
 */
const root = join(__dirname, '..', '..');
let pg: DebianPostgres;
let dir: string;
let databaseUrl: string;

function cli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'dist', 'src', ...script.split('/')), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dir, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const exportFile = async (file: string, env: Record<string, string>) => {
  const result = await cli('content-transfer/content-transfer.cli.js', ['export', file], env);
  expect(result).toMatchObject({ code: 0 });
  // Two exports of the same content differ only in when they were made.
  return readFileSync(file, 'utf8').replace(/"exportedAt":\s*"[^"]*"/, '"exportedAt":""');
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'adg-backup-'));
  chmodSync(dir, 0o755);
  pg = await startDebianPostgres();
  databaseUrl = await pg.url('dive_guide');
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    await new SeedService(dataSource, loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) })).loadNewDatasets();
    // An upload the content uses: its bytes live in the media table and travel in the export.
    const bytes = Buffer.from('an uploaded picture, as bytes the backup must keep \u0000\u00ff', 'latin1');
    const hash = createHash('sha256').update(bytes).digest('hex');
    await dataSource.query(`INSERT INTO media (hash, "mimeType", bytes, width, height, size) VALUES ($1, 'image/png', $2, 1, 1, $3)`, [
      hash,
      bytes,
      bytes.length,
    ]);
    await dataSource.query(`UPDATE articles SET "imageUrl" = $1 WHERE id = (SELECT min(id) FROM articles)`, [`/media/uploads/${hash}.png`]);
  } finally {
    await dataSource.destroy();
  }
}, 120_000);

afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('backs up the whole database, and after the database is emptied a restore brings back the same content export, uploads included', async () => {
    const env = { DATABASE_URL: databaseUrl };
    const before = await exportFile(join(dir, 'before.json'), env);
    expect(before).toMatch(/"media":\s*\[\s*\{/);

    const backup = await cli('database/backup.cli.js', ['backup', join(dir, 'site.dump')], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up the database to ${join(dir, 'site.dump')}`);
    expect(readFileSync(join(dir, 'site.dump')).subarray(0, 5).toString()).toBe('PGDMP');

    // Empty: the database dropped and made again, as on a new server.
    const admin = new Client({ connectionString: pg.adminUrl });
    await admin.connect();
    await admin.query('DROP DATABASE dive_guide WITH (FORCE)');
    await admin.query('CREATE DATABASE dive_guide');
    await admin.end();

    const restore = await cli('database/backup.cli.js', ['restore', join(dir, 'site.dump')], env);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored the database from ${join(dir, 'site.dump')}`);

    expect(await exportFile(join(dir, 'after.json'), env)).toBe(before);
    // Restoring over a database that has the content (the usual case) replaces it in place.
    expect((await cli('database/backup.cli.js', ['restore', join(dir, 'site.dump')], env)).code).toBe(0);
    expect(await exportFile(join(dir, 'again.json'), env)).toBe(before);
  }, 180_000);

  it('refuses a file that is no backup, changing nothing, and says why', async () => {
    writeFileSync(join(dir, 'not-a-dump.json'), '{"formatVersion":1}');
    const result = await cli('database/backup.cli.js', ['restore', join(dir, 'not-a-dump.json')], { DATABASE_URL: databaseUrl });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a pg_dump custom-format file');
    expect((await cli('database/backup.cli.js', ['restore'], { DATABASE_URL: databaseUrl })).stderr).toContain('usage: npm run backup -- <file>');
  }, 60_000);

  it('on the embedded PostgreSQL of DATA_DIR, refuses a pg_dump older than the server before starting anything, naming both versions and what to install', async () => {
    const server = embeddedMajor()!;
    const tools = findTools('pg_dump');
    // Where a pg_dump as new as the embedded server is installed, the round trip above covers the tool.
    if (tools.some((tool) => tool.major >= server)) return;
    const empty = mkdtempSync(join(tmpdir(), 'adg-backup-embedded-'));
    try {
      const result = await cli('database/backup.cli.js', ['backup', join(empty, 'site.dump')], { DATA_DIR: empty });
      expect(result.code).toBe(1);
      const newest = Math.max(...tools.map((tool) => tool.major));
      expect(result.stderr).toContain(`pg_dump ${newest} cannot work with a PostgreSQL ${server} server`);
      expect(result.stderr).toContain(`postgresql-client-${server}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
