#!/usr/bin/env node
// Time from `npm start` to the first served page, cold (fresh DATA_DIR: initdb, migrations, seed) and
// warm (the same DATA_DIR again). Run from a built tree: `node bench/startup.mjs`. The server runs at the
// LOG_LEVEL of this environment, else at its production default.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = 3900 + Math.floor(Math.random() * 50);

async function firstPage(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist/src/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok) {
          await response.text();
          return performance.now() - started;
        }
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 120_000) throw new Error('server did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'adg-bench-'));
chmodSync(dataDir, 0o755);
try {
  const cold = await firstPage(dataDir);
  const warm = await firstPage(dataDir);
  console.table({ 'cold start (new data dir)': `${(cold / 1000).toFixed(2)} s`, 'warm start (existing data)': `${(warm / 1000).toFixed(2)} s` });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
