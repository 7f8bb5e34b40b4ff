// The 'limit' part: the cached article page beside nginx (Debian's /usr/sbin/nginx, one worker, on
// loopback, its access log on) serving the identical bytes: the same gzip body the page cache sends, through gzip_static, so
// both answer `Accept-Encoding: gzip` with the same bytes and neither compresses per request. Used by
// bench/run.mjs (`--limit`).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureRun } from './throughput.mjs';
import { freePort } from './server.mjs';

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/** nginx serving `identity` and `gzip` (gzip_static) at `url`; `pid` is its master's (its worker is the master's child). */
export async function startNginx(identity, gzip) {
  const dir = mkdtempSync(join(tmpdir(), 'adg-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'article.html'), identity);
  writeFileSync(join(dir, 'article.html.gz'), gzip);
  const port = await freePort();
  const runningAsRoot = process.getuid?.() === 0;
  const config = `
${runningAsRoot ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  # Its access log on, as the server's (one line per request, at the server's default LOG_LEVEL).
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    default_type text/html;
    gzip_static on;
    gzip_vary on;
    location = /article { try_files /article.html =404; }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}/article.html`;
  for (let i = 0; ; i++) {
    try {
      const response = await fetch(url, {
        headers: { 'accept-encoding': 'gzip' },
      });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The cached page and nginx with its bytes, 50 connections, `Accept-Encoding: gzip`: both warmed alike
 * (one `warmup` run each), then `rounds` rounds alternated (server, nginx, server, nginx, ...) so that drift
 * on a shared machine hits both; each one's req/s is the median of its rounds (and each round is kept, with
 * the ratio of its pair), p50/p99 the worst. Before measuring, nginx's answer is checked to be the server's,
 * byte for byte, in the same encoding (gzip), and the same for identity. `counters` (optional): an async
 * read of the server's own counts (its page cache's hits, misses and waits, GC seconds, heap: /metrics),
 * whose change over each server round is kept with the round, so that a slow round says why (a page not
 * answered from the cache, GC, or waiting rather than working: its CPU share).
 */
export async function measureLimit(base, articlePath, { pid, duration, warmup, connections = 50, rounds = 3, counters = null }) {
  if (!existsSync(NGINX)) return { skipped: `${NGINX} not found` };
  const headers = { 'accept-encoding': 'gzip' };
  const { body: identity, encoding: plain } = await rawBody(base + articlePath, { 'accept-encoding': 'identity' });
  if (plain) throw new Error(`the server answered Accept-Encoding: identity with ${plain}`);
  const { body: gzip, encoding } = await rawBody(base + articlePath, headers);
  if (encoding !== 'gzip') throw new Error('the server did not answer the article page with gzip');
  const nginx = await startNginx(identity, gzip);
  try {
    // The same bytes in the same encoding from both, for what the bench sends and for identity.
    for (const [name, asked, expected] of [
      ['gzip', headers, gzip],
      ['identity', { 'accept-encoding': 'identity' }, identity],
    ]) {
      const fromNginx = await rawBody(nginx.url, asked);
      const fromServer = await rawBody(base + articlePath, asked);
      if (fromNginx.encoding !== fromServer.encoding || !fromNginx.body.equals(expected) || !fromServer.body.equals(expected))
        throw new Error(
          `nginx and the server answer ${name} differently (${fromNginx.encoding} ${fromNginx.body.length} bytes, ${fromServer.encoding} ${fromServer.body.length} bytes)`,
        );
    }
    // nginx's CPU is its worker's, not the master's pid: not measured.
    const targets = {
      server: { url: base + articlePath, pid },
      nginx: { url: nginx.url, pid: null },
    };
    for (const { url, pid: targetPid } of Object.values(targets)) await measureRun(url, { connections, duration: warmup, headers }, targetPid);
    const runs = { server: [], nginx: [] };
    for (let round = 0; round < rounds; round++) {
      for (const [name, { url, pid: targetPid }] of Object.entries(targets)) {
        const before = name === 'server' && counters ? await counters() : null;
        const run = await measureRun(url, { connections, duration, headers }, targetPid);
        if (before) {
          const after = await counters();
          run.counts = Object.fromEntries(Object.keys(after).map((key) => [key, Number((after[key] - (key.startsWith('heap') ? 0 : before[key])).toFixed(3))]));
        }
        runs[name].push(run);
      }
    }
    const summary = (name, list) => ({
      name,
      reqPerSec: Math.round(median(list.map((run) => run.reqPerSec))),
      p50Ms: Math.max(...list.map((run) => run.p50Ms)),
      p99Ms: Math.max(...list.map((run) => run.p99Ms)),
      errors: list.reduce((sum, run) => sum + run.errors, 0),
      non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
      bytesPerReq: list[0].bytesPerReq,
      serverCpuPct: list[0].serverCpuPct === null ? null : Math.max(...list.map((run) => run.serverCpuPct)),
      loaderCpuPct: Math.max(...list.map((run) => run.loaderCpuPct)),
      runs: list.map((run) => run.reqPerSec),
    });
    const server = summary(`cached ${articlePath}`, runs.server);
    const reference = summary('nginx, same gzip bytes', runs.nginx);
    server.ratioToNginx = Number((server.reqPerSec / reference.reqPerSec).toFixed(2));
    reference.ratioToNginx = 1;
    return {
      connections,
      durationSeconds: duration,
      bodyBytes: identity.length,
      gzipBytes: gzip.length,
      sameBytes: true,
      rows: [server, reference],
      // Each round's pair in the order run (the server's first), with its own ratio.
      rounds: runs.server.map((run, i) => ({
        server: {
          reqPerSec: run.reqPerSec,
          p50Ms: run.p50Ms,
          p99Ms: run.p99Ms,
          serverCpuPct: run.serverCpuPct,
          loaderCpuPct: run.loaderCpuPct,
          ...(run.counts ? { counts: run.counts } : {}),
        },
        nginx: { reqPerSec: runs.nginx[i].reqPerSec, p50Ms: runs.nginx[i].p50Ms, p99Ms: runs.nginx[i].p99Ms, loaderCpuPct: runs.nginx[i].loaderCpuPct },
        ratio: Number((run.reqPerSec / runs.nginx[i].reqPerSec).toFixed(2)),
      })),
    };
  } finally {
    await nginx.stop();
  }
}

/** The body as sent (still compressed: fetch would decode it), and its Content-Encoding. */
function rawBody(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
