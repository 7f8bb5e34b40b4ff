// The 'writes' part: the article page's throughput and p99 alone, and while 20 public writes a second of
// one kind arrive (newsletter sign-ups, contact messages, comments on another article, ratings), each
// from its own made-up address (the server runs with TRUST_PROXY=1, so the per-address limits of the
// public forms stay out of the way). Used by bench/run.mjs (`--writes`).
import { Worker } from 'node:worker_threads';
import { measureRun } from './throughput.mjs';

/** The kinds of public write, measured in this order (bench/lib/write-worker.mjs sends them). */
const KINDS = ['newsletter', 'contact', 'comment', 'rating'];

/** Numbers the writes of the whole run: no address or email is used twice (a repeat would be a 409). */
let writeCounter = 0;

/** Sends `perSecond` writes a second of `kind` from a worker thread until stopped; counts the answers by class. */
function writer(base, kind, { otherArticle, site }, perSecond) {
  const worker = new Worker(new URL('./write-worker.mjs', import.meta.url), {
    workerData: { base, kind, otherArticleId: otherArticle.id, siteId: site.id, perSecond, firstNumber: writeCounter },
  });
  const finished = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
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
  if (values.some((value) => value === null)) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The article page (`articlePath`) from `connections` connections, quiet and while `perSecond` public
 * writes a second of each kind arrive. The speed of a shared machine drifts by a third within a minute
 * (other tenants), more than the writes cost, so each kind is measured in `repeats` short runs under writes,
 * each between two quiet runs (quiet, writes, quiet, writes, ..., quiet): a run's ratio is against the mean
 * of the quiet runs either side, seconds apart, and the row gives the median ratio, the median req/s and p99
 * of its runs under writes, and every ratio.
 */
export async function measureWrites(
  base,
  { pid, articlePath, otherArticle, site, duration, warmup, repeats = 1, connections = 20, perSecond = 20, headers = {} },
) {
  const url = base + articlePath;
  const options = { connections, duration, headers };
  await measureRun(url, { ...options, duration: warmup }, pid);
  const quietRuns = [];
  const rows = [];
  // 'none' (requests that do nothing) shows what the measuring itself costs; BENCH_WRITE_KINDS picks kinds.
  const kinds = process.env.BENCH_WRITE_KINDS?.split(',') ?? ['none', ...KINDS];
  for (const kind of kinds) {
    const runs = [];
    let before = await measureRun(url, options, pid);
    quietRuns.push(before);
    for (let repeat = 0; repeat < repeats; repeat++) {
      const writes = writer(base, kind, { otherArticle, site }, perSecond);
      const started = Date.now();
      const loaded = await measureRun(url, options, pid);
      const counts = await writes.stop();
      const seconds = (Date.now() - started) / 1000;
      const after = await measureRun(url, options, pid);
      quietRuns.push(after);
      // Against the quiet runs either side: neither a drift nor the order of the runs leans on the ratio.
      const quietReqPerSec = (before.reqPerSec + after.reqPerSec) / 2;
      before = after;
      runs.push({
        ...loaded,
        quietReqPerSec,
        ratio: Number((loaded.reqPerSec / quietReqPerSec).toFixed(2)),
        writesSent: counts.sent,
        writesOk: counts.ok,
        writesFailed: counts.failed,
        writesPerSec: Number((counts.sent / seconds).toFixed(1)),
      });
    }
    const sum = (field) => runs.reduce((total, run) => total + run[field], 0);
    rows.push({
      writes: kind === 'none' ? `${perSecond}/s requests doing nothing (404)` : `${perSecond}/s ${kind}`,
      reqPerSec: Math.round(median(runs.map((run) => run.reqPerSec))),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      worstP99Ms: Math.max(...runs.map((run) => run.p99Ms)),
      errors: sum('errors'),
      non2xx: sum('non2xx'),
      ratioToQuiet: Number(median(runs.map((run) => run.ratio)).toFixed(2)),
      ratios: runs.map((run) => run.ratio),
      writesPerSec: Number(median(runs.map((run) => run.writesPerSec)).toFixed(1)),
      writesOk: sum('writesOk'),
      writesFailed: sum('writesFailed'),
      serverCpuPct: median(runs.map((run) => run.serverCpuPct)),
      loaderCpuPct: median(runs.map((run) => run.loaderCpuPct)),
      runs,
    });
  }
  const quiet = {
    writes: 'none (quiet)',
    reqPerSec: Math.round(median(quietRuns.map((run) => run.reqPerSec))),
    p50Ms: median(quietRuns.map((run) => run.p50Ms)),
    p99Ms: median(quietRuns.map((run) => run.p99Ms)),
    worstP99Ms: Math.max(...quietRuns.map((run) => run.p99Ms)),
    errors: quietRuns.reduce((total, run) => total + run.errors, 0),
    non2xx: quietRuns.reduce((total, run) => total + run.non2xx, 0),
    serverCpuPct: median(quietRuns.map((run) => run.serverCpuPct)),
    loaderCpuPct: median(quietRuns.map((run) => run.loaderCpuPct)),
    quietRuns: quietRuns.map((run) => run.reqPerSec),
  };
  return { connections, durationSeconds: duration, repeats, perSecond, headers, quiet, rows };
}
