#!/usr/bin/env node
// `node bench/cache-under-writes.mjs` (`--no-build` to use the dist/ already built, `--quick` for two
// rounds of 1 s phases): the cached /dive-sites and /blog while writes arrive that change no page (issue
// 41). The built server at its production defaults (page cache on, LOG_LEVEL log, no query counting) on a
// fresh embedded PostgreSQL with the seed; autocannon, 50 connections, one target at a time. For each
// load (5/s anonymous refused writes, 50/s of them, 20/s one-click unsubscribes), ROUNDS rounds of a quiet
// phase and a loaded one, PHASE seconds each, in turn, so that the machine's drift (it is shared) falls on
// both alike; the ratio is the loaded phases' requests over the quiet ones' (and the median of the rounds'
// own ratios beside it).
// The refused writes go round four kinds, none with a session: an RFC 8058 one-click unsubscribe with a
// bogus token (404), a rating of a site that does not exist (404, or 429 once its address is limited), a
// comment on an article that does not exist (the same), and a newsletter sign-up with no valid address
// (400). The unsubscribes are RFC 8058 one-click POSTs (`List-Unsubscribe=One-Click`) with the token of a
// real subscriber (inserted by SQL beforehand), each subscriber once. The writes are sent from a worker
// thread at a fixed pace, so that autocannon's work does not hold them back, in plain http at nice 19
// (bench/lib/post.cjs says why); their answers are counted by status. Four times a second during each phase
// the target is fetched once more and its X-Page-Cache read: the share of 'hit' says whether the cache
// stayed full. Writes bench/results/cache-under-writes.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { root, serverLogLevel } from './lib/server.mjs';
import { measureRun } from './lib/throughput.mjs';
import { insertSubscribers, startWriteBench } from './lib/write-bench.mjs';
import { alternatePhases, comparePhases, phasedResults, phaseSettings } from './lib/writes.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Number((sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2).toFixed(2));
};

const args = process.argv.slice(2);
const settings = phaseSettings(args, { phase: 1, rounds: 2, warmup: 1 }, { phase: 2, rounds: 8, warmup: 2 });
const { phase: PHASE, rounds: ROUNDS, warmup: WARMUP } = settings;
/** How often the target is fetched once more during a phase, to read its X-Page-Cache. */
const SAMPLE_MS = 250;
const CONNECTIONS = 50;
const TARGETS = ['/dive-sites', '/blog'];
const LOADS = [
  { name: 'refused writes 5/s', kind: 'refused', perSecond: 5 },
  { name: 'refused writes 50/s', kind: 'refused', perSecond: 50 },
  { name: 'one-click unsubscribes 20/s', kind: 'unsubscribe', perSecond: 20 },
];

const log = (message) => console.log(`[cache-under-writes] ${message}`);

/**
 * The writer thread: sends `perSecond` writes of `kind` at a fixed pace while switched on, and counts the
 * answers by status. Unsubscribes take the next token of the list it was given.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const { lowestPriority, poster } = require(workerData.postModule);
const { base, tokens } = workerData;
lowestPriority();
const { post } = poster();
let timer = null;
let next = 0;
let counts = {};
let sent = 0;
let pending = 0;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };
const refused = [
  () => post(base + '/newsletter/unsubscribe?token=bogus-' + sent, { headers: form, body: 'List-Unsubscribe=One-Click' }),
  () => post(base + '/api/dive-sites/999999999/ratings', { headers: json, body: JSON.stringify({ rating: 5 }) }),
  () => post(base + '/api/articles/999999999/comments', { headers: json, body: JSON.stringify({ name: 'A reader', content: 'Hello' }) }),
  () => post(base + '/api/newsletter/subscribe', { headers: json, body: JSON.stringify({ email: 'not an address' }) }),
];
function send(kind) {
  // This phase's counts: an answer that comes late is still counted in its own phase.
  const mine = counts;
  let answer;
  if (kind === 'unsubscribe') {
    const token = tokens[next++];
    if (!token) { mine['no token left'] = (mine['no token left'] ?? 0) + 1; return; }
    answer = post(base + '/newsletter/unsubscribe?token=' + encodeURIComponent(token), { headers: form, body: 'List-Unsubscribe=One-Click' });
  } else answer = refused[sent % refused.length]();
  sent++;
  pending++;
  answer
    .then(
      (status) => { mine[status] = (mine[status] ?? 0) + 1; },
      (error) => { mine[error.message] = (mine[error.message] ?? 0) + 1; },
    )
    .finally(() => pending--);
}
parentPort.on('message', (message) => {
  if (message.start) {
    counts = {};
    const { kind, perSecond } = message.start;
    const started = Date.now();
    let done = 0;
    // A fixed pace: as many sent as the time gone says, checked every few milliseconds.
    timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
      for (; done < due; done++) send(kind);
    }, 5);
  } else if (message === 'stop') {
    clearInterval(timer);
    // The counts once the last answers are back (10 s at most).
    const mine = counts;
    const stopped = Date.now();
    const wait = setInterval(() => {
      if (pending > 0 && Date.now() - stopped < 10000) return;
      clearInterval(wait);
      parentPort.postMessage(mine);
    }, 20);
  }
});
`;

/** Fetches the target every SAMPLE_MS until stopped: the share of answers that came from the cache. */
function sampleCache(url) {
  let hits = 0;
  let total = 0;
  const timer = setInterval(async () => {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.headers.get('x-page-cache') === 'hit') hits++;
    } catch {
      // Counted as not from the cache: the server did not answer.
    }
    total++;
  }, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return { hits, total };
  };
}

const unsubscribesNeeded = TARGETS.length * ROUNDS * PHASE * 20 + 200;
log(`starting the built server (production defaults, LOG_LEVEL ${serverLogLevel()})`);
const bench = await startWriteBench(args, log);
const { server } = bench;
const results = {
  ...phasedResults(settings, CONNECTIONS),
  rows: [],
};
let writer = null;
try {
  const tokens = await insertSubscribers(bench.db, unsubscribesNeeded, 'bench-reader');
  writer = new Worker(WRITER, { eval: true, workerData: { base: server.url, tokens, postModule: join(root, 'bench', 'lib', 'post.cjs') } });
  /** Starts the writer on `start` ({ kind, perSecond }); answers a function that stops it and gives its counts. */
  const startWrites = (start) => {
    writer.postMessage({ start });
    return () =>
      new Promise((done) => {
        writer.once('message', done);
        writer.postMessage('stop');
      });
  };
  for (const path of TARGETS) {
    const url = server.url + path;
    log(`${path}: warming up ${WARMUP} s`);
    await measureRun(url, { connections: CONNECTIONS, duration: WARMUP }, server.pid);
    /** One phase: the target's throughput with `load`'s writes arriving (none when null). */
    const phase = async (load) => {
      const stopWrites = load ? startWrites({ kind: load.kind, perSecond: load.perSecond }) : null;
      const stopSampling = sampleCache(url);
      const figures = await measureRun(url, { connections: CONNECTIONS, duration: PHASE }, server.pid);
      const cache = stopSampling();
      const answers = stopWrites ? await stopWrites() : {};
      log(
        `${path} ${load?.name ?? 'quiet'}: ${figures.reqPerSec} req/s, p99 ${figures.p99Ms} ms, ${cache.hits}/${cache.total} hits ${JSON.stringify(answers)}`,
      );
      return { ...figures, cache, answers, loadAverage: loadavg()[0] };
    };
    for (const load of LOADS) {
      const { quiet, loaded } = await alternatePhases(ROUNDS, phase, load);
      const { answers, ...compared } = comparePhases(quiet, loaded);
      const sum = (values) => values.reduce((total, value) => total + value, 0);
      results.rows.push({
        path,
        load: load.name,
        ...compared,
        medianRoundRatio: median(loaded.map((entry, i) => (quiet[i].reqPerSec ? entry.reqPerSec / quiet[i].reqPerSec : 0))),
        cacheHits: `${sum(loaded.map((entry) => entry.cache.hits))}/${sum(loaded.map((entry) => entry.cache.total))}`,
        writeAnswers: answers,
        phases: { quiet, loaded },
      });
    }
  }
} finally {
  if (writer) await writer.terminate();
  await bench.stop();
}

console.log('\ntarget       load                         quiet req/s  req/s  ratio  median of rounds  p99 ms quiet/loaded  hits   write answers');
for (const row of results.rows) {
  console.log(
    [
      row.path.padEnd(12),
      row.load.padEnd(28),
      String(row.quietReqPerSec).padStart(11),
      String(row.reqPerSec).padStart(6),
      String(row.ratio).padStart(6),
      String(row.medianRoundRatio).padStart(16),
      `${row.quietP99Ms}/${row.p99Ms}`.padStart(19),
      row.cacheHits.padStart(6),
      JSON.stringify(row.writeAnswers),
    ].join(' '),
  );
}
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`,
);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'cache-under-writes.json'), JSON.stringify(results, null, 2));
