#!/usr/bin/env node
// `node bench/conditions.mjs` (`--no-build` to use the dist/ already built, `--quick` for short phases,
// `--limit-only` for the first figure alone):
// issue 46's two figures, on the built server at its production defaults (page cache on, LOG_LEVEL log) on
// a fresh embedded PostgreSQL with the seed, its forecast fetched from a stand-in of Open-Meteo served by
// this script (bench/lib/forecast.mjs: the two APIs' JSON for every location asked, at once):
// 1. a cached site page with its conditions (tides, sun and moon, the stored forecast and outlook) beside
//    nginx serving the same gzip bytes (checked), in alternate rounds, each the median of its rounds
//    (bench/lib/limit.mjs; target >= 0.8 of nginx's req/s);
// 2. the cached pages (a site page, /dive-sites, the home page) while a refresh of every site's forecast runs
//    (POST /api/admin/forecast/refresh, the jobs the schedule queues), beside quiet phases, in turn, ROUNDS
//    rounds (target >= 0.9 of quiet). A refresh drops the pages its cells show (and the 'forecasts' tag), so
//    the loaded phases also render pages again. Each phase says how many pages the server rendered
//    (`page_cache_misses_total` of /metrics), served stale while rendering them again, and made wait for one
//    render of their page (docs/caching.md).
// Writes bench/results/conditions.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { refreshForecast, startForecastStandIn } from './lib/forecast.mjs';
import { measureLimit } from './lib/limit.mjs';
import { databaseUrl, signIn } from './lib/scale.mjs';
import { buildUnlessNoBuild, root, serverLogLevel, startServer } from './lib/server.mjs';
import { measureRun } from './lib/throughput.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const PHASE = quick ? 3 : 8;
const ROUNDS = quick ? 2 : 3;
/** The server and nginx rounds, alternated; the figure is the median of each's. */
const LIMIT_ROUNDS = quick ? 3 : 5;
const CONNECTIONS = 50;
const log = (message) => console.log(`[conditions] ${message}`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

buildUnlessNoBuild(args, log);

const standIn = await startForecastStandIn();
const METRICS_TOKEN = 'bench-conditions-metrics-token';
const server = await startServer({ env: { ...standIn.env, METRICS_TOKEN } });
/** The page cache's counters now: pages rendered that it could keep, stale answers served, requests that waited for a render. */
async function cacheCounts() {
  const value = await metric();
  return { rendered: value('page_cache_misses_total'), stale: value('page_cache_stale_total'), waited: value('page_cache_waited_total') };
}
/** A reader of the server's /metrics now: `value(name, labels)` is the sample's value (labels as written, e.g. `kind="major"`). */
async function metric() {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return (name, labels) => Number(new RegExp(`^${name}${labels ? `\\{${labels}\\}` : '(?:\\{[^}]*\\})?'} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}
/**
 * What a round of the server beside nginx is checked by: the page cache's hits, renders and waits (every
 * request should be a hit), the seconds of minor and major GC, and the heap used (MB) after it.
 */
async function limitCounts() {
  const value = await metric();
  return {
    hits: value('page_cache_hits_total'),
    rendered: value('page_cache_misses_total'),
    waited: value('page_cache_waited_total'),
    gcMinorSeconds: value('nodejs_gc_duration_seconds_sum', 'kind="minor"'),
    gcMajorSeconds: value('nodejs_gc_duration_seconds_sum', 'kind="major"'),
    heapUsedMb: Math.round(value('nodejs_heap_size_used_bytes') / 1e5) / 10,
  };
}
const countsSince = (before, after) => Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
const db = new Client({ connectionString: databaseUrl(server.dataDir) });
await db.connect();
const results = { settings: { phaseSeconds: PHASE, rounds: ROUNDS, connections: CONNECTIONS, logLevel: serverLogLevel() } };
try {
  const { cookie } = await signIn(server.url);
  /** Asks for a refresh of every site and waits until every cell is stored again (bench/lib/forecast.mjs). */
  const refresh = () => refreshForecast({ base: server.url, cookie, db });
  log(`first fetch of every site's forecast: ${JSON.stringify(await refresh())}`);
  const {
    rows: [site],
  } = await db.query(`SELECT id, name FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
  const sitePath = `/dive-sites/${site.id}`;
  const page = await (await fetch(server.url + sitePath)).text();
  if (!page.includes('Forecast fetched') || !page.includes('tides-today')) throw new Error(`${sitePath} shows no forecast or tides`);

  log(`1. cached ${sitePath} (${site.name}, with its conditions) beside nginx, ${LIMIT_ROUNDS} rounds of ${PHASE} s each, alternated; load ${load()}`);
  results.limit = {
    path: sitePath,
    ...(await measureLimit(server.url, sitePath, { pid: server.pid, duration: PHASE, warmup: 2, rounds: LIMIT_ROUNDS, counters: limitCounts })),
    load: load(),
  };
  for (const [i, round] of (results.limit.rounds ?? []).entries())
    log(
      `   round ${i + 1}: server ${round.server.reqPerSec} req/s (p50 ${round.server.p50Ms} ms, CPU ${round.server.serverCpuPct} %, ${JSON.stringify(round.server.counts)}), nginx ${round.nginx.reqPerSec} req/s (p50 ${round.nginx.p50Ms} ms): ${round.ratio}`,
    );
  for (const row of results.limit.rows ?? []) log(`   ${row.name}: ${row.reqPerSec} req/s, p99 ${row.p99Ms} ms, ratio ${row.ratioToNginx}`);

  // `--limit-only`: part 1 alone.
  if (!args.includes('--limit-only')) {
    const targets = [sitePath, '/dive-sites', '/'];
    results.refresh = { rounds: [], load: { before: load() } };
    log(`2. ${targets.join(', ')} quiet and during a refresh of every site, ${ROUNDS} rounds of ${PHASE} s phases`);
    // Each target PHASE seconds in turn; the phase's req/s is the mean of the targets'.
    const phase = async () => {
      const before = await cacheCounts();
      const runs = {};
      for (const path of targets) {
        const run = await measureRun(server.url + path, { connections: CONNECTIONS, duration: PHASE, headers: { 'accept-encoding': 'gzip' } }, server.pid);
        runs[path] = { reqPerSec: run.reqPerSec, p99Ms: run.p99Ms, errors: run.errors, non2xx: run.non2xx };
      }
      const values = Object.values(runs);
      const cache = countsSince(before, await cacheCounts());
      return { reqPerSec: Math.round(values.reduce((sum, run) => sum + run.reqPerSec, 0) / values.length), runs, cache };
    };
    // Warm every target's cache.
    for (const path of targets) await measureRun(server.url + path, { connections: CONNECTIONS, duration: 1 }, server.pid);
    for (let round = 0; round < ROUNDS; round++) {
      const quiet = await phase();
      const refreshing = refresh();
      const loaded = await phase();
      const done = await refreshing;
      const ratio = Number((loaded.reqPerSec / quiet.reqPerSec).toFixed(2));
      results.refresh.rounds.push({ quiet, loaded, ratio, refresh: done });
      log(
        `   round ${round + 1}: quiet ${quiet.reqPerSec} req/s, during the refresh ${loaded.reqPerSec} req/s (${ratio}); refresh ${done.jobs} jobs, ${done.stored ?? done.cells} of ${done.cells} cells in ${done.seconds ?? '> 120'} s`,
      );
      log(`     page cache: quiet ${JSON.stringify(quiet.cache)}, during the refresh ${JSON.stringify(loaded.cache)}`);
      log(`     quiet ${JSON.stringify(quiet.runs)}`);
      log(`     loaded ${JSON.stringify(loaded.runs)}`);
    }
    const sum = (key) => results.refresh.rounds.reduce((total, round) => total + round[key].reqPerSec, 0);
    results.refresh.ratio = Number((sum('loaded') / sum('quiet')).toFixed(2));
    results.refresh.load.after = load();
    results.providerRequests = standIn.requests();
    log(`   overall: ${results.refresh.ratio} of quiet (target >= 0.9); provider requests ${results.providerRequests}; load ${load()}`);
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/conditions.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await db.end();
  await server.stop();
  await standIn.close();
}
