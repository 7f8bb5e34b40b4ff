// Starts the built server (dist/src/main.js) in production mode on a fresh DATA_DIR: it starts its own
// embedded PostgreSQL, migrates and loads the seed. Used by bench/run.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
export const ADMIN_PASSWORD = 'bench-admin-password-0123';

/** Builds dist/ for production (node scripts/build.mjs) unless the command line `args` holds `--no-build`. */
export function buildUnlessNoBuild(args, log) {
  if (args.includes('--no-build')) return;
  log('building for production (node scripts/build.mjs)');
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The number after `name` in the command line `args`, or `fallback` where it is not given. */
export function numberOption(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/** A TCP port free on 127.0.0.1 right now (the soak, scripts/soak.mjs, uses it too). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const startProd = () => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['start:prod'].split(/\s+/);

/** The Node.js flags of `npm run start:prod` (the heap cap), so the bench measures what production runs. */
export function productionNodeFlags() {
  return startProd().filter((part) => part.startsWith('--'));
}

/** The environment `npm run start:prod` sets before `node` (MALLOC_ARENA_MAX). */
export function productionEnv() {
  const words = startProd();
  return Object.fromEntries(words.slice(0, words.indexOf('node')).map((word) => word.split('=', 2)));
}

/** BENCH_SERVER_FLAGS: more Node.js flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const extraNodeFlags = () => (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);

/**
 * The LOG_LEVEL the server runs at: the bench's own environment's, else the server's default (`log`, an
 * access line per request), as an operator runs it.
 */
export const serverLogLevel = () => process.env.LOG_LEVEL || 'log';

export async function startServer({ env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'adg-bench-'));
  // The embedded PostgreSQL runs as the postgres user when the bench runs as root.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // The server's standard output (its JSON log lines) goes to a file, as a supervisor's would.
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...productionNodeFlags(), ...extraNodeFlags(), join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...productionEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin the writes name (Origin), which the origin check compares with SITE_URL's alone.
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD,
      LOG_LEVEL: serverLogLevel(),
      BENCH_SQL_COUNT: '1',
      ...env,
    },
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the server exited during start:\n${stderr}`);
    try {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 180_000) throw new Error(`the server did not answer within 180 s:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    logFile,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 20_000);
          child.on('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
