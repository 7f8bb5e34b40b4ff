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

async function startNginx(identity, gzip) {
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The cached article page and nginx with its bytes, 50 connections, `Accept-Encoding: gzip`, alternated
 * (server, nginx, server, nginx) so drift on a shared machine hits both; req/s is the mean of the two
 * runs of each, p50/p99 the worse.
 */
export async function measureLimit(base, articlePath, { pid, duration, warmup, connections = 50 }) {
  if (!existsSync(NGINX)) return { skipped: `${NGINX} not found` };
  const headers = { 'accept-encoding': 'gzip' };
  const identity = Buffer.from(
    await (
      await fetch(base + articlePath, {
        headers: { 'accept-encoding': 'identity' },
      })
    ).arrayBuffer(),
  );
  const { body: gzip, encoding } = await rawBody(base + articlePath, headers);
  if (encoding !== 'gzip') throw new Error('the server did not answer the article page with gzip');
  const nginx = await startNginx(identity, gzip);
  try {
    // nginx's CPU is its worker's, not the master's pid: not measured.
    const targets = {
      server: { url: base + articlePath, pid },
      nginx: { url: nginx.url, pid: null },
    };
    const runs = { server: [], nginx: [] };
    for (let round = 0; round < 2; round++) {
      for (const [name, { url, pid: targetPid }] of Object.entries(targets)) {
        await measureRun(url, { connections, duration: warmup, headers }, targetPid);
        runs[name].push(await measureRun(url, { connections, duration, headers }, targetPid));
      }
    }
    const summary = (name, list) => ({
      name,
      reqPerSec: Math.round(list.reduce((sum, run) => sum + run.reqPerSec, 0) / list.length),
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
      rows: [server, reference],
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
