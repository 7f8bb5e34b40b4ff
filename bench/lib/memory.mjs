// The server's resident memory (RSS, from /proc) before, during and after a mixed load: pages and API
// answers across the whole site (every dive site, every article and review), with a write now and then.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Number((kb / 1024).toFixed(1));
}

/** Least-squares slope of (seconds, MB), in MB per minute. */
function slopePerMinute(samples) {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((sum, s) => sum + s.t, 0) / n;
  const my = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  const num = samples.reduce((sum, s) => sum + (s.t - mx) * (s.mb - my), 0);
  const den = samples.reduce((sum, s) => sum + (s.t - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

export async function measureMemory(base, pid, { seconds, paths, writes }) {
  const before = rssMb(pid);
  const samples = [];
  const started = Date.now();
  const sampleEvery = Math.max(1000, Math.round((seconds * 1000) / 120));
  const sampler = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, mb: rssMb(pid) }), sampleEvery);
  let written = 0;
  const writeStatuses = {};
  const writer = setInterval(async () => {
    const write = writes[written++ % writes.length];
    try {
      const response = await fetch(base + write.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${written % 250}` },
        body: JSON.stringify(write.body(written)),
      });
      writeStatuses[response.status] = (writeStatuses[response.status] ?? 0) + 1;
    } catch {
      writeStatuses.failed = (writeStatuses.failed ?? 0) + 1;
    }
  }, 5000);
  let index = 0;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: 20,
        duration: seconds,
        timeout: 10,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  clearInterval(sampler);
  clearInterval(writer);
  const after = rssMb(pid);
  samples.push({ t: (Date.now() - started) / 1000, mb: after });
  const lastHalf = samples.filter((s) => s.t >= seconds / 2);
  const slope = slopePerMinute(lastHalf);
  const rise = (slope * (seconds / 2)) / 60;
  const peak = Math.max(...samples.map((s) => s.mb));
  return {
    seconds,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    writes: writeStatuses,
    rssBeforeMb: before,
    rssAfterMb: after,
    rssPeakMb: peak,
    lastHalfSlopeMbPerMin: Number(slope.toFixed(2)),
    // Upward: the fitted line over the last half rises by more than 5 MB or 3 % of the RSS.
    upwardTrendInLastHalf: rise > Math.max(5, 0.03 * after),
    samples,
  };
}
