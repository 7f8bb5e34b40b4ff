// The scale part of the bench (`npm run bench -- --scale 10`): each page rendered with the page cache
// bypassed at the seed's size, then the content grown N-fold through the admin API (the calls the admin
// screens make: POST /api/dive-sites, /api/articles, /api/reviews), then rendered again. Prints render
// time (median of the runs) and bytes (raw and gzip) per page at 1x and Nx, and each ratio.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_PASSWORD, startServer } from './server.mjs';

const RUNS = 15;
// Enough renders first that the 1x figures are not those of a cold process (JIT, connection pool, caches of PostgreSQL).
const WARMUP = 10;
const CONCURRENCY = 4;
/**
 * Articles and reviews each grow to this many times the factor (1,000 at 10x, the size the issue measured):
 * the seed's 10 articles times ten would be fewer than 9 pages of /blog.
 */
const POSTS_PER_FACTOR = 100;

async function signIn(base) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    async call(method, path, body) {
      const answer = await fetch(base + path, {
        method,
        headers: {
          cookie,
          origin: base,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return answer.status === 204 ? null : answer.json();
    },
  };
}

/** Runs `count` calls of `make(i)` with a few in flight at once. */
async function inParallel(count, make) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await make(next++);
    }),
  );
}

/** Grows the seed's sites to `factor` times their number, and articles and reviews to POSTS_PER_FACTOR times it, by copying them with new names. */
export async function growContent(base, factor, log) {
  const admin = await signIn(base);
  const [sites, articles, reviews] = await Promise.all([
    admin.call('GET', '/api/dive-sites'),
    admin.call('GET', '/api/articles?admin=true'),
    admin.call('GET', '/api/reviews?admin=true'),
  ]);
  const day = 86_400_000;
  log(
    `growing ${sites.length} sites to ${sites.length * factor}, ${articles.length} articles and ${reviews.length} reviews to ${POSTS_PER_FACTOR * factor} each, through the admin API`,
  );
  await inParallel(sites.length * (factor - 1), async (i) => {
    const site = sites[i % sites.length];
    const copy = Math.floor(i / sites.length) + 2;
    // Nearby, so the copies cluster with their original as real neighbouring sites would.
    const jitter = (value, step) => Number((Number(value) + (((i * 7919) % 200) - 100) * step).toFixed(6));
    // A name of its own, which neither contains the original's nor appears in its text: a site's page lists
    // the sites whose text mentions its name, and real sites are not named after one another.
    const name = `Copy ${copy} of site ${site.id}`;
    await admin.call('POST', '/api/dive-sites', {
      name,
      region: site.region,
      latitude: Math.max(-89, Math.min(89, jitter(site.latitude, 0.0009))),
      longitude: ((jitter(site.longitude, 0.0011) + 540) % 360) - 180,
      description: site.description.replace(new RegExp(site.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), name),
      skillLevel: site.skillLevel,
      depthRange: site.depthRange,
      waterTemp: site.waterTemp,
      visibility: site.visibility,
      bestTime: site.bestTime,
      marineLife: site.marineLife,
      hazards: site.hazards,
      facilities: site.facilities,
    });
  });
  const post = (kind, item, i, extra) =>
    admin.call('POST', `/api/${kind}`, {
      title: `${item.title} (${i + 2})`.slice(0, 200),
      slug: `${item.slug}-${i + 2}`.slice(0, 200),
      excerpt: item.excerpt,
      content: item.content,
      category: item.category,
      imageUrl: item.imageUrl,
      author: item.author,
      published: true,
      // Spread over the last years, so the new items interleave with the seed's in every list.
      publishedAt: new Date(Date.now() - ((i * 104_729) % 1500) * day).toISOString(),
      ...extra,
    });
  await inParallel(POSTS_PER_FACTOR * factor - articles.length, (i) => post('articles', articles[i % articles.length], i, {}));
  await inParallel(POSTS_PER_FACTOR * factor - reviews.length, (i) => {
    const review = reviews[i % reviews.length];
    return post('reviews', review, i, {
      price: review.price,
      purchaseLink: review.purchaseLink,
      rating: review.rating,
    });
  });
  const counts = await Promise.all(['/api/dive-sites/map', '/api/articles', '/api/reviews/published'].map((path) => admin.call('GET', path)));
  return {
    sites: counts[0].sites.length,
    articles: counts[1].length,
    reviews: counts[2].length,
  };
}

/** The pages of the scale table, found on the running server. */
export async function scalePages(base) {
  const get = async (path) => (await fetch(base + path)).json();
  const [[article], [review], [site]] = await Promise.all([
    get('/api/articles?limit=1'),
    get('/api/reviews/published?limit=1'),
    get('/api/dive-sites?limit=1'),
  ]);
  return [
    ['home', '/'],
    ['blog', '/blog'],
    ['blog page 2', '/blog?page=2'],
    ['article', `/blog/${article.slug}`],
    ['gear reviews', '/gear-reviews'],
    ['review', `/gear-reviews/${review.slug}`],
    ['dive sites', '/dive-sites'],
    ['dive site', `/dive-sites/${site.id}`],
    ['rss', '/rss.xml'],
    ['sitemap', '/sitemap.xml'],
    ['map payload', '/api/dive-sites/map'],
  ];
}

/** Each page rendered RUNS times with the page cache bypassed: median and best time, queries, bytes. */
export async function measurePages(base, pages) {
  const rows = [];
  for (const [name, path] of pages) {
    const times = [];
    let body = Buffer.alloc(0);
    let status = 0;
    let queries = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = process.hrtime.bigint();
      const response = await fetch(base + path, {
        headers: { 'X-Page-Cache': 'bypass' },
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

/** Starts a server on a fresh database, measures at 1x, grows the content, measures again; writes `out`. */
export async function runScale({ scale, out, log, print }) {
  log('starting the built server on a fresh embedded PostgreSQL with the seed');
  const server = await startServer();
  const base = server.url;
  const results = {
    scale,
    startedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
  };
  try {
    log(`scale: each page rendered ${RUNS} times with the page cache bypassed at 1x, then the content grown ${scale}-fold`);
    const pages = await scalePages(base);
    results.before = await measurePages(base, pages);
    const started = Date.now();
    results.grown = await growContent(base, scale, log);
    log(
      `grown in ${Math.round((Date.now() - started) / 1000)} s: ${results.grown.sites} sites, ${results.grown.articles} articles, ${results.grown.reviews} reviews`,
    );
    results.after = await measurePages(base, pages);
    results.loadAverage = loadavg();
    print(
      `Scale ${scale}x (median of ${RUNS} renders, page cache bypassed; targets: fixed-size pages within 1.5x of 1x, /blog under 60 KB, map payload <= 120 KB gzip)`,
      compare(results.before, results.after, scale),
    );
    log(`load average during the run: ${results.loadAverage.map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  } finally {
    results.finishedAt = new Date().toISOString();
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(results, null, 2));
    await server.stop();
    log(`wrote ${out}`);
  }
}
