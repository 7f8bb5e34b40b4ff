#!/usr/bin/env node
// `npm run bench` (or `npm run bench -- --quick`): builds for production, starts the built server on a
// fresh embedded PostgreSQL with the seed, and measures throughput, page weight, Lighthouse, SQL per page
// and memory. Writes bench/results/latest.json and prints a table of each. See bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { dirname, isAbsolute, join } from 'node:path';
import { measureLighthouse } from './lib/lighthouse.mjs';
import { prepareReportedSite } from './lib/lighthouse-site.mjs';
import { startForecastStandIn } from './lib/forecast.mjs';
import { measureMemory, rssMb } from './lib/memory.mjs';
import { measurePageWeight } from './lib/page-weight.mjs';
import { buildUnlessNoBuild, root, serverLogLevel, startServer } from './lib/server.mjs';
import { measureLimit } from './lib/limit.mjs';
import { runNewsletter } from './lib/newsletter.mjs';
import { runScale } from './lib/scale.mjs';
import { startTiles } from './lib/tiles.mjs';
import { measureThroughput } from './lib/throughput.mjs';
import { measureWrites, WARM_WRITES } from './lib/writes.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const scale = args.includes('--scale') ? Number(args[args.indexOf('--scale') + 1]) : null;
if (scale !== null && !(Number.isInteger(scale) && scale >= 2 && scale <= 100)) throw new Error('--scale takes a whole number from 2 to 100');
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'latest.json';
// `--writes`, `--limit` and `--lighthouse` run only those parts (bench/README.md, sections 3, 6 and 7).
const onlyParts = ['writes', 'limit', 'lighthouse'].filter((part) => args.includes(`--${part}`));
const out = isAbsolute(outArg) ? outArg : join(root, 'bench', 'results', outArg);

const settings = quick
  ? // `npm test` runs this after everything else, alone: its seconds are the suite's. It checks that each part
    // works and clears the floors of test/bench/bench-quick.spec.ts, which one second per target does (half a
    // second of warm-up), and the page weight of an article and of the explorer.
    {
      throughputSeconds: 1,
      warmupSeconds: 0.5,
      memorySeconds: 10,
      lighthousePages: 1,
      lighthouseRuns: 1,
      settleMs: 500,
      writeSeconds: 11,
      warmWrites: 100,
      weightPaths: 2,
    }
  : {
      throughputSeconds: 10,
      warmupSeconds: 2,
      memorySeconds: 300,
      lighthousePages: Infinity,
      // Lighthouse's advice (docs/variability.md): the median of 5 runs is about twice as stable as one run.
      lighthouseRuns: 5,
      settleMs: 1500,
      writeSeconds: 61,
      warmWrites: WARM_WRITES,
      weightPaths: Infinity,
    };

const log = (message) => console.log(`[bench] ${message}`);

buildUnlessNoBuild(args, log);

if (scale !== null) {
  // The scale part alone (bench/lib/scale.mjs): it grows its database, so it runs on a server of its own.
  await runScale({ scale, out, log, print });
  process.exit(0);
}

if (args.includes('--newsletter')) {
  // The newsletter part alone (bench/lib/newsletter.mjs): it starts a server of its own with an SMTP server beside it.
  const cap = args.includes('--newsletter-cap') ? Number(args[args.indexOf('--newsletter-cap') + 1]) : undefined;
  const rate = args.includes('--newsletter-rate') ? Number(args[args.indexOf('--newsletter-rate') + 1]) : undefined;
  const newsletter = await runNewsletter({ quick, seconds: settings.throughputSeconds, log, print, capSeconds: cap, rate });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ quick, startedAt: new Date().toISOString(), node: process.version, cpus: cpus().length, newsletter }, null, 2));
  log(`wrote ${out}`);
  process.exit(0);
}

log(
  `starting the built server on a fresh embedded PostgreSQL with the seed, at LOG_LEVEL=${serverLogLevel()}${process.env.LOG_LEVEL ? '' : ' (its default)'}, its log lines to a file`,
);
// The writes part's public writes come from made-up addresses (X-Forwarded-For), believed only here. The
// parts run alone never read X-SQL-Queries, so their server does not count queries: as in production, no
// AsyncLocalStorage is then enabled, which on Node.js 20 would hook every promise of every request.
// The map's tiles come from a local stand-in (bench/lib/tiles.mjs); `--offline-map`: from nowhere, as in the
// tests, so /dive-sites draws its offline land.
const tiles = args.includes('--offline-map') ? null : await startTiles();
// Where Lighthouse runs, the forecast comes from a stand-in of Open-Meteo (bench/lib/forecast.mjs), which
// this machine cannot reach: the site pages measured show a stored forecast and its outlook, as production's do.
const lighthouseRuns = !onlyParts.length || onlyParts.includes('lighthouse');
const openMeteo = lighthouseRuns ? await startForecastStandIn() : null;
const server = await startServer({
  env: {
    ...(openMeteo ? openMeteo.env : {}),
    ...(onlyParts.includes('writes') ? { TRUST_PROXY: '1' } : {}),
    ...(onlyParts.length ? { BENCH_SQL_COUNT: '0' } : {}),
    ...(tiles ? { TILE_URL: tiles.url } : {}),
  },
});
const base = server.url;
const results = { quick, startedAt: new Date().toISOString(), node: process.version, cpus: cpus().length, logLevel: serverLogLevel(), sections: {} };
try {
  const json = async (path) => (await fetch(base + path)).json();
  const [article] = await json('/api/articles');
  const [review] = await json('/api/reviews');
  const sites = await json('/api/dive-sites');
  const site = sites[0];
  const lighthouseSite = (await json('/api/dive-sites?q=Julian%20Rocks')).find((candidate) => candidate.name === 'Julian Rocks') ?? site;
  const articlePath = `/blog/${article.slug}`;
  const reviewPath = `/gear-reviews/${review.slug}`;
  results.rssAtStartMb = rssMb(server.pid);

  if (onlyParts.length) {
    await runParts(onlyParts, { base, articlePath, reviewPath, otherArticle: (await json('/api/articles'))[1], site, lighthouseSite });
    await finish();
    process.exit(0);
  }

  // 4. SQL per page, first: each page rendered (the page cache bypassed), its queries counted.
  log('SQL queries per page render');
  const sqlPages = [
    '/',
    '/blog',
    articlePath,
    '/gear-reviews',
    reviewPath,
    '/dive-sites',
    `/dive-sites/${site.id}`,
    '/learn-to-dive',
    '/about',
    '/contact',
    '/newsletter',
    '/api/dive-sites',
    '/api/articles',
    '/sitemap.xml',
  ];
  results.sections.sql = [];
  for (const path of sqlPages) {
    const response = await fetch(base + path, { headers: { 'X-Page-Cache': 'bypass' } });
    await response.arrayBuffer();
    results.sections.sql.push({ path, status: response.status, queries: Number(response.headers.get('x-sql-queries')) });
  }
  print('SQL queries per page render (target: at most 5)', results.sections.sql);

  // The API's list answers: their size as sent compressed (target: under 100 KB gzip, or paginated).
  results.sections.apiSizes = [];
  for (const path of [
    '/api/dive-sites',
    '/api/dive-sites/map',
    '/api/articles',
    '/api/reviews',
    '/api/reviews/published',
    '/api/products',
    '/api/carousel-videos',
  ]) {
    const response = await fetch(base + path);
    const body = Buffer.from(await response.arrayBuffer());
    const items = (() => {
      try {
        const parsed = JSON.parse(body.toString('utf8'));
        return Array.isArray(parsed) ? parsed.length : null;
      } catch {
        return null;
      }
    })();
    results.sections.apiSizes.push({
      path,
      status: response.status,
      items,
      bytes: body.length,
      gzip: gzipSync(body, { level: 6 }).length,
      brotli: brotliCompressSync(body).length,
    });
  }
  print('API list answers, bytes (target: under 100 KB gzip, or paginated)', results.sections.apiSizes);

  // 1. Throughput and latency.
  log(`throughput: autocannon, 50 connections, ${settings.throughputSeconds} s per target`);
  const targets = [
    { name: 'home', path: '/' },
    { name: 'blog', path: '/blog' },
    { name: 'article', path: articlePath },
    { name: 'gear review', path: reviewPath },
    { name: 'dive sites', path: '/dive-sites' },
    { name: 'API dive sites', path: '/api/dive-sites' },
    { name: 'API articles', path: '/api/articles' },
  ];
  const throughputTable = (t) => [
    {
      name: t.baseline.name,
      path: t.baseline.path,
      reqPerSec: t.baseline.reqPerSec,
      p50Ms: t.baseline.p50Ms,
      p99Ms: t.baseline.p99Ms,
      errors: t.baseline.errors,
      non2xx: t.baseline.non2xx,
      ratioToBaseline: 1,
      serverCpuPct: t.baseline.runs[1].serverCpuPct,
      loaderCpuPct: t.baseline.runs[1].loaderCpuPct,
    },
    ...t.targets.map(({ name, path, reqPerSec, p50Ms, p99Ms, errors, non2xx, ratioToBaseline, serverCpuPct, loaderCpuPct }) => ({
      name,
      path,
      reqPerSec,
      p50Ms,
      p99Ms,
      errors,
      non2xx,
      ratioToBaseline,
      serverCpuPct,
      loaderCpuPct,
    })),
  ];
  const throughputOptions = { pid: server.pid, duration: settings.throughputSeconds, warmup: settings.warmupSeconds };
  results.sections.throughput = await measureThroughput(base, targets, articlePath, throughputOptions);
  print('Throughput, uncompressed (50 connections; target: pages >= 0.5 x baseline req/s, p99 < 50 ms)', throughputTable(results.sections.throughput));
  // The same as a browser asks for it: compressed answers (the page cache keeps its bodies compressed;
  // the baseline file is compressed per request by the same middleware as every other answer).
  results.sections.throughputCompressed = await measureThroughput(base, targets, articlePath, {
    ...throughputOptions,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  print('Throughput, Accept-Encoding: br, gzip (as a browser asks)', throughputTable(results.sections.throughputCompressed));

  // 2. Page weight.
  log('page weight in Chromium');
  const weightPaths = [articlePath, '/dive-sites', '/', '/blog', reviewPath, `/dive-sites/${site.id}`];
  results.sections.pageWeight = await measurePageWeight(base, weightPaths.slice(0, settings.weightPaths), {
    settleMs: settings.settleMs,
  });
  print(
    'Page weight, bytes (JS target: <= 15 KB gzip before interaction on article/review; <= 80 KB after hydration; /dive-sites <= 140 KB)',
    results.sections.pageWeight.flatMap((p) => [
      { path: p.path, when: 'before interaction', ...p.beforeInteraction },
      { path: p.path, when: `all ${p.islands} islands hydrated${p.allHydrated ? '' : ' (NOT all)'}`, ...p.afterHydration },
    ]),
  );

  // 3. Lighthouse.
  await runLighthouse({ articlePath, reviewPath, lighthouseSite }, settings.lighthousePages);

  // 5. Memory.
  log(`memory: ${settings.memorySeconds} s of mixed load`);
  const reviews = await json('/api/reviews');
  const articles = await json('/api/articles');
  const mixed = [
    '/',
    '/blog',
    '/gear-reviews',
    '/dive-sites',
    '/learn-to-dive',
    '/about',
    '/api/articles',
    '/api/dive-sites',
    '/sitemap.xml',
    ...articles.map((a) => `/blog/${a.slug}`),
    ...reviews.map((r) => `/gear-reviews/${r.slug}`),
    ...sites.map((s) => `/dive-sites/${s.id}`),
    ...sites.slice(0, 40).map((s) => `/api/dive-sites/${s.id}/ratings`),
  ];
  const writes = [
    { path: `/api/articles/${article.id}/comments`, body: (n) => ({ name: `Bench ${n}`, content: `Benchmark comment number ${n}, about the reef.` }) },
    { path: `/api/dive-sites/${site.id}/ratings`, body: (n) => ({ rating: (n % 5) + 1, comment: `Benchmark rating ${n}` }) },
  ];
  const memory = await measureMemory(base, server.pid, { seconds: settings.memorySeconds, paths: mixed, writes });
  results.sections.memory = memory;
  print('Memory (target: RSS <= 250 MB after the load, no upward trend over its last half)', [
    {
      seconds: memory.seconds,
      requests: memory.requests,
      errors: memory.errors,
      non2xx: memory.non2xx,
      rssAtStartMb: results.rssAtStartMb,
      rssBeforeMb: memory.rssBeforeMb,
      rssPeakMb: memory.rssPeakMb,
      rssAfterMb: memory.rssAfterMb,
      lastHalfSlopeMbPerMin: memory.lastHalfSlopeMbPerMin,
      upwardTrend: memory.upwardTrendInLastHalf,
    },
  ]);
} finally {
  await finish();
}

async function finish() {
  results.finishedAt = new Date().toISOString();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2));
  await server.stop();
  await tiles?.stop();
  await openMeteo?.close();
  log(`wrote ${out}`);
}

/**
 * One page of each type (issues #28 and #47's list): the dive site is Julian Rocks, whose map has many markers
 * close together; the reported site (bench/lib/lighthouse-site.mjs, made before the runs, not with `--quick`)
 * has its forecast, tides, divers' reports, a gallery and its own photo; the 404 is measured as a 404.
 */
function lighthousePages({ articlePath, reviewPath, lighthouseSite: site, reportedSitePath }) {
  return [
    { name: 'home', path: '/' },
    { name: 'blog', path: '/blog' },
    { name: 'article', path: articlePath },
    { name: 'gear reviews', path: '/gear-reviews' },
    { name: 'review', path: reviewPath },
    { name: 'dive sites', path: '/dive-sites' },
    { name: 'site', path: `/dive-sites/${site.id}` },
    ...(reportedSitePath ? [{ name: 'site, reports+photo', path: reportedSitePath }] : []),
    { name: 'region', path: `/dive-sites?region=${encodeURIComponent(site.region)}` },
    { name: 'search', path: '/search?q=wreck' },
    { name: 'learn to dive', path: '/learn-to-dive' },
    { name: '404', path: '/no-such-page', status: 404 },
  ];
}

async function runLighthouse(context, pageCount = Infinity) {
  const reportedSitePath = pageCount > 1 ? await prepareReportedSite(server, log) : null;
  const pages = lighthousePages({ ...context, reportedSitePath }).slice(0, pageCount);
  log(`Lighthouse (mobile), ${settings.lighthouseRuns} run(s) a page, the median`);
  results.sections.lighthouse = await measureLighthouse(base, pages, { runs: settings.lighthouseRuns });
  print(
    'Lighthouse mobile, median of the runs (targets: performance >= 95, accessibility 100, best practices >= 95, SEO 100)',
    results.sections.lighthouse.map(({ failedAudits, runtimeError, runsTbtMs, loadAverage, ...row }) => ({
      ...row,
      runsPerformance: row.runsPerformance.join(' '),
      load: loadAverage.join(' '),
      failed: failedAudits.join(' ').slice(0, 60),
    })),
  );
}

async function runParts(parts, { base, articlePath, reviewPath, otherArticle, site, lighthouseSite }) {
  if (parts.includes('lighthouse')) await runLighthouse({ articlePath, reviewPath, lighthouseSite });
  const options = { pid: server.pid, duration: settings.throughputSeconds, warmup: settings.warmupSeconds };
  if (parts.includes('writes')) {
    log(
      `writes: ${articlePath}, 20 connections, ${settings.writeSeconds} s per kind, 20 public writes/s of that kind in turns of 2 s on and 2 s off, compared second by second, each kind after ${settings.warmWrites} writes of it to run its path in`,
    );
    const loadBefore = loadAverage();
    const writes = await measureWrites(base, {
      ...options,
      articlePath,
      otherArticle,
      site,
      reviewSlug: reviewPath.split('/').pop(),
      duration: settings.writeSeconds,
      warmup: settings.warmupSeconds + 1,
      warmWrites: settings.warmWrites,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const loadAfter = loadAverage();
    results.sections.writes = { ...writes, loadAverage: { before: loadBefore, after: loadAfter } };
    log(`writes: load average ${loadBefore} before, ${loadAfter} after; server at LOG_LEVEL=${serverLogLevel()}`);
    print(
      `Article page under public writes (20 connections, Accept-Encoding: br, gzip, LOG_LEVEL=${serverLogLevel()}; targets: newsletter/contact >= 0.9 of quiet with p99 < 50 ms, comments on another article >= 0.8)`,
      // Every figure but the seconds themselves (in latest.json).
      [{ ...writes.quiet, ratioToQuiet: 1 }, ...writes.rows].map(({ perSecond: _perSecond, ...row }) => row),
    );
  }
  if (parts.includes('limit')) {
    log(
      `limit: cached ${articlePath} beside nginx with the same gzip bytes, 50 connections, ${settings.throughputSeconds} s x 3 each, alternated, the median of each`,
    );
    const loadBefore = loadAverage();
    const limit = await measureLimit(base, articlePath, options);
    const loadAfter = loadAverage();
    results.sections.limit = { ...limit, loadAverage: { before: loadBefore, after: loadAfter } };
    log(`limit: load average ${loadBefore} before, ${loadAfter} after; server at LOG_LEVEL=${serverLogLevel()}, nginx with its access log on`);
    if (limit.skipped) log(`limit skipped: ${limit.skipped}`);
    else {
      print(
        `Cached article page beside nginx (50 connections, Accept-Encoding: gzip, ${limit.gzipBytes} bytes a request; LOG_LEVEL=${serverLogLevel()}, nginx's access log on; target: >= 0.8 of nginx's req/s, p99 < 50 ms)`,
        limit.rows.map(({ runs, ...row }) => ({ ...row, runs: runs.join(' / ') })),
      );
    }
  }
}

/** The machine's load average over 1, 5 and 15 minutes, as the closing notes quote it beside the figures. */
function loadAverage() {
  return `${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;
}

function print(title, rows) {
  console.log(`\n${title}`);
  console.table(rows);
}
