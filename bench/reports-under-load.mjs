#!/usr/bin/env node
// `node bench/reports-under-load.mjs` (`--no-build` to use the dist/ already built, `--quick` for one round
// of 2 s phases): cached dive-site pages while condition reports arrive (issue 45). The built server at its
// production defaults (page cache on, REPORTS_MODERATION off so each report publishes at once, the
// production heap cap, LOG_LEVEL log) on a fresh embedded PostgreSQL with the seed; TRUST_PROXY=1 only so
// that each report can come from its own network (X-Forwarded-For), as divers' do, instead of the rate
// limit refusing all but five.
// The load: 20 reports a second, spread over every site, 5 of them multipart with one 5 MB JPEG (made
// here with sharp: noise, so it does not compress away), sent at a fixed pace from a worker thread (plain
// http at nice 19, bench/lib/post.cjs says why) and counted by status. The target: a site's page
// (/dive-sites/{id}) and the site list, autocannon with 50 connections, ROUNDS rounds of a quiet phase and
// a loaded one, PHASE seconds each, in turn; the ratio is the loaded phases' requests over the quiet ones'.
// The server's memory is read every 200 ms by a preloaded probe (bench/lib/heap-probe.cjs): the peak V8
// heap against the cap (--max-old-space-size of start:prod).
// At the end: the photos still queued and how long the queue took to drain (processed 2 at a time).
// Writes bench/results/reports-under-load.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { databaseUrl } from './lib/scale.mjs';
import { buildUnlessNoBuild, productionNodeFlags, root, serverLogLevel, startServer } from './lib/server.mjs';
import { measureRun } from './lib/throughput.mjs';
import { alternatePhases, comparePhases, phasedResults, phaseSettings } from './lib/writes.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const sharp = require('sharp');

const args = process.argv.slice(2);
const settings = phaseSettings(args, { phase: 2, rounds: 1, warmup: 1 }, { phase: 5, rounds: 4, warmup: 2 });
const { phase: PHASE, rounds: ROUNDS, warmup: WARMUP } = settings;
const CONNECTIONS = 50;
const REPORTS_PER_SECOND = 20;
const PHOTOS_PER_SECOND = 5;
const PHOTO_BYTES = 5 * 1024 * 1024;

const log = (message) => console.log(`[reports-under-load] ${message}`);

buildUnlessNoBuild(args, log);

/** A JPEG of noise of about 5 MB (a phone photo's size), 4:3. */
async function fiveMegabyteJpeg() {
  let width = 2400;
  for (let attempt = 0; attempt < 6; attempt++) {
    const height = Math.round((width * 3) / 4);
    const jpeg = await sharp({ create: { width, height, channels: 3, background: '#246', noise: { type: 'gaussian', mean: 110, sigma: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (Math.abs(jpeg.length - PHOTO_BYTES) < PHOTO_BYTES * 0.08) return { jpeg, width, height };
    width = Math.round(width * Math.sqrt(PHOTO_BYTES / jpeg.length));
  }
  throw new Error('could not make a 5 MB JPEG');
}

/**
 * The writer thread: `perSecond` reports a second at a fixed pace while switched on, every
 * `perSecond / photosPerSecond`-th with the photo, each from its own address; answers counted by status.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const { lowestPriority, multipart, poster } = require(workerData.postModule);
const { base, siteIds, photo, perSecond, photosPerSecond, date } = workerData;
lowestPriority();
const { post } = poster();
const photoBytes = Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
let timer = null;
let counts = {};
let durations = { photo: [], text: [] };
let sent = 0;
let pending = 0;
const address = (n) => '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255);
function send() {
  const mine = counts;
  const took = durations;
  const n = sent++;
  const siteId = siteIds[n % siteIds.length];
  const withPhoto = n % Math.round(perSecond / photosPerSecond) === 0;
  const fields = { date, visibility: String(5 + (n % 20)), current: 'light', comment: 'Bench report ' + n };
  const from = { 'x-forwarded-for': address(n + 1) };
  let request;
  if (withPhoto) {
    const { headers, body } = multipart({ ...fields, photoAlt: 'Bench photo ' + n }, { field: 'photos', name: 'bench-' + n + '.jpg', type: 'image/jpeg', bytes: photoBytes });
    request = { headers: { ...headers, ...from }, body };
  } else {
    request = { headers: { 'content-type': 'application/json', ...from }, body: JSON.stringify(fields) };
  }
  pending++;
  const key = (withPhoto ? 'photo ' : 'text ');
  const start = performance.now();
  post(base + '/api/dive-sites/' + siteId + '/reports', request)
    .then(
      (status) => {
        mine[key + status] = (mine[key + status] ?? 0) + 1;
        took[withPhoto ? 'photo' : 'text'].push(Math.round(performance.now() - start));
      },
      (error) => { mine[key + error.message] = (mine[key + error.message] ?? 0) + 1; },
    )
    .finally(() => pending--);
}
parentPort.on('message', (message) => {
  if (message === 'start') {
    counts = {};
    durations = { photo: [], text: [] };
    const started = Date.now();
    let done = 0;
    timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
      for (; done < due; done++) send();
    }, 5);
  } else if (message === 'stop') {
    clearInterval(timer);
    const mine = counts;
    const took = durations;
    const stopped = Date.now();
    const wait = setInterval(() => {
      if (pending > 0 && Date.now() - stopped < 30000) return;
      clearInterval(wait);
      parentPort.postMessage({ answers: mine, took });
    }, 20);
  }
});
`;

/** The heap cap of `npm run start:prod` (--max-old-space-size), in MB. */
const heapCapMb = Number(/^--max-old-space-size=(\d+)$/.exec(productionNodeFlags().find((flag) => flag.startsWith('--max-old-space-size')) ?? '')?.[1] ?? NaN);

const { jpeg, width, height } = await fiveMegabyteJpeg();
log(`photo: ${width} x ${height} JPEG, ${(jpeg.length / 1024 / 1024).toFixed(2)} MB`);
log(`starting the built server (production defaults, heap cap ${heapCapMb} MB, LOG_LEVEL ${serverLogLevel()})`);
const probeFile = `/tmp/reports-under-load-heap-${process.pid}.jsonl`;
writeFileSync(probeFile, '');
process.env.BENCH_SERVER_FLAGS = [process.env.BENCH_SERVER_FLAGS ?? '', `--require=${join(root, 'bench', 'lib', 'heap-probe.cjs')}`].join(' ').trim();
const server = await startServer({ env: { BENCH_SQL_COUNT: '0', TRUST_PROXY: '1', HEAP_PROBE_FILE: probeFile } });
const heapSamples = () =>
  readFileSync(probeFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const results = {
  ...phasedResults(settings, CONNECTIONS),
  reportsPerSecond: REPORTS_PER_SECOND,
  photosPerSecond: PHOTOS_PER_SECOND,
  photoBytes: jpeg.length,
  heapCapMb,
  rows: [],
};
let writer = null;
/** How long each report took to be answered (ms), over every loaded phase. */
const reportTimes = { photo: [], text: [] };
/**
 * The photo worker (the server's child process that decodes photos, src/reports/photo-worker.ts): its
 * resident memory and CPU time, read from /proc every 200 ms beside the server's own probe.
 */
const workerSamples = [];
const workerProbe = setInterval(() => {
  try {
    const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const pid of children) {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('report-photo-worker')) continue;
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2)
        .split(' ');
      // Fields 14 and 15 (utime, stime, in clock ticks of 1/100 s) and 19 (nice), counted from the state (field 3).
      workerSamples.push({
        pid: Number(pid),
        rssMb: Math.round(rssKb / 102.4) / 10,
        cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100,
        nice: Number(stat[16]),
      });
    }
  } catch {
    // The server or its worker has just exited.
  }
}, 200);
workerProbe.unref();
const client = new Client({ connectionString: databaseUrl(server.dataDir) });
// The server's PostgreSQL going away (a stop) ends this client's connection: said, not thrown.
client.on('error', (error) => log(`database connection: ${error.message}`));
await client.connect();
try {
  const siteIds = (await client.query('SELECT id FROM dive_sites ORDER BY id')).rows.map((row) => row.id);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  writer = new Worker(WRITER, {
    eval: true,
    workerData: {
      base: server.url,
      postModule: join(root, 'bench', 'lib', 'post.cjs'),
      siteIds,
      photo: jpeg,
      perSecond: REPORTS_PER_SECOND,
      photosPerSecond: PHOTOS_PER_SECOND,
      date: yesterday,
    },
  });
  const startWrites = () => {
    writer.postMessage('start');
    return () =>
      new Promise((done) => {
        writer.once('message', done);
        writer.postMessage('stop');
      });
  };
  const targets = [`/dive-sites/${siteIds[0]}`, '/dive-sites'];
  for (const path of targets) {
    const url = server.url + path;
    const first = await fetch(url);
    await first.arrayBuffer();
    log(`${path}: ${first.status}, X-Page-Cache ${first.headers.get('x-page-cache')}; warming up ${WARMUP} s`);
    await measureRun(url, { connections: CONNECTIONS, duration: WARMUP }, server.pid);
    const phase = async (loaded) => {
      const stopWrites = loaded ? startWrites() : null;
      const figures = await measureRun(url, { connections: CONNECTIONS, duration: PHASE }, server.pid);
      const { answers, took } = stopWrites ? await stopWrites() : { answers: {}, took: { photo: [], text: [] } };
      log(`${path} ${loaded ? 'reports' : 'quiet'}: ${figures.reqPerSec} req/s, p99 ${figures.p99Ms} ms, non-2xx ${figures.non2xx} ${JSON.stringify(answers)}`);
      reportTimes.photo.push(...took.photo);
      reportTimes.text.push(...took.text);
      return { ...figures, answers, loadAverage: loadavg()[0] };
    };
    const { quiet, loaded } = await alternatePhases(ROUNDS, (load) => phase(load !== null), true);
    const { answers, ...compared } = comparePhases(quiet, loaded);
    results.rows.push({
      path,
      ...compared,
      errors: [...quiet, ...loaded].reduce((total, entry) => total + entry.errors + entry.non2xx, 0),
      reportAnswers: answers,
      phases: { quiet, loaded },
    });
  }
  // The photos' queue after the load: how many wait, and how long until none does.
  const waiting = async () => Number((await client.query(`SELECT count(*)::int AS n FROM report_photos WHERE status = 'processing'`)).rows[0].n);
  const queuedAtEnd = await waiting();
  const drainStarted = Date.now();
  while ((await waiting()) > 0 && Date.now() - drainStarted < 600_000) await new Promise((resolve) => setTimeout(resolve, 500));
  const statuses = (await client.query('SELECT status, count(*)::int AS n FROM report_photos GROUP BY status')).rows;
  results.photos = {
    queuedAtEnd,
    drainSeconds: Math.round((Date.now() - drainStarted) / 100) / 10,
    statuses: Object.fromEntries(statuses.map((row) => [row.status, row.n])),
  };
  const samples = heapSamples();
  const peak = (key) => Math.max(...samples.map((sample) => sample[key]));
  results.memory = {
    samples: samples.length,
    peakHeapUsedMb: peak('heapUsed'),
    peakHeapTotalMb: peak('heapTotal'),
    peakExternalMb: peak('external'),
    peakRssMb: peak('rss'),
  };
  const workerPids = [...new Set(workerSamples.map((sample) => sample.pid))];
  results.photoWorker = {
    processes: workerPids.length,
    nice: [...new Set(workerSamples.map((sample) => sample.nice))],
    peakRssMb: workerSamples.length ? Math.max(...workerSamples.map((sample) => sample.rssMb)) : null,
    cpuSeconds: workerPids.reduce(
      (total, pid) => total + Math.max(...workerSamples.filter((sample) => sample.pid === pid).map((sample) => sample.cpuSeconds)),
      0,
    ),
  };
  const percentile = (values, p) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] : null);
  results.reportMs = Object.fromEntries(
    Object.entries(reportTimes).map(([kind, values]) => [
      kind,
      { n: values.length, p50: percentile(values, 0.5), p95: percentile(values, 0.95), max: percentile(values, 1) },
    ]),
  );
} finally {
  clearInterval(workerProbe);
  if (writer) await writer.terminate();
  await client.end().catch(() => undefined);
  await server.stop();
}

console.log('\ntarget               quiet req/s  req/s  ratio  rounds               p99 ms quiet/loaded  errors  report answers');
for (const row of results.rows) {
  console.log(
    [
      row.path.padEnd(20),
      String(row.quietReqPerSec).padStart(11),
      String(row.reqPerSec).padStart(6),
      String(row.ratio).padStart(6),
      JSON.stringify(row.roundRatios).padEnd(20),
      `${row.quietP99Ms}/${row.p99Ms}`.padStart(19),
      String(row.errors).padStart(7),
      JSON.stringify(row.reportAnswers),
    ].join(' '),
  );
}
const { memory, photos } = results;
console.log(
  `heap: peak ${memory.peakHeapUsedMb} MB used (${memory.peakHeapTotalMb} MB total) of a ${heapCapMb} MB cap; external peak ${memory.peakExternalMb} MB; RSS peak ${memory.peakRssMb} MB`,
);
console.log(`report answers (ms, loaded phases): ${JSON.stringify(results.reportMs)}`);
console.log(
  `photo worker: ${results.photoWorker.processes} process(es), nice ${results.photoWorker.nice.join('/')}, RSS peak ${results.photoWorker.peakRssMb} MB, ${results.photoWorker.cpuSeconds} s of CPU`,
);
console.log(`photos: ${photos.queuedAtEnd} still queued when the load stopped, drained in ${photos.drainSeconds} s; ${JSON.stringify(photos.statuses)}`);
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`,
);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'reports-under-load.json'), JSON.stringify(results, null, 2));
