#!/usr/bin/env node
// `node bench/report-cpu.mjs [--no-build] [--text N] [--photos N]`: the CPU a condition report costs (issue
// 45), counted in CPU seconds rather than requests a second, so that it holds on a busy shared machine.
// The built server at its production defaults on a fresh embedded PostgreSQL; N text reports (JSON), then
// N reports with one 5 MB JPEG (multipart), 4 at a time, each from its own network (TRUST_PROXY=1). Each
// kind's CPU is read from /proc/<pid>/stat (utime + stime) of the server, its photo worker and every
// process of the PostgreSQL (backends, WAL writer, checkpointer...), from before the first report until
// the last one's photo is processed (the photo worker's queue drained), and divided by N.
// Writes bench/results/report-cpu.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { databaseUrl } from './lib/scale.mjs';
import { buildUnlessNoBuild, numberOption, root, startServer } from './lib/server.mjs';
import { cpuSeconds } from './lib/throughput.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const sharp = require('sharp');

const args = process.argv.slice(2);
const TEXT = numberOption(args, '--text', 200);
const PHOTOS = numberOption(args, '--photos', 40);
const PARALLEL = 4;
const log = (message) => console.log(`[report-cpu] ${message}`);

buildUnlessNoBuild(args, log);

/** utime + stime of a process, in seconds; 0 when it is gone. */
const cpuOf = (pid) => cpuSeconds(pid) ?? 0;
const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** CPU seconds so far of the server, its photo worker(s) and the whole PostgreSQL. */
function snapshot(server, postmaster, seenWorkers, seenPostgres) {
  for (const pid of childrenOf(server.pid)) if (cmdline(pid).includes('report-photo-worker')) seenWorkers.add(pid);
  for (const pid of childrenOf(postmaster)) seenPostgres.add(pid);
  // Processes that exited keep their last reading (a backend that closes is rare here: the pools stay open).
  const sum = (pids, last) => [...pids].reduce((total, pid) => total + (cpuOf(pid) || last.get(pid) || 0), 0);
  return { node: cpuOf(server.pid), worker: sum(seenWorkers, lastSeen), postgres: cpuOf(postmaster) + sum(seenPostgres, lastSeen), ...gcSoFar(server) };
}

/**
 * With `--trace-gc` in BENCH_SERVER_FLAGS: the server's garbage collections so far (from its log), the
 * full ones (Mark-Compact) and the young ones (Scavenge), and their pauses in ms.
 */
function gcSoFar(server) {
  if (!(process.env.BENCH_SERVER_FLAGS ?? '').includes('--trace-gc')) return {};
  const lines = readFileSync(server.logFile, 'utf8').split('\n');
  const pause = (line) => Number(/MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \//.exec(line)?.[1] ?? 0);
  const full = lines.filter((line) => line.includes('Mark-Compact'));
  const young = lines.filter((line) => line.includes('Scavenge'));
  return {
    fullGcs: full.length,
    fullGcPauseMs: full.reduce((total, line) => total + pause(line), 0),
    youngGcs: young.length,
    youngGcPauseMs: young.reduce((total, line) => total + pause(line), 0),
  };
}
const lastSeen = new Map();
const remember = (pids) => {
  for (const pid of pids) {
    const cpu = cpuOf(pid);
    if (cpu) lastSeen.set(pid, cpu);
  }
};

async function fiveMegabyteJpeg() {
  const width = 3250;
  const height = 2438;
  return sharp({ create: { width, height, channels: 3, background: '#246', noise: { type: 'gaussian', mean: 110, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const jpeg = await fiveMegabyteJpeg();
log(`photo: ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG`);
const server = await startServer({ env: { BENCH_SQL_COUNT: '0', TRUST_PROXY: '1', REPORTS_MODERATION: 'off' } });
const workers = new Set();
const backends = new Set();
const client = new Client({ connectionString: databaseUrl(server.dataDir) });
client.on('error', () => undefined);
const results = { startedAt: new Date().toISOString(), node: process.version, cpus: cpus().length, photoBytes: jpeg.length, text: TEXT, photos: PHOTOS };
let postmaster;
try {
  postmaster = Number(readFileSync(join(server.dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  await client.connect();
  const siteIds = (await client.query('SELECT id FROM dive_sites ORDER BY id')).rows.map((row) => row.id);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  let n = 0;
  const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const statuses = {};
  async function post(withPhoto) {
    const i = ++n;
    const fields = { date: yesterday, visibility: String(5 + (i % 20)), current: 'light', comment: `Bench report ${i}` };
    let init;
    if (withPhoto) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('photoAlt', `Bench photo ${i}`);
      form.append('photos', new Blob([jpeg], { type: 'image/jpeg' }), `bench-${i}.jpg`);
      init = { method: 'POST', body: form, headers: { 'x-forwarded-for': address(i) } };
    } else {
      init = { method: 'POST', body: JSON.stringify(fields), headers: { 'content-type': 'application/json', 'x-forwarded-for': address(i) } };
    }
    const response = await fetch(`${server.url}/api/dive-sites/${siteIds[i % siteIds.length]}/reports`, init);
    await response.arrayBuffer();
    const key = `${withPhoto ? 'photo' : 'text'} ${response.status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  async function run(count, withPhoto) {
    let left = count;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (left-- > 0) await post(withPhoto);
      }),
    );
  }
  const waiting = async () => Number((await client.query(`SELECT count(*)::int AS n FROM report_photos WHERE status = 'processing'`)).rows[0].n);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
  // Warm up: a few of each (the first requests compile and fill caches), not counted.
  await run(20, false);
  await run(4, true);
  while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  await settle();
  const measure = async (label, count, withPhoto) => {
    const before = snapshot(server, postmaster, workers, backends);
    remember([...workers, ...backends]);
    const started = Date.now();
    await run(count, withPhoto);
    const answered = Date.now();
    while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    await settle();
    const after = snapshot(server, postmaster, workers, backends);
    remember([...workers, ...backends]);
    // CPU in ms per report; the collections (and their pauses in ms) per report.
    const per = Object.fromEntries(
      Object.keys(after).map((key) => [key, Math.round(((after[key] - before[key]) / count) * (/Gc/.test(key) ? 1000 : 1_000_000)) / 1000]),
    );
    results[label] = { count, msPerReport: per, answeredSeconds: (answered - started) / 1000, loadAverage: loadavg()[0] };
    log(`${label}: CPU ms per report ${JSON.stringify(per)} (load average ${loadavg()[0].toFixed(2)})`);
  };
  await measure('textReports', TEXT, false);
  await measure('photoReports', PHOTOS, true);
  results.statuses = statuses;
  results.photoStatuses = Object.fromEntries(
    (await client.query('SELECT status, count(*)::int AS n FROM report_photos GROUP BY status')).rows.map((row) => [row.status, row.n]),
  );
  log(`answers ${JSON.stringify(statuses)}; photos ${JSON.stringify(results.photoStatuses)}`);
} finally {
  await client.end().catch(() => undefined);
  // BENCH_KEEP_LOG=<file>: the server's log (its --trace-gc lines too) kept there.
  if (process.env.BENCH_KEEP_LOG) writeFileSync(process.env.BENCH_KEEP_LOG, readFileSync(server.logFile));
  await server.stop();
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'report-cpu.json'), JSON.stringify(results, null, 2));
