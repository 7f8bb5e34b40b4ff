// The 'writes' part: the article page's throughput and p99 alone, and while 20 public writes a second of
// one kind arrive (newsletter sign-ups, contact messages, comments on another article, ratings, purchase-link
// clicks through /go/ — counted like any reader's, issue 32), each
// from its own made-up address (the server runs with TRUST_PROXY=1, so the per-address limits of the
// public forms stay out of the way). Used by bench/run.mjs (`--writes`).
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cpuSeconds } from './throughput.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/** The kinds of public write, measured in this order (bench/lib/write-worker.mjs sends them). */
const KINDS = ['newsletter', 'contact', 'comment', 'rating', 'click'];

/** Seconds with writes, then as many without, in turn. */
const BLOCK_SECONDS = 2;

/**
 * Writes of a kind sent before it is measured, WARM_CONCURRENCY at a time, so that its path through the server
 * is measured run in rather than cold (write-worker.mjs, warm). The figure: 3,000 sign-ups run in before the
 * helper threads' compiling and the mail worker's first-minute cost had gone (bench/README.md, section 6).
 */
export const WARM_WRITES = 3000;
const WARM_CONCURRENCY = 40;

/** Numbers the writes of the whole run: no address or email is used twice (a repeat would be a 409). */
let writeCounter = 0;

/** A writer of `perSecond` writes a second of `kind`, in a worker thread, sending only while switched on. */
function writer(base, kind, { otherArticle, site, reviewSlug }, perSecond) {
  const worker = new Worker(new URL('./write-worker.mjs', import.meta.url), {
    workerData: { base, kind, otherArticleId: otherArticle.id, siteId: site.id, reviewSlug, perSecond, firstNumber: writeCounter },
  });
  let warmed = null;
  const finished = new Promise((resolve, reject) => {
    worker.on('message', (message) => {
      if ('warmed' in message) warmed.resolve();
      else if ('warmError' in message) warmed.reject(new Error(`warming ${kind} failed: ${message.warmError}`));
      else resolve(message);
    });
    worker.once('error', reject);
  });
  return {
    /** Sends `count` writes, WARM_CONCURRENCY at a time, and waits for their answers (write-worker.mjs, warm). */
    warm: (count) =>
      new Promise((resolve, reject) => {
        warmed = { resolve, reject };
        worker.postMessage({ warm: count, concurrency: WARM_CONCURRENCY });
      }),
    switch: (on) => worker.postMessage(on ? 'on' : 'off'),
    async stop() {
      worker.postMessage('stop');
      const { lastNumber, ...counts } = await finished;
      writeCounter = lastNumber;
      await worker.terminate();
      return counts;
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A fixed-seed generator (mulberry32): the same seconds give the same interval. */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How far the ratio could be from what it measured: the run's blocks (each 2 s with writes and the quiet
 * blocks either side) drawn again at random with replacement 2,000 times, the ratio of the means each time;
 * the 2.5th and 97.5th percentiles of those ratios (a bootstrap 95 % interval).
 */
function bootstrapInterval(blocks) {
  if (blocks.length < 2) return null;
  const random = seeded(blocks.length);
  const ratios = [];
  for (let draw = 0; draw < 2000; draw++) {
    const writes = [];
    const quiet = [];
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[Math.floor(random() * blocks.length)];
      writes.push(...block.writes);
      quiet.push(...block.quiet);
    }
    ratios.push(mean(writes) / mean(quiet));
  }
  return `${percentile(ratios, 2.5).toFixed(2)} - ${percentile(ratios, 97.5).toFixed(2)}`;
}

/**
 * One autocannon run of `seconds` on `url` with the writer switched on and off every BLOCK_SECONDS, on the
 * second's boundaries autocannon counts by: each second's requests, latencies, and server and loader CPU
 * go to the phase it was in. The first second (connections opening) counts for neither, nor a part second
 * after the last.
 */
function alternatingRun(url, { connections, seconds, headers }, pid, writes) {
  const phases = { quiet: { counts: [], latencies: [], errors: 0, non2xx: 0 }, writes: { counts: [], latencies: [], errors: 0, non2xx: 0 } };
  let second = 0;
  let current = null;
  let serverSeconds = cpuSeconds(pid);
  let loader = process.cpuUsage();
  const cpu = { quiet: { server: 0, loader: 0 }, writes: { server: 0, loader: 0 } };
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers, pipelining: 1, timeout: 10 }, (error) => {
      if (error) reject(error);
      else resolve({ phases, cpu });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (!current) return;
      current.latencies.push(Math.round(responseTime * 10) / 10);
      if (statusCode < 200 || statusCode >= 300) current.non2xx++;
    });
    instance.on('reqError', () => {
      if (current) current.errors++;
    });
    instance.on('tick', ({ counter }) => {
      // The run's last whole second is its `seconds`-th; a tick after it counts a fraction or nothing.
      if (second >= seconds) {
        current = null;
        return;
      }
      const nowServer = cpuSeconds(pid);
      const used = process.cpuUsage(loader);
      loader = process.cpuUsage();
      if (current) {
        current.counts.push(counter);
        const name = current === phases.writes ? 'writes' : 'quiet';
        if (serverSeconds !== null && nowServer !== null) cpu[name].server += (nowServer - serverSeconds) * 100;
        cpu[name].loader += (used.user + used.system) / 1e4;
      }
      serverSeconds = nowServer;
      second++;
      const on = Math.floor((second - 1) / BLOCK_SECONDS) % 2 === 1;
      if (on !== (current === phases.writes)) writes.switch(on);
      current = on ? phases.writes : phases.quiet;
    });
  });
}

/**
 * The article page (`articlePath`) from `connections` connections, while `perSecond` public writes a second
 * of each kind arrive, BLOCK_SECONDS at a time with as many quiet seconds between. The speed of a shared
 * machine drifts by a third within a minute (other tenants), more than the writes cost: measured in turn
 * second by second, the drift falls on both phases alike, so a ratio compares seconds moments apart. Each
 * kind's row gives its seconds with writes (req/s their mean, p50 and p99 of their requests) and the ratio of
 * that mean to the mean of the same run's quiet seconds; the quiet row pools every run's quiet seconds.
 */
export async function measureWrites(
  base,
  { pid, articlePath, otherArticle, site, reviewSlug, duration, warmup, warmWrites = WARM_WRITES, connections = 20, perSecond = 20, headers = {} },
) {
  const url = base + articlePath;
  // 'none' (requests that do nothing) shows what the measuring itself costs; BENCH_WRITE_KINDS picks kinds.
  const kinds = process.env.BENCH_WRITE_KINDS?.split(',') ?? ['none', ...KINDS];
  const warm = writer(base, 'none', { otherArticle, site, reviewSlug }, perSecond);
  await alternatingRun(url, { connections, seconds: warmup, headers }, pid, warm);
  await warm.stop();
  const quiet = { counts: [], latencies: [], errors: 0, non2xx: 0, server: 0, loader: 0 };
  const rows = [];
  for (const kind of kinds) {
    const writes = writer(base, kind, { otherArticle, site, reviewSlug }, perSecond);
    await writes.warm(warmWrites);
    const { phases, cpu } = await alternatingRun(url, { connections, seconds: duration, headers }, pid, writes);
    writes.switch(false);
    const counts = await writes.stop();
    const loaded = phases.writes;
    const quietMean = mean(phases.quiet.counts);
    // Each block with writes against the quiet blocks either side: how much the ratio moves within the run.
    const blockRatios = [];
    const blocks = [];
    for (let i = 0; i + BLOCK_SECONDS <= loaded.counts.length; i += BLOCK_SECONDS) {
      const before = phases.quiet.counts.slice(i, i + BLOCK_SECONDS);
      const after = phases.quiet.counts.slice(i + BLOCK_SECONDS, i + 2 * BLOCK_SECONDS);
      if (!after.length) continue;
      const block = { writes: loaded.counts.slice(i, i + BLOCK_SECONDS), quiet: [...before, ...after] };
      blocks.push(block);
      blockRatios.push(mean(block.writes) / mean(block.quiet));
    }
    quiet.counts.push(...phases.quiet.counts);
    // Hundreds of thousands of latencies: too many for one call's arguments.
    for (const latency of phases.quiet.latencies) quiet.latencies.push(latency);
    quiet.errors += phases.quiet.errors;
    quiet.non2xx += phases.quiet.non2xx;
    quiet.server += cpu.quiet.server;
    quiet.loader += cpu.quiet.loader;
    rows.push({
      writes: kind === 'none' ? `${perSecond}/s requests doing nothing (404)` : `${perSecond}/s ${kind}`,
      reqPerSec: Math.round(mean(loaded.counts)),
      p50Ms: percentile(loaded.latencies, 50),
      p99Ms: percentile(loaded.latencies, 99),
      errors: loaded.errors,
      non2xx: loaded.non2xx,
      serverCpuPct: Math.round(cpu.writes.server / loaded.counts.length),
      loaderCpuPct: Math.round(cpu.writes.loader / loaded.counts.length),
      ratioToQuiet: Number((mean(loaded.counts) / quietMean).toFixed(2)),
      blockRatios: `${Math.min(...blockRatios).toFixed(2)} - ${median(blockRatios).toFixed(2)} - ${Math.max(...blockRatios).toFixed(2)}`,
      ratio95: bootstrapInterval(blocks),
      seconds: `${loaded.counts.length} + ${phases.quiet.counts.length}`,
      writesPerSec: Number((counts.sent / loaded.counts.length).toFixed(1)),
      writesOk: counts.ok,
      writesFailed: counts.failed,
      perSecond: { writes: loaded.counts, quiet: phases.quiet.counts },
    });
  }
  return {
    connections,
    durationSeconds: duration,
    blockSeconds: BLOCK_SECONDS,
    perSecond,
    headers,
    quiet: {
      writes: 'none (quiet seconds)',
      reqPerSec: Math.round(mean(quiet.counts)),
      p50Ms: percentile(quiet.latencies, 50),
      p99Ms: percentile(quiet.latencies, 99),
      errors: quiet.errors,
      non2xx: quiet.non2xx,
      serverCpuPct: Math.round(quiet.server / quiet.counts.length),
      loaderCpuPct: Math.round(quiet.loader / quiet.counts.length),
    },
    rows,
  };
}

/**
 * A phased bench's settings from its command line `args`: `quick` (`--quick`), and the phase length, rounds
 * and warm-up (`{ phase, rounds, warmup }`, seconds) of `short` with it or of `full` without.
 */
export function phaseSettings(args, short, full) {
  const quick = args.includes('--quick');
  return { quick, ...(quick ? short : full) };
}

/** The first fields of a phased bench's results: the settings, when, and on what Node.js and how many CPUs. */
export const phasedResults = ({ quick, phase, rounds }, connections) => ({
  quick,
  startedAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  phaseSeconds: phase,
  rounds,
  connections,
});

/**
 * A quiet phase and a loaded one in turn, `rounds` times (so the shared machine's drift falls on both alike):
 * `phase(load)` measures one phase, `load` null for quiet. Answers both lists in order.
 */
export async function alternatePhases(rounds, phase, load) {
  const quiet = [];
  const loaded = [];
  for (let round = 0; round < rounds; round++) {
    quiet.push(await phase(null));
    loaded.push(await phase(load));
  }
  return { quiet, loaded };
}

/** The loaded phases against the quiet ones: throughput ratio (and per round), worst p99s, the writes' answers by status. */
export function comparePhases(quiet, loaded) {
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  const quietTotal = sum(quiet.map((entry) => entry.reqPerSec));
  const answers = {};
  for (const entry of loaded) for (const [status, n] of Object.entries(entry.answers)) answers[status] = (answers[status] ?? 0) + n;
  return {
    quietReqPerSec: Math.round(mean(quiet.map((entry) => entry.reqPerSec))),
    reqPerSec: Math.round(mean(loaded.map((entry) => entry.reqPerSec))),
    ratio: quietTotal ? Number((sum(loaded.map((entry) => entry.reqPerSec)) / quietTotal).toFixed(2)) : null,
    roundRatios: loaded.map((entry, i) => (quiet[i].reqPerSec ? Number((entry.reqPerSec / quiet[i].reqPerSec).toFixed(2)) : null)),
    quietP99Ms: Math.max(...quiet.map((entry) => entry.p99Ms)),
    p99Ms: Math.max(...loaded.map((entry) => entry.p99Ms)),
    answers,
  };
}
