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

/**
 * The article page (`articlePath`) under load from `connections` connections for `duration` seconds:
 * quiet (before and after), then under each kind of write. Returns one row per run.
 */
export async function measureWrites(base, { pid, articlePath, otherArticle, site, duration, warmup, connections = 20, perSecond = 20, headers = {} }) {
  const url = base + articlePath;
  const options = { connections, duration, headers };
  const page = async () => measureRun(url, { ...options, duration: warmup }, pid).then(() => measureRun(url, options, pid));
  const quietBefore = await page();
  const rows = [];
  for (const [kind, make] of Object.entries(KINDS)) {
    const writes = writer(base, make({ otherArticle, site }), perSecond);
    const started = Date.now();
    const figures = await page();
    const counts = await writes.stop();
    rows.push({
      writes: `${perSecond}/s ${kind}`,
      ...figures,
      writesSent: counts.sent,
      writesOk: counts.ok,
      writesFailed: counts.failed,
      writesPerSec: Number((counts.sent / ((Date.now() - started) / 1000)).toFixed(1)),
    });
  }
  const quietAfter = await page();
  const quiet = {
    writes: 'none (quiet)',
    ...quietBefore,
    reqPerSec: Math.round((quietBefore.reqPerSec + quietAfter.reqPerSec) / 2),
    p50Ms: Math.max(quietBefore.p50Ms, quietAfter.p50Ms),
    p99Ms: Math.max(quietBefore.p99Ms, quietAfter.p99Ms),
    quietRuns: [quietBefore.reqPerSec, quietAfter.reqPerSec],
  };
  for (const row of rows) row.ratioToQuiet = Number((row.reqPerSec / quiet.reqPerSec).toFixed(2));
  return {
    connections,
    durationSeconds: duration,
    perSecond,
    headers,
    quiet,
    rows,
  };
}
