import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';
import { createTestDatabase } from './test-app';

/** A fresh test database grown by `grow` (the bench's SQL growth, bench/lib/grow-sql.mjs), and what it grew. */
export async function grownTestDatabase<T>(grow: (client: Client) => Promise<T>): Promise<{ databaseUrl: string; grown: T }> {
  const databaseUrl = await createTestDatabase();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return { databaseUrl, grown: await grow(client) };
  } finally {
    await client.end();
  }
}

export interface BuiltServer {
  process: ChildProcess;
  /** http://127.0.0.1:port, also its SITE_URL. */
  base: string;
  /** The last 20,000 characters it wrote (stdout and stderr). */
  output(): string;
  /** Ends it (SIGTERM, waited for) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The built production server (dist/src/main.js; npm test builds it first) as a child with a `heapMb` heap
 * over `databaseUrl`, unseeded, in a data folder of its own, once its /healthz answers. `env` adds to its
 * settings (ADMIN_PASSWORD, LOG_LEVEL, ...).
 */
export async function startBuiltServer({
  databaseUrl,
  heapMb,
  env,
}: {
  databaseUrl: string;
  heapMb: number;
  env: Record<string, string>;
}): Promise<BuiltServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adg-built-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, join(__dirname, '..', '..', 'dist', 'src', 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: base,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_ON_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 1200) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { process: child, base, output: () => output, stop };
}
