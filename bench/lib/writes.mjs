// The 'writes' part: the article page's throughput and p99 alone, and while 20 public writes a second of
// one kind arrive (newsletter sign-ups, contact messages, comments on another article, ratings), each
// from its own made-up address (the server runs with TRUST_PROXY=1, so the per-address limits of the
// public forms stay out of the way). Used by bench/run.mjs (`--writes`).
import { measureRun } from './throughput.mjs';

let addressCounter = 0;
/** A distinct address from 10.0.0.0/8 per write (X-Forwarded-For, believed with TRUST_PROXY=1). */
const nextAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
};

const KINDS = {
  newsletter: () => ({
    path: '/api/newsletter/subscribe',
    body: (n) => ({
      email: `bench.${process.pid}.${n}@example.com`,
      source: 'home',
    }),
  }),
  contact: () => ({
    path: '/api/contact',
    body: (n) => ({
      name: 'Bench Diver',
      email: `contact.${process.pid}.${n}@example.com`,
      subject: `Question ${n}`,
      message: 'When is the best season to see grey nurse sharks at Fish Rock?',
    }),
  }),
  comment: ({ otherArticle }) => ({
    path: `/api/articles/${otherArticle.id}/comments`,
    body: (n) => ({
      name: `Bench ${n}`,
      content: `Benchmark comment number ${n}, about the reef.`,
    }),
  }),
  rating: ({ site }) => ({
    path: `/api/dive-sites/${site.id}/ratings`,
    body: (n) => ({ rating: (n % 5) + 1, comment: `Benchmark rating ${n}` }),
  }),
};

/** Sends `perSecond` writes a second until stopped; counts the answers by class. */
function writer(base, { path, body }, perSecond) {
  const counts = { sent: 0, ok: 0, failed: 0 };
  const inFlight = new Set();
  let n = 0;
  const timer = setInterval(() => {
    n++;
    counts.sent++;
    const call = fetch(base + path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: base,
        'X-Forwarded-For': nextAddress(),
      },
      body: JSON.stringify(body(n)),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.ok) counts.ok++;
        else counts.failed++;
      })
      .catch(() => counts.failed++)
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
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
 * The article page (`articlePath`) under load from `connections` connections for `duration` seconds, in
 * `rounds` rounds: each a quiet run, then one run under each kind of write; a last quiet run ends them.
 * A kind's ratio in a round is its req/s over the mean of the quiet runs either side of that round, so a
 * drift of the machine's speed (other tenants of a shared host) lands on both; the row gives the median
 * ratio, req/s and p99 over the rounds, and every round's figures.
 */
export async function measureWrites(
  base,
  { pid, articlePath, otherArticle, site, duration, warmup, rounds = 1, connections = 20, perSecond = 20, headers = {} },
) {
  const url = base + articlePath;
  const options = { connections, duration, headers };
  const page = async () => measureRun(url, { ...options, duration: warmup }, pid).then(() => measureRun(url, options, pid));
  const quietRuns = [await page()];
  const runs = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [kind, make] of Object.entries(KINDS)) {
      const writes = writer(base, make({ otherArticle, site }), perSecond);
      const started = Date.now();
      const figures = await page();
      const counts = await writes.stop();
      runs[kind].push({
        ...figures,
        writesSent: counts.sent,
        writesOk: counts.ok,
        writesFailed: counts.failed,
        writesPerSec: Number((counts.sent / ((Date.now() - started) / 1000)).toFixed(1)),
      });
    }
    quietRuns.push(await page());
  }
  const quietAround = (round) => (quietRuns[round].reqPerSec + quietRuns[round + 1].reqPerSec) / 2;
  const rows = Object.entries(runs).map(([kind, kindRuns]) => {
    const ratios = kindRuns.map((run, round) => Number((run.reqPerSec / quietAround(round)).toFixed(2)));
    const sum = (field) => kindRuns.reduce((total, run) => total + run[field], 0);
    return {
      writes: `${perSecond}/s ${kind}`,
      reqPerSec: Math.round(median(kindRuns.map((run) => run.reqPerSec))),
      p50Ms: median(kindRuns.map((run) => run.p50Ms)),
      p99Ms: median(kindRuns.map((run) => run.p99Ms)),
      errors: sum('errors'),
      non2xx: sum('non2xx'),
      ratioToQuiet: median(ratios),
      ratios,
      writesPerSec: median(kindRuns.map((run) => run.writesPerSec)),
      writesOk: sum('writesOk'),
      writesFailed: sum('writesFailed'),
      serverCpuPct: median(kindRuns.map((run) => run.serverCpuPct)),
      loaderCpuPct: median(kindRuns.map((run) => run.loaderCpuPct)),
      runs: kindRuns,
    };
  });
  const quiet = {
    writes: 'none (quiet)',
    reqPerSec: Math.round(median(quietRuns.map((run) => run.reqPerSec))),
    p50Ms: median(quietRuns.map((run) => run.p50Ms)),
    p99Ms: median(quietRuns.map((run) => run.p99Ms)),
    errors: quietRuns.reduce((total, run) => total + run.errors, 0),
    non2xx: quietRuns.reduce((total, run) => total + run.non2xx, 0),
    serverCpuPct: median(quietRuns.map((run) => run.serverCpuPct)),
    loaderCpuPct: median(quietRuns.map((run) => run.loaderCpuPct)),
    quietRuns: quietRuns.map((run) => run.reqPerSec),
    runs: quietRuns,
  };
  return { connections, durationSeconds: duration, rounds, perSecond, headers, quiet, rows };
}
