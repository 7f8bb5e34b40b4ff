import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/**
 * A PostgreSQL server from Debian's `postgresql` package (apt), as a separate cluster in a temporary
 * folder on a loopback port: a server the app did not start, of the version Debian's client programs
 * (pg_dump, pg_restore) belong to. Runs as the `postgres` user when the tests run as root.
 */
export interface DebianPostgres {
  /** Where the binaries are: /usr/lib/postgresql/<major>/bin. */
  bin: string;
  major: number;
  /** A URL for `database` (created on the first call), with the password and the socket folder. */
  url(database: string): Promise<string>;
  /** The URL of the `postgres` maintenance database. */
  adminUrl: string;
  stop(): Promise<void>;
}

const ROOT = '/usr/lib/postgresql';

export function debianPostgresBin(): { bin: string; major: number } | null {
  if (!existsSync(ROOT)) return null;
  const major = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(ROOT, name, 'bin', 'postgres')))
    .map(Number)
    .sort((a, b) => b - a)[0];
  return major ? { bin: join(ROOT, String(major), 'bin'), major } : null;
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const found = debianPostgresBin();
  if (!found) throw new Error(`Debian's PostgreSQL is not installed under ${ROOT} (apt-get install postgresql)`);
  const dir = mkdtempSync(join(tmpdir(), 'adg-debian-pg-'));
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
    : {};
  const password = randomBytes(12).toString('hex');
  writeFileSync(join(dir, 'pwfile'), password);
  if (asRoot) {
    chownSync(dir, owner.uid!, owner.gid!);
    chownSync(join(dir, 'pwfile'), owner.uid!, owner.gid!);
  }
  const user = 'adg_owner';
  execFileSync(
    join(found.bin, 'initdb'),
    ['-D', join(dir, 'data'), '-U', user, '--auth=scram-sha-256', `--pwfile=${join(dir, 'pwfile')}`, '--encoding=UTF8', '--locale=C'],
    {
      ...owner,
      stdio: 'ignore',
    },
  );
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(found.bin, 'postgres'),
    ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=100'],
    { ...owner, stdio: 'ignore' },
  );
  const base = `postgres://${user}:${password}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  const until = Date.now() + 30_000;
  for (;;) {
    const client = new Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`Debian's PostgreSQL did not start: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const created = new Set<string>();
  return {
    bin: found.bin,
    major: found.major,
    adminUrl,
    async url(database) {
      if (!created.has(database)) {
        const client = new Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`CREATE DATABASE "${database}"`).finally(() => client.end());
        created.add(database);
      }
      return `${base}/${database}?host=${dir}`;
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT'); // fast shutdown
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
