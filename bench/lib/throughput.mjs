// Throughput and latency with autocannon (50 connections) for each target, beside a static file of the
// article page's size served by the same server process (the baseline), measured before and after.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { root } from './server.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

function run(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, pipelining: 1, timeout: 10 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The share of one core the server and the load generator (this process) each used during a run. The two
 * share the machine's cores: a loader near 100 % means the figure is the loader's limit, not the server's.
 */
async function runMeasured(url, options, pid) {
  const server = cpuSeconds(pid);
  const loader = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await run(url, options);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const serverAfter = cpuSeconds(pid);
  const used = process.cpuUsage(loader);
  return {
    result,
    serverCpuPct: server === null || serverAfter === null ? null : Math.round(((serverAfter - server) / seconds) * 100),
    loaderCpuPct: Math.round(((used.user + used.system) / 1e6 / seconds) * 100),
  };
}

function figures({ result, serverCpuPct, loaderCpuPct }) {
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerReq: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    serverCpuPct,
    loaderCpuPct,
  };
}

/** One autocannon run against `url`, with the request figures and both CPU shares. */
export async function measureRun(url, { connections, duration, headers = {} }, pid) {
  return figures(await runMeasured(url, { connections, duration, headers }, pid));
}

/**
 * targets: [{ name, path }]; `pid` is the server's (for its CPU share); `articlePath` decides the baseline's size. `headers` go with every request,
 * e.g. `{ 'accept-encoding': 'br, gzip' }` to measure what a browser is sent.
 */
export async function measureThroughput(base, targets, articlePath, { pid, duration, connections = 50, warmup = 1, headers = {} }) {
  const article = Buffer.from(await (await fetch(base + articlePath)).arrayBuffer());
  const name = `bench-baseline-${process.pid}.html`;
  const file = join(root, 'dist', 'public', 'assets', name);
  // The article page's own bytes: the same size, served by express.static in the same process.
  writeFileSync(file, article);
  const baselinePath = `/assets/${name}`;
  try {
    const measure = async (path) => {
      await run(base + path, { connections, duration: warmup, headers });
      return figures(await runMeasured(base + path, { connections, duration, headers }, pid));
    };
    const before = await measure(baselinePath);
    const rows = [];
    for (const target of targets) rows.push({ name: target.name, path: target.path, ...(await measure(target.path)) });
    const after = await measure(baselinePath);
    const baseline = {
      name: 'baseline (static file)',
      path: baselinePath,
      bytes: article.length,
      reqPerSec: Math.round((before.reqPerSec + after.reqPerSec) / 2),
      p50Ms: Math.max(before.p50Ms, after.p50Ms),
      p99Ms: Math.max(before.p99Ms, after.p99Ms),
      errors: before.errors + after.errors,
      non2xx: before.non2xx + after.non2xx,
      runs: [before, after],
    };
    for (const row of rows) row.ratioToBaseline = Number((row.reqPerSec / baseline.reqPerSec).toFixed(2));
    return { connections, durationSeconds: duration, headers, baseline, targets: rows };
  } finally {
    rmSync(file, { force: true });
  }
}
