#!/usr/bin/env node
// `node bench/hit-cost.mjs [--hits N] [--rounds R]`: what one cached hit of a site page with its conditions costs
// the built server (dist/, `npm run build` first) at its production defaults, counted rather than timed, so
// that it means something on a shared machine: CPU µs per hit (user + system of the server's process, from
// /proc/<pid>/stat, and of its embedded PostgreSQL's processes, which a hit should not touch), V8's
// scavenges and mark-compacts per 10,000 hits (the server runs with --trace-gc), and the heap used after
// the warm-up and after the hits (bench/lib/heap-probe.cjs). Each round sends N hits (autocannon's `amount`,
// 50 connections, `Accept-Encoding: gzip`, as bench/conditions.mjs sends them). Beside it, in alternate
// rounds, the same answer from a bare Node.js server (bench/lib/floor-server.mjs: what any hit costs in
// Node.js) and from nginx (its worker's CPU), so the three costs are compared within one run.
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { refreshForecast, startForecastStandIn } from './lib/forecast.mjs';
import { databaseUrl, signIn } from './lib/scale.mjs';
import { startNginx } from './lib/limit.mjs';
import { numberOption, productionNodeFlags, root, startServer } from './lib/server.mjs';
import { cpuSeconds } from './lib/throughput.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');

const args = process.argv.slice(2);
const HITS = numberOption(args, '--hits', 20_000);
const ROUNDS = numberOption(args, '--rounds', 3);
const CONNECTIONS = numberOption(args, '--connections', 50);
const log = (message) => console.log(`[hit-cost] ${message}`);

/** CPU clock ticks (user + system) of a process so far; 0 once it is gone. */
const ticks = (pid) => Math.round((cpuSeconds(pid) ?? 0) * 100);
/** The processes whose parent is `pid`, and theirs (the embedded PostgreSQL's postmaster and backends). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      /* gone */
    }
  }
  const found = [];
  const walk = (at) => {
    for (const child of children.get(at) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}
const TICK_US = 1e6 / 100;
/** A process's CPU ticks by thread name (its main thread, V8's GC and compiler helpers, libuv's pool), user and system apart. */
function threadTicks(pid) {
  const by = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      by[`${name} user`] = (by[`${name} user`] ?? 0) + Number(fields[11]);
      by[`${name} sys`] = (by[`${name} sys`] ?? 0) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return by;
}
const threadsPerHit = (before, after, count) =>
  Object.fromEntries(
    Object.keys(after)
      .map((key) => [key, Math.round((((after[key] ?? 0) - (before[key] ?? 0)) * TICK_US) / count)])
      .filter(([, us]) => us > 0),
  );

const heapFile = join('/tmp', `hit-cost-heap-${process.pid}.jsonl`);
process.env.HEAP_PROBE_FILE = heapFile;
process.env.BENCH_SERVER_FLAGS = [process.env.BENCH_SERVER_FLAGS ?? '', '--trace-gc', '--require', join(root, 'bench/lib/heap-probe.cjs')].join(' ');
const lastHeap = () => {
  const lines = readFileSync(heapFile, 'utf8').trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
};
/** The GC lines --trace-gc has written to the server's standard output (its log file) so far. */
const gcCounts = (logFile) => {
  const text = readFileSync(logFile, 'utf8');
  const lines = text.match(/: (?:Scavenge|Mark-Compact)\b.*/g) ?? [];
  // Each line's pause on the main thread (`1.23 / 0.00 ms`: the pause, then the time spent outside it).
  const ms = lines.reduce((sum, line) => sum + Number(/, ([\d.]+) \/ [\d.]+ ms/.exec(line)?.[1] ?? 0), 0);
  // Why V8 ran each mark-compact (the end of its line: `allocation failure`, `external memory pressure`, ...).
  const reasons = {};
  for (const line of lines.filter((one) => one.startsWith(': Mark-Compact'))) {
    const reason = /mu = [\d.]+\) (.*?);?\s*$/.exec(line)?.[1]?.trim() ?? line.slice(-60);
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  return {
    reasons,
    scavenges: lines.filter((line) => line.startsWith(': Scavenge')).length,
    markCompacts: lines.filter((line) => line.startsWith(': Mark-Compact')).length,
    ms,
  };
};

/** The answer to a GET of `url` as sent: its status, its headers in Node's raw form but the per-connection ones (Node adds those), its body still encoded. */
const rawAnswer = (url, encoding = 'gzip') =>
  new Promise((resolve, reject) =>
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const headers = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            if (!['date', 'connection', 'keep-alive'].includes(response.rawHeaders[i].toLowerCase()))
              headers.push(response.rawHeaders[i], response.rawHeaders[i + 1]);
          resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      })
      .on('error', reject),
  );

const hits = (url, amount) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, amount, headers: { 'accept-encoding': 'gzip' }, pipelining: 1, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const standIn = await startForecastStandIn();
const server = await startServer({ env: standIn.env });
const db = new Client({ connectionString: databaseUrl(server.dataDir) });
await db.connect();
try {
  const { cookie } = await signIn(server.url);
  await refreshForecast({ base: server.url, cookie, db });
  const {
    rows: [site],
  } = await db.query(`SELECT id FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
  const url = `${server.url}/dive-sites/${site.id}`;
  const first = await fetch(url);
  const page = await first.text();
  if (!page.includes('tides-today')) throw new Error(`${url} shows no tides`);
  log(
    `${url}: ${page.length} characters; warming with ${HITS} hits; load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  // The same answer from a bare Node.js server (the floor of a hit in Node.js) and from nginx (its bytes).
  const answer = await rawAnswer(url);
  const dir = mkdtempSync(join(tmpdir(), 'hit-cost-'));
  writeFileSync(join(dir, 'answer.json'), JSON.stringify({ status: answer.status, headers: answer.headers }));
  writeFileSync(join(dir, 'body'), answer.body);
  const floorLog = join(dir, 'floor.log');
  const floor = spawn(
    process.execPath,
    [...productionNodeFlags(), '--trace-gc', join(root, 'bench/lib/floor-server.mjs'), join(dir, 'answer.json'), join(dir, 'body')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // Its standard output: its port (a line of digits) among its --trace-gc lines, counted as the server's are.
  const floorPort = await new Promise((resolve) =>
    floor.stdout.on('data', (chunk) => {
      appendFileSync(floorLog, chunk);
      const port = /^(\d+)$/m.exec(String(chunk))?.[1];
      if (port) resolve(port);
    }),
  );
  const identity = await rawAnswer(url, 'identity');
  const nginx = await startNginx(identity.body, answer.body);
  const nginxWorkers = descendants(nginx.pid);
  const targets = [
    { name: 'server', url, pids: [server.pid] },
    { name: 'bare Node.js, same answer', url: `http://127.0.0.1:${floorPort}/`, pids: [floor.pid] },
    { name: 'nginx, same bytes', url: nginx.url, pids: nginxWorkers },
  ];
  try {
    for (const target of targets) await hits(target.url, HITS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    log(`heap after the warm-up: ${JSON.stringify(lastHeap())}; ${answer.headers.length / 2} headers, gzip body ${answer.body.length} bytes`);
    // What the server spends with no request at all (its timers, the job queue's polling), per second: a
    // round's figure per hit includes its share of that.
    const idleBefore = threadTicks(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    log(`server idle, CPU µs per second: ${JSON.stringify(threadsPerHit(idleBefore, threadTicks(server.pid), 5))}`);
    const perHit = Object.fromEntries(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const postgres = target.name === 'server' ? descendants(server.pid) : [];
        const gcLog = target.name === 'server' ? server.logFile : target.pids[0] === floor.pid ? floorLog : null;
        const gcBefore = gcLog ? gcCounts(gcLog) : null;
        const before = target.pids.reduce((sum, pid) => sum + ticks(pid), 0);
        const threadsBefore = threadTicks(target.pids[0]);
        const postgresBefore = new Map(postgres.map((pid) => [pid, ticks(pid)]));
        const started = process.hrtime.bigint();
        const profiled = process.env.ALLOC_PROF_FILE && round === 1 && target.name === 'server';
        if (profiled) process.kill(server.pid, 'SIGUSR2');
        const result = await hits(target.url, HITS);
        if (profiled) {
          process.kill(server.pid, 'SIGUSR2');
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const us = ((target.pids.reduce((sum, pid) => sum + ticks(pid), 0) - before) * TICK_US) / HITS;
        perHit[target.name].push(us);
        const threads = JSON.stringify(threadsPerHit(threadsBefore, threadTicks(target.pids[0]), HITS));
        let more = '';
        if (gcLog) {
          const gc = gcCounts(gcLog);
          const per10k = (key) => Number((((gc[key] - gcBefore[key]) * 10_000) / HITS).toFixed(1));
          more = `; per 10k hits ${per10k('scavenges')} scavenges, ${per10k('markCompacts')} mark-compacts, GC pauses ${(((gc.ms - gcBefore.ms) * 1000) / HITS).toFixed(1)} µs per hit, mark-compacts so far by reason ${JSON.stringify(gc.reasons)}`;
        }
        if (target.name === 'server') {
          // A backend gone meanwhile is left out (its ticks can no longer be read).
          const postgresUs = (postgres.reduce((sum, pid) => sum + Math.max(0, ticks(pid) - postgresBefore.get(pid)), 0) * TICK_US) / HITS;
          more += `; postgres ${postgresUs.toFixed(1)} µs; heap ${JSON.stringify(lastHeap())}`;
        }
        log(
          `round ${round}, ${target.name}: ${HITS} (${result.non2xx} non-2xx, ${result.errors} errors) in ${seconds.toFixed(1)} s, ${Math.round(HITS / seconds)} req/s, p50 ${result.latency.p50} ms; ${us.toFixed(0)} µs CPU per hit (by thread ${threads})${more}; load ${loadavg()[0].toFixed(2)}`,
        );
      }
    }
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    log(
      `median CPU per hit: ${targets.map((target) => `${target.name} ${median(perHit[target.name]).toFixed(0)} µs`).join(', ')}; nginx's over the server's: ${(median(perHit['nginx, same bytes']) / median(perHit.server)).toFixed(2)}`,
    );
  } finally {
    floor.kill('SIGTERM');
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  // HIT_COST_KEEP_LOG=<file>: the server's standard output (its --trace-gc lines among the log) kept there.
  if (process.env.HIT_COST_KEEP_LOG) copyFileSync(server.logFile, process.env.HIT_COST_KEEP_LOG);
  await db.end();
  await server.stop();
  await standIn.close();
}
