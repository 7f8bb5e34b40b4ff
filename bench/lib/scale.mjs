// The scale part of the bench (`npm run bench -- --scale 100`): each page and API answer rendered with the
// page cache bypassed at the seed's size, then the database grown N-fold with SQL (bench/lib/grow-sql.mjs:
// sites, articles, reviews, comments, ratings, subscribers, uploads), then rendered again. Prints render time
// (median of the runs) and bytes (raw and gzip) per page at 1x and Nx, each ratio, the admin screens' time to
// first use in Chromium at both sizes, and the server's RSS.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { refreshForecast, startForecastStandIn } from './forecast.mjs';
import { growDatabase, scaleCounts } from './grow-sql.mjs';
import { rssMb } from './memory.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './page-weight.mjs';
import { ADMIN_PASSWORD, startServer } from './server.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const pg = require('pg');

const RUNS = 15;
// Enough renders first that the 1x figures are not those of a cold process (JIT, connection pool, caches of PostgreSQL).
const WARMUP = 10;
/** The administrator's session cookie on `base`. */
export async function signIn(base) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
  // before using the cookie, as the admin screen does.
  await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}

/**
 * The server's own embedded PostgreSQL (bench/lib/server.mjs starts the server on a fresh DATA_DIR): its port
 * from postmaster.pid, its password from the file beside its data.
 */
export function databaseUrl(dataDir) {
  const dir = join(dataDir, 'postgres');
  const port = readFileSync(join(dir, 'pgdata', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  const password = readFileSync(join(dir, 'password'), 'utf8').trim();
  return `postgres://dive_guide:${encodeURIComponent(password)}@127.0.0.1:${port}/dive_guide`;
}

/** Grows the running server's database `factor`-fold with SQL; answers the row counts after it. */
export async function growContent(dataDir, factor, log) {
  const counts = scaleCounts(factor);
  log(
    `growing the database with SQL to ${Object.entries(counts)
      .map(([kind, n]) => `${n.toLocaleString('en-AU')} ${kind}`)
      .join(', ')}`,
  );
  const client = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await client.connect();
  try {
    return await growDatabase(client, counts);
  } finally {
    await client.end();
  }
}

/** The site whose page shows every part of its conditions (a tide station, a forecast, an exposure profile checked by hand). */
const CONDITIONS_SITE = 'Julian Rocks Nursery';

/** The pages of the scale table, found on the running server. */
export async function scalePages(base) {
  const get = async (path) => (await fetch(base + path)).json();
  const [[article], [review], [site], [conditions]] = await Promise.all([
    get('/api/articles?limit=1'),
    get('/api/reviews/published?limit=1'),
    get('/api/dive-sites?limit=1'),
    get(`/api/dive-sites?q=${encodeURIComponent(CONDITIONS_SITE)}&limit=1`),
  ]);
  return [
    ['home', '/'],
    ['blog', '/blog'],
    ['blog page 2', '/blog?page=2'],
    ['article', `/blog/${article.slug}`],
    ['gear reviews', '/gear-reviews'],
    ['review', `/gear-reviews/${review.slug}`],
    ['dive sites', '/dive-sites'],
    ['top rated', '/dive-sites?sort=top-rated'],
    ['search', '/search?q=wreck'],
    // A misspelt search (issue 47): nothing as written, so the forgiving steps answer.
    ['search misspelt', '/search?q=sydny+harbour'],
    ['dive site', `/dive-sites/${site.id}`],
    // Issue 46: the pages that show the stored forecast's outlooks (the home page's weekend block is above).
    ['site with conditions', `/dive-sites/${conditions.id}`],
    ['outlook filter', '/dive-sites?outlook=good&day=saturday'],
    ['region (weekend block)', `/dive-sites?region=${encodeURIComponent(conditions.region)}`],
    ['rss', '/rss.xml'],
    ['sitemap', '/sitemap.xml'],
    ['map payload', '/api/dive-sites/map'],
    ['api dive sites', '/api/dive-sites'],
    ['api articles', '/api/articles'],
    ['api reviews', '/api/reviews/published'],
    ['api site search', '/api/dive-sites/search?q=reef'],
    ['api outlook filter', '/api/dive-sites?outlook=good&day=saturday'],
    ['admin articles', '/api/articles?admin=true'],
    ['admin reviews', '/api/reviews?admin=true'],
    ['admin comments', '/api/admin/comments?filter=all'],
    ['admin ratings', '/api/admin/ratings'],
    ['admin subscribers', '/api/newsletter/subscribers'],
    ['admin media', '/api/admin/media'],
  ];
}

/**
 * The admin screens, each timed in Chromium from navigation (or the tab's click) to its first use: the list's
 * first row (or its empty text) on screen. The browser carries the administrator's session cookie.
 */
const ADMIN_SCREENS = [
  ['blog tab', '/admin', 'Blog', /Published Posts \(\d+\)/],
  ['reviews tab', '/admin', 'Reviews', /Published Reviews \(\d+\)/],
  ['photos tab', '/admin', 'Photos', /dive sites? needs? photos\./],
  ['media tab', '/admin', 'Media', /Media \(\d+\)/],
  ['newsletter tab', '/admin', 'Newsletter', /\d+ Total Subscribers/],
  ['carousel tab', '/admin', 'Carousel', /Existing Slides \(\d+\)|No carousel slides found/],
  ['dive sites', '/admin/dive-sites', null, /\d+ dive sites/],
  ['comments', '/admin/comments', null, /Submitted .* ago|No comments found/],
  ['ratings', '/admin/ratings', null, /Submitted .* ago|No ratings found/],
];

export async function measureAdminScreens(base, cookie) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { hostname } = new URL(base);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), domain: hostname, path: '/' };
      }),
    );
    const page = await context.newPage();
    for (const [name, path, tab, ready] of ADMIN_SCREENS) {
      const times = [];
      // Twice: the first pays for the browser's cold caches of the scripts; the second is what a return visit costs.
      for (let run = 0; run < 2; run++) {
        let started = Date.now();
        await page.goto(base + path, { waitUntil: 'commit' });
        if (tab) {
          await page.getByRole('tab', { name: tab }).click({ timeout: 60_000 });
          started = Date.now();
        }
        await page.getByText(ready).first().waitFor({ timeout: 60_000 });
        times.push(Date.now() - started);
      }
      rows.push({ name, path: tab ? `${path} (${tab})` : path, firstMs: times[0], againMs: times[1] });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Each page rendered RUNS times with the page cache bypassed: median and best time, queries, bytes. */
export async function measurePages(base, pages, cookie) {
  const rows = [];
  for (const [name, path] of pages) {
    const times = [];
    let body = Buffer.alloc(0);
    let status = 0;
    let queries = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = process.hrtime.bigint();
      const response = await fetch(base + path, {
        headers: { 'X-Page-Cache': 'bypass', ...(cookie ? { cookie } : {}) },
      });
      body = Buffer.from(await response.arrayBuffer());
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      status = response.status;
      queries = Number(response.headers.get('x-sql-queries'));
      if (run >= WARMUP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    rows.push({
      name,
      path,
      status,
      queries,
      medianMs: round(times[Math.floor(times.length / 2)]),
      bestMs: round(times[0]),
      bytes: body.length,
      gzip: gzipSync(body, { level: 6 }).length,
    });
  }
  return rows;
}

const round = (ms) => Math.round(ms * 10) / 10;

/** 1x and Nx side by side: the time ratio is what the targets are about. */
export function compare(before, after, factor) {
  return before.map((one, index) => {
    const many = after[index];
    return {
      name: one.name,
      '1x ms': one.medianMs,
      [`${factor}x ms`]: many.medianMs,
      ratio: Math.round((many.medianMs / one.medianMs) * 100) / 100,
      // The fastest renders' ratio: the least disturbed by other work on a shared machine.
      'best ratio': Math.round((many.bestMs / one.bestMs) * 100) / 100,
      '1x KB': kb(one.bytes),
      [`${factor}x KB`]: kb(many.bytes),
      '1x gzip KB': kb(one.gzip),
      [`${factor}x gzip KB`]: kb(many.gzip),
      [`${factor}x queries`]: many.queries,
      // A page that does not exist yet at 1x (/blog?page=2 with the seed's 10 articles) says so here.
      status: one.status === many.status ? many.status : `${one.status} -> ${many.status}`,
    };
  });
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/**
 * What each conditions page must show for its figures to be those of a page with conditions (issue 46): the
 * stored forecast's age on the site's page, outlook badges on the filtered list, the weekend block on the
 * home and region pages, sites in the filtered answer.
 */
const SHOWS = {
  home: /Where to dive this weekend/,
  'site with conditions': /Forecast fetched/,
  'outlook filter': /data-testid="site-outlook"/,
  'region (weekend block)': /Where to dive this weekend/,
  'api outlook filter': /"id":\d+/,
};

/** Fails when a conditions page shows no conditions (no forecast stored, or a page that lost its block). */
async function checkConditionsShown(base, pages) {
  for (const [name, path] of pages) {
    if (!SHOWS[name]) continue;
    const text = await (await fetch(base + path, { headers: { 'X-Page-Cache': 'bypass' } })).text();
    if (!SHOWS[name].test(text)) throw new Error(`${name} (${path}) does not show its conditions (${SHOWS[name]})`);
  }
}

/** A refresh's figures in a line. */
const refreshLine = (refresh) =>
  `${refresh.cells} grid cells (${refresh.locationsAsked} locations asked), ${refresh.providerRequests} provider requests in ${refresh.jobs} jobs, ` +
  `${refresh.seconds ?? `> 120 (only ${refresh.stored} stored)`} s, ${refresh.rowsWrittenTotal} rows written (${Object.entries(refresh.rowsWritten)
    .map(([table, rows]) => `${table} +${rows.inserted}/~${rows.updated}/-${rows.deleted}`)
    .join(', ')})`;

/**
 * Starts a server on a fresh database with a stand-in of the forecast provider, stores every site's forecast,
 * measures at 1x, grows the content, stores the forecast again (the copies' cells too), measures again; writes `out`.
 */
export async function runScale({ scale, out, log, print }) {
  log('starting the built server on a fresh embedded PostgreSQL with the seed, its forecast from a stand-in of Open-Meteo');
  // A sea that differs by place and day, so the outlooks are a mix of Good, Fair and Poor (bench/lib/forecast.mjs).
  const standIn = await startForecastStandIn({ varied: true });
  const server = await startServer({ env: standIn.env });
  const base = server.url;
  const results = {
    scale,
    startedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
  };
  const db = new pg.Client({ connectionString: databaseUrl(server.dataDir) });
  await db.connect();
  try {
    log(`scale: each page rendered ${RUNS} times with the page cache bypassed at 1x, then the content grown ${scale}-fold`);
    const { cookie } = await signIn(base);
    const refresh = () => refreshForecast({ base, cookie, db, standIn, countRows: true, timeoutMs: 300_000 });
    results.refreshBefore = await refresh();
    log(`forecast refresh at 1x: ${refreshLine(results.refreshBefore)}`);
    const pages = await scalePages(base);
    await checkConditionsShown(base, pages);
    results.before = await measurePages(base, pages, cookie);
    results.adminBefore = await measureAdminScreens(base, cookie);
    results.rssBeforeMb = rssMb(server.pid);
    const started = Date.now();
    results.grown = await growContent(server.dataDir, scale, log);
    log(`grown in ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(results.grown)}`);
    // The copies sit near their originals, some in cells no seeded site is in: stored too, as the schedule would.
    results.refreshAfter = await refresh();
    log(`forecast refresh at ${scale}x: ${refreshLine(results.refreshAfter)}`);
    await checkConditionsShown(base, pages);
    results.after = await measurePages(base, pages, cookie);
    results.adminAfter = await measureAdminScreens(base, cookie);
    results.rssAfterMb = rssMb(server.pid);
    results.loadAverage = loadavg();
    print(
      `Scale ${scale}x (median of ${RUNS} renders, page cache bypassed; targets: pages within 1.5x of 1x and under 100 KB of HTML, API answers under 100 KB gzip, map <= 60 KB gzip)`,
      compare(results.before, results.after, scale),
    );
    print(
      `Forecast refresh of every site (issue 46: bounded by grid cells, not sites)`,
      [
        ['1x', results.refreshBefore],
        [`${scale}x`, results.refreshAfter],
      ].map(([size, refresh]) => ({
        size,
        'grid cells': refresh.cells,
        'locations asked': refresh.locationsAsked,
        'provider requests': refresh.providerRequests,
        jobs: refresh.jobs,
        seconds: refresh.seconds,
        'rows written': refresh.rowsWrittenTotal,
      })),
    );
    print(
      `Admin screens: time to first use in Chromium, ms (first visit, then again); target 1,500 ms at ${scale}x`,
      results.adminBefore.map((one, index) => ({
        screen: one.name,
        path: one.path,
        '1x ms': one.firstMs,
        '1x again ms': one.againMs,
        [`${scale}x ms`]: results.adminAfter[index].firstMs,
        [`${scale}x again ms`]: results.adminAfter[index].againMs,
      })),
    );
    log(`server RSS: ${results.rssBeforeMb} MB at 1x, ${results.rssAfterMb} MB after the ${scale}x run (target under 400 MB)`);
    log(`load average during the run: ${results.loadAverage.map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  } finally {
    results.finishedAt = new Date().toISOString();
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(results, null, 2));
    await db.end();
    await server.stop();
    await standIn.close();
    log(`wrote ${out}`);
  }
}
