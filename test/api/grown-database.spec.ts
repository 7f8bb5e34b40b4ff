import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
// The bench's SQL growth (bench/lib/grow-sql.mjs), run on this file's own database.
import { growDatabase, scaleCounts, type ScaleCounts } from '../../bench/lib/grow-sql.mjs';
import { HUMAN_ORDER, NEARBY_BY_INDEX, NEARBY_INDEX, NEARBY_KM, NEARBY_LIMIT } from 'src/dive-sites/dive-site-sql';
import { matchingSiteIds, siteTextMatch } from 'src/dive-sites/dive-site-text';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from 'src/database/data-source-options';
import { Review } from 'src/reviews/review.entity';
import { newestWalk, SEARCHED_TEXT } from 'src/search/search.service';
import { USES_SQL } from 'src/images/media.service';
import type { ContentFile } from 'core/api/content-transfer';
import { MAP_LIST_MAX } from 'core/dive-sites/map-view';
import { CELL_DEGREES } from 'core/outlook/forecast';
import { DEFAULT_FORECAST_CLIENT_OPTIONS } from 'src/forecast/open-meteo.client';
import { grownTestDatabase, startBuiltServer, type BuiltServer } from '../support/built-server';
import { DEFAULT_STAND_IN_WEATHER, startForecastStandIn, type ForecastStandIn } from '../support/forecast-stand-in';

/**
 * Issue 31: nothing holds every row. The built server (npm test builds it first) runs as a child with a
 * small heap on a database grown by SQL to ten times the seed (2,470 sites, 1,000 articles and reviews,
 * 10,000 comments and subscribers, 100,000 ratings, 500 uploads). The home page, the sitemap, every
 * public list and every admin list answer, each list a bounded page with the whole list's size beside it,
 * and the process is still alive at the end. Before the fix, the sitemap (a document object of every URL),
 * GET /api/dive-sites (every site, whole) and the admin lists (every review with its body) each held every row.
 */
const FACTOR = 10;
/** Half the heap production gives it (npm run start:prod): a page of any list fits many times over, every row of every list does not. */
const HEAP_MB = 96;
const PASSWORD = 'grown-admin-password-0123';
/** The whole content file and the hundredfold growth take seconds alone, and far longer beside a full CI run's other tests. */
const HEAVY_TEST_MS = 180_000;

let server: ChildProcess;
let built: BuiltServer;
let base: string;
let cookie: string;
let counts: ScaleCounts;
let databaseUrl: string;
/** Issue 46: the marine forecast from a stand-in of Open-Meteo (a calm sea, so most sites' outlook is Good). */
let standIn: ForecastStandIn;

beforeAll(async () => {
  standIn = await startForecastStandIn();
  standIn.weather = { ...DEFAULT_STAND_IN_WEATHER, swellHeightM: 0.5, windKmh: 8, gustKmh: 12 };
  ({ databaseUrl, grown: counts } = await grownTestDatabase((client) => growDatabase(client, scaleCounts(FACTOR))));
  built = await startBuiltServer({
    databaseUrl,
    heapMb: HEAP_MB,
    env: {
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      FORECAST: 'on',
      FORECAST_MARINE_URL: standIn.marineUrl,
      FORECAST_WEATHER_URL: standIn.weatherUrl,
      // X-SQL-Queries on the answers asked with X-Page-Cache: bypass (the conditions pages' queries, below).
      BENCH_SQL_COUNT: '1',
    },
  });
  ({ base, process: server } = built);
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
  // before using the cookie, as the admin screen does.
  await login.text();
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 600_000);

afterAll(async () => {
  await built?.stop();
  await standIn?.close();
});

/** A GET as the administrator. */
async function get(path: string) {
  const response = await fetch(base + path, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, text: body.toString('utf8') };
}

const ADMIN_LISTS = [
  ['/api/articles?admin=true', 'articles'],
  ['/api/articles?admin=true&status=draft', null],
  ['/api/articles?admin=true&status=published', null],
  ['/api/reviews?admin=true', 'reviews'],
  ['/api/dive-sites', 'sites'],
  ['/api/admin/comments?filter=all', 'comments'],
  ['/api/admin/ratings', 'ratings'],
  ['/api/newsletter/subscribers', 'subscribers'],
  ['/api/admin/media', 'media'],
] as const;

describe('a database grown tenfold, served with a small heap', () => {
  it('grew every kind by SQL', () => {
    expect(counts).toEqual(expect.objectContaining({ sites: 2470, articles: 1000, reviews: 1000, comments: 10000, ratings: 100000, subscribers: 10000 }));
  });

  it.each(['/', '/blog', '/gear-reviews', '/dive-sites', '/sitemap.xml', '/rss.xml'])('serves %s', async (path) => {
    const { response } = await get(path);
    expect(response.status).toBe(200);
  });

  it.each(ADMIN_LISTS)('answers %s a page at a time, with the whole list counted', async (path, kind) => {
    const { response, text } = await get(path);
    expect(response.status).toBe(200);
    const rows = JSON.parse(text) as { id: number }[];
    const total = Number(response.headers.get('x-total-count'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThan(rows.length);
    if (kind) expect(total).toBe(counts[kind]);
    // The next page is named, and it holds other rows.
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const following = JSON.parse((await get(next!)).text) as { id: number }[];
    expect(following.length).toBeGreaterThan(0);
    expect(following.map((row) => row.id)).not.toContain(rows[0].id);
  });

  it("sends 'Top rated' as a page of its first cards, under 100 KB, the order fetched apart", async () => {
    const [topRated, byName] = await Promise.all([get('/dive-sites?sort=top-rated'), get('/dive-sites')]);
    expect(topRated.response.status).toBe(200);
    expect(topRated.body.length).toBeLessThan(100_000);
    // No list of every site's id rides with the page: it weighs what the page by name does, give or take its cards.
    expect(topRated.body.length).toBeLessThan(byName.body.length + 5_000);
    const order = JSON.parse((await get('/api/dive-sites/top-rated/ids')).text) as number[];
    expect(new Set(order).size).toBe(counts.sites);
    const firstCard = /href="\/dive-sites\/(\d+)"/.exec(topRated.text.slice(topRated.text.indexOf('site-explorer')))?.[1];
    expect(Number(firstCard)).toBe(order[0]);
  });

  it('finds a subscriber and a site by a server-side search', async () => {
    const subscribers = await get('/api/newsletter/subscribers?q=reader1234@');
    expect(JSON.parse(subscribers.text)).toEqual([expect.objectContaining({ email: 'reader1234@example.com' })]);
    const sites = await get(`/api/dive-sites?q=${encodeURIComponent('Copy 2001 of site')}`);
    expect((JSON.parse(sites.text) as { name: string }[]).map((site) => site.name)).toEqual([expect.stringMatching(/^Copy 2001 of site \d+$/)]);
  });

  it('lists every site, article and review in the sitemap', async () => {
    const { text } = await get('/sitemap.xml');
    const urls = (text.match(/<loc>/g) ?? []).length;
    expect(urls).toBeGreaterThan(counts.sites);
  });

  it("keeps each site's rating totals equal to its ratings, through a bulk insert and a moderator's delete", async () => {
    const [rating] = JSON.parse((await get('/api/admin/ratings?limit=1')).text) as { id: number; site: { id: number } }[];
    const deleted = await fetch(`${base}/api/admin/ratings/${rating.id}`, { method: 'DELETE', headers: { cookie, origin: base } });
    expect(deleted.status).toBe(204);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT count(*)::int AS wrong FROM dive_sites site
        LEFT JOIN (SELECT "diveSiteId", count(*)::int AS n, sum(rating)::int AS stars FROM dive_site_ratings GROUP BY "diveSiteId") r ON r."diveSiteId" = site.id
        WHERE site."ratingCount" <> coalesce(r.n, 0) OR site."ratingSum" <> coalesce(r.stars, 0)`);
      expect(rows[0].wrong).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('is still running, its heap within the limit', () => {
    expect(server.exitCode).toBeNull();
    expect(built.output()).not.toMatch(/heap out of memory|FATAL ERROR/);
  });
});

/** The plan PostgreSQL chooses for `sql` on the grown tables (as they are: analysed after the growth, no planner setting changed). */
async function plan(sql: string, parameters: unknown[] = []): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, parameters);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

describe('the grown tables are read through their indexes', () => {
  it("finds a site's nearest neighbours from the spatial index, the k nearest in its order", async () => {
    const explained = await plan(NEARBY_BY_INDEX, [1, NEARBY_KM, NEARBY_LIMIT]);
    expect(explained).toContain(`Index Scan using "${NEARBY_INDEX}"`);
    expect(explained).toMatch(/Order By: .*<->/);
    expect(explained).not.toContain('Seq Scan on dive_sites');
  });

  it("reads a page of a common term's sites in the name index's order, not a sort of every match", async () => {
    const site = siteTextMatch('reef')[0]
      .replace(':like', '$1')
      .replace(/site\.(\w+)/g, (_, column: string) => `site."${column}"`);
    const explained = await plan(`SELECT site.id FROM dive_sites site WHERE ${site} ORDER BY site.name ${HUMAN_ORDER}, site.id LIMIT 100`, ['%reef%']);
    expect(explained).toContain('IDX_dive_sites_name_order');
    expect(explained).not.toContain('Sort');
  });

  it("reads a region's first cards in the lists' order, and its sites' box, from the region's index (issue 46)", async () => {
    const [{ region }] = await sql<{ region: string }>(`SELECT region FROM dive_sites GROUP BY region ORDER BY count(*) DESC LIMIT 1`);
    // DiveSitesService.explorerPage's page of a region and DiveSiteMapService's box of it, as TypeORM writes them.
    const cards = await plan(`SELECT site.* FROM dive_sites site WHERE site.region = $1 ORDER BY site.name ${HUMAN_ORDER} ASC, site.id ASC LIMIT 24`, [region]);
    expect(cards).toContain('Index Scan using "IDX_dive_sites_region_order"');
    expect(cards).not.toContain('Sort');
    const box = await plan(
      `SELECT AVG(site.latitude)::float8, AVG(CASE WHEN site.longitude < -30 THEN site.longitude + 360 ELSE site.longitude END)::float8,
        MIN(site.latitude)::float8, MAX(site.latitude)::float8 FROM dive_sites site WHERE site.region = $1`,
      [region],
    );
    expect(box).toContain('Index Only Scan using "IDX_dive_sites_region_order"');
  });

  it('counts the visible published articles and reviews (the lists’ X-Total-Count) from an index alone (issue 46)', async () => {
    for (const table of ['articles', 'reviews']) {
      // ArticlesService's and ReviewsService's count of a public list, as TypeORM writes it.
      const explained = await plan(
        `SELECT COUNT(1) AS "cnt" FROM "${table}" "post" WHERE "post"."published" = true AND COALESCE("post"."publishedAt", "post"."createdAt") <= $1`,
        [new Date()],
      );
      expect([table, explained]).toEqual([table, expect.stringContaining(`Index Only Scan using "IDX_${table}_published_times"`)]);
    }
  });

  it("finds where a page of uploads is used from the rows that mention an upload, not every post's text", async () => {
    const explained = await plan(USES_SQL, [[1, 2, 3]]);
    for (const table of ['articles', 'reviews', 'dive_sites'])
      expect([table, explained]).toEqual([table, expect.stringContaining(`IDX_${table}_upload_mentions`)]);
    expect(explained).not.toMatch(/Seq Scan on (articles|reviews|dive_sites)/);
  });

  it("groups the world's sites into the map's clusters from the positions' index, not every site's row", async () => {
    // DiveSiteMapService.view's grid at zoom 3 over the world (GET /api/dive-sites/map past MAP_LIST_MAX), as TypeORM writes it.
    const explained = await plan(
      `SELECT COUNT(*)::int, AVG(site.latitude)::float8, AVG(site.longitude)::float8, MIN(site.id) FROM dive_sites site
       WHERE site.latitude BETWEEN -90 AND 90 AND site.longitude BETWEEN -180 AND 180
       GROUP BY floor(site.latitude / 10.54688), floor(site.longitude / 10.54688)`,
    );
    expect(explained).toContain('Index Only Scan using "IDX_dive_sites_position"');
    expect(explained).not.toContain('Seq Scan on dive_sites');
  });

  it("finds an article's site video and /gear-reviews' featured site from partial indexes, not by reading every site", async () => {
    // The conditions of DiveSiteArticlesService.videoForArticle and randomFeaturedWithArticle, as TypeORM writes them.
    const video = await plan(
      `SELECT site.name FROM dive_sites site WHERE site."videoUrl" IS NOT NULL AND (site."reviewLink" = $1 OR site."blogSlug" = $2) ORDER BY site.id LIMIT 1`,
      ['/blog/julian-rocks', 'julian-rocks'],
    );
    expect(video).toContain('IDX_dive_sites_video_blog_slug');
    expect(video).toContain('IDX_dive_sites_video_review_link');
    const hero = await plan(`SELECT site.id FROM dive_sites site WHERE site.featured = true AND site."blogSlug" IS NOT NULL ORDER BY RANDOM() LIMIT 1`);
    expect(hero).toContain('IDX_dive_sites_featured_article');
    for (const explained of [video, hero]) expect(explained).not.toContain('Seq Scan on dive_sites');
  });

  it("finds the sites linking to an article ('Read next' of the same site) from partial indexes, not by reading every site", async () => {
    // DiveSiteArticlesService.articlesLinkedWith's condition, as TypeORM writes it.
    const explained = await plan(
      `SELECT site."blogSlug", site."reviewLink" FROM dive_sites site WHERE site."reviewLink" = $1 OR site."blogSlug" = $2 ORDER BY site.id LIMIT 20`,
      ['/blog/julian-rocks', 'julian-rocks'],
    );
    expect(explained).toContain('IDX_dive_sites_blog_slug');
    expect(explained).toContain('IDX_dive_sites_review_link');
    expect(explained).not.toContain('Seq Scan on dive_sites');
  });
});

describe('the exports of a grown database, written as they are read', () => {
  it(
    'downloads the whole content file, every row of every kind, and the server lives',
    async () => {
      const { response, text } = await get('/api/admin/export');
      expect(response.status).toBe(200);
      const { content } = JSON.parse(text) as ContentFile;
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM articles) AS articles, (SELECT count(*)::int FROM reviews) AS reviews,
                (SELECT count(*)::int FROM dive_sites) AS "diveSites", (SELECT count(*)::int FROM comments) AS comments,
                (SELECT count(*)::int FROM dive_site_ratings) AS ratings, (SELECT count(*)::int FROM newsletters) AS subscribers`,
        );
        const kinds = ['articles', 'reviews', 'diveSites', 'comments', 'ratings', 'subscribers'] as const;
        expect(Object.fromEntries(kinds.map((kind) => [kind, content[kind].length]))).toEqual(rows[0]);
      } finally {
        await client.end();
      }
      expect(server.exitCode).toBeNull();
    },
    HEAVY_TEST_MS,
  );

  it.each([
    ['csv', (text: string) => text.split('\r\n').filter(Boolean).length - 1],
    ['geojson', (text: string) => (JSON.parse(text) as { features: unknown[] }).features.length],
    ['gpx', (text: string) => (text.match(/<wpt /g) ?? []).length],
  ])('downloads every site as %s', async (format, sitesIn) => {
    const { response, text } = await get(`/api/dive-sites/export/${format}`);
    expect(response.status).toBe(200);
    expect(sitesIn(text)).toBe(counts.sites);
  });

  it('is still running after them, its heap within the limit', () => {
    expect(server.exitCode).toBeNull();
    expect(built.output()).not.toMatch(/heap out of memory|FATAL ERROR/);
  });
});

describe('the forgiving search of a grown database', () => {
  it("reads a misspelt place as the place, and the known words do not grow with the sites' copies", async () => {
    const dataSource = new DataSource(dataSourceOptions(databaseUrl));
    await dataSource.initialize();
    try {
      const rows = (await dataSource.query('SELECT id, name, region FROM dive_sites')) as { id: number; name: string; region: string }[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      const { ids, kind } = await matchingSiteIds(dataSource, 'sydny harbour', HUMAN_ORDER);
      expect(kind).toBe('corrected');
      expect(ids.map((id) => byId.get(id)!.name)).toEqual(expect.arrayContaining(['Camp Cove (Watsons Bay)']));
      expect(ids.filter((id) => !`${byId.get(id)!.name} ${byId.get(id)!.region}`.includes('Sydney'))).toEqual([]);
      // The copies repeat the seed's names, regions and marine life: the words known stay those of the seed and
      // a few of the copies' names ('copy', 'site'), so correcting a word costs the same at any size.
      const [{ words }] = (await dataSource.query('SELECT count(*)::int AS words FROM search_words')) as { words: number }[];
      const [{ seedWords }] = (await dataSource.query(
        `SELECT count(DISTINCT w)::int AS "seedWords"
         FROM dive_sites, regexp_split_to_table(lower(name || ' ' || region || ' ' || COALESCE("marineLife", '')), '[^[:alpha:]]+') w
         WHERE length(w) >= 3 AND name NOT LIKE 'Copy %'`,
      )) as { seedWords: number }[];
      expect(rows.length).toBeGreaterThan(2000);
      expect(words).toBeLessThan(seedWords + 500);
    } finally {
      await dataSource.destroy();
    }
  });
});

/** Runs `sql` on the grown database. */
async function sql<T>(text: string, parameters: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, parameters)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An operator's refresh of every site's forecast (the job queue's batches), waited for until every grid cell is stored. */
async function refreshForecast(): Promise<void> {
  const started = new Date();
  const response = await fetch(`${base}/api/admin/forecast/refresh`, { method: 'POST', headers: { cookie, origin: base } });
  expect(response.status).toBe(202);
  await response.text();
  for (const deadline = Date.now() + 150_000; ;) {
    const [row] = await sql<{ cells: number; stored: number }>(
      'SELECT count(*)::int AS cells, count(*) FILTER (WHERE fetched_at >= $1)::int AS stored FROM forecast_cells',
      [started],
    );
    if (row.cells > 0 && row.stored === row.cells) return;
    if (Date.now() > deadline) throw new Error(`the forecast refresh stored ${row.stored} of ${row.cells} cells`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A page as a visitor gets it, rendered now (X-Page-Cache: bypass): its bytes and the SQL queries it issued. */
async function render(path: string): Promise<{ status: number; text: string; bytes: number; queries: number; total: number }> {
  const response = await fetch(base + path, { headers: { 'X-Page-Cache': 'bypass' } });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    text: body.toString('utf8'),
    bytes: body.length,
    queries: Number(response.headers.get('x-sql-queries')),
    total: Number(response.headers.get('x-total-count')),
  };
}

describe('the conditions pages of a grown database (issue 46)', () => {
  const OUTLOOK = 'outlook=good&day=saturday';
  let pages: [string, string][];
  let region: string;
  /** The provider's requests of the first refresh. */
  let asked: typeof standIn.requests;
  /** Each page's queries, rendered twice (the first fills the per-process outlooks kept under the sites' revision). */
  const queriesOf = async () => {
    const counts: Record<string, number> = {};
    for (const [name, path] of pages) {
      expect([name, (await render(path)).status]).toEqual([name, 200]);
      counts[name] = (await render(path)).queries;
    }
    return counts;
  };

  beforeAll(async () => {
    const before = standIn.requests.length;
    await refreshForecast();
    asked = standIn.requests.slice(before);
    const [site] = await sql<{ id: number; region: string }>(`SELECT id, region FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
    region = site.region;
    pages = [
      ['home', '/'],
      ['site page', `/dive-sites/${site.id}`],
      ['outlook filter', `/dive-sites?${OUTLOOK}`],
      ['region page', `/dive-sites?region=${encodeURIComponent(site.region)}`],
      ['outlook answer', `/api/dive-sites?${OUTLOOK}`],
    ];
  }, 200_000);

  it('asks the provider once per grid cell, however many sites share it', async () => {
    const [{ sites, cells, seedCells }] = await sql<{ sites: number; cells: number; seedCells: number }>(
      `SELECT count(*)::int AS sites, count(DISTINCT (floor(latitude / $1), floor(longitude / $1)))::int AS cells,
        count(DISTINCT (floor(latitude / $1), floor(longitude / $1))) FILTER (WHERE name NOT LIKE 'Copy %')::int AS "seedCells" FROM dive_sites`,
      [CELL_DEGREES],
    );
    const marine = asked.filter((request) => request.api === 'marine');
    expect(marine.reduce((sum, request) => sum + request.locations, 0)).toBe(cells);
    expect(marine).toHaveLength(Math.ceil(cells / DEFAULT_FORECAST_CLIENT_OPTIONS.cellsPerRequest));
    // The copies sit within a tenth of a degree of their originals: in their cells or a neighbour's.
    expect(cells).toBeLessThanOrEqual(seedCells * 4);
    expect(cells).toBeLessThan(sites / 2);
  });

  it(
    'renders the pages showing outlooks with as many queries after the sites grow past the map list as before',
    async () => {
      const before = await queriesOf();
      const [{ count }] = await sql<{ count: number }>('SELECT count(*)::int AS count FROM dive_sites');
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await growDatabase(client, { sites: Math.max(count, MAP_LIST_MAX) + counts.sites / FACTOR });
      } finally {
        await client.end();
      }
      await refreshForecast();
      expect(await queriesOf()).toEqual(before);
    },
    HEAVY_TEST_MS,
  );

  it("sends the outlook filter's page without every match's id once the map asks by view, and counts its matches right", async () => {
    const [{ sites }] = await sql<{ sites: number }>('SELECT count(*)::int AS sites FROM dive_sites');
    expect(sites).toBeGreaterThan(MAP_LIST_MAX);
    const { ids } = JSON.parse((await render(`/api/dive-sites/map/matches?${OUTLOOK}`)).text) as { ids: number[] };
    // Most of the grown sites have a Good Saturday in the calm sea.
    expect(ids.length).toBeGreaterThan(MAP_LIST_MAX / 2);
    const [filtered, byName] = await Promise.all([render(`/dive-sites?${OUTLOOK}`), render('/dive-sites')]);
    expect(filtered.text).toContain('data-testid="site-outlook"');
    expect(filtered.bytes).toBeLessThan(byName.bytes + 5_000);
    expect((await render(`/api/dive-sites?${OUTLOOK}`)).total).toBe(ids.length);
    // With a region besides, the count is the region's matches.
    const inRegion = await sql<{ id: number }>('SELECT id FROM dive_sites WHERE region = $1 AND id = ANY($2)', [region, ids]);
    expect(inRegion.length).toBeGreaterThan(0);
    expect((await render(`/api/dive-sites?${OUTLOOK}&region=${encodeURIComponent(region)}`)).total).toBe(inRegion.length);
  });

  it("lists the outlook's matches by name a page at a time, each page the next by name", async () => {
    const { ids } = JSON.parse((await render(`/api/dive-sites/map/matches?${OUTLOOK}`)).text) as { ids: number[] };
    const pageOf = async (offset: number) =>
      (JSON.parse((await render(`/api/dive-sites?${OUTLOOK}&limit=50&offset=${offset}`)).text) as { id: number }[]).map((site) => site.id);
    // The map's matches are ordered by name in SQL: the list's pages are their slices.
    expect([...(await pageOf(0)), ...(await pageOf(50))]).toEqual(ids.slice(0, 100));
    expect(await pageOf(ids.length - 10)).toEqual(ids.slice(-10));
  });

  it("sends a region's page (its cards filled, its weekend block) and a common search's page under 100 KB, without every match's id", async () => {
    const regionPage = await render(`/dive-sites?region=${encodeURIComponent(region)}`);
    expect(regionPage.text).toContain('Where to dive this weekend');
    expect(regionPage.text.match(/data-testid="site-art"/g)?.length).toBe(24);
    expect(regionPage.bytes).toBeLessThan(100 * 1024);
    // Past the map's list size the island asks by view: the thousands of ids a common term finds are not sent.
    const [{ sites, matches }] = await sql<{ sites: number; matches: number }>(
      `SELECT count(*)::int AS sites, count(*) FILTER (WHERE name ILIKE '%copy%')::int AS matches FROM dive_sites`,
    );
    expect(sites).toBeGreaterThan(MAP_LIST_MAX);
    expect(matches).toBeGreaterThan(MAP_LIST_MAX / 2);
    const searched = await render('/dive-sites?search=copy');
    expect(searched.text).toContain('"initialMatches":null');
    expect(searched.bytes).toBeLessThan(100 * 1024);
  });
});

describe('the search of a grown database (last: it grows the posts further)', () => {
  it(
    'searches the text of sites, articles and reviews through their trigram indexes',
    async () => {
      // At ten times the seed an article's searched text (its content is not) fits in a few dozen pages, which
      // PostgreSQL rightly reads whole: articles and reviews grow to a hundredfold first, as the bench's.
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { articles, reviews } = scaleCounts(100);
        await growDatabase(client, { articles, reviews });
      } finally {
        await client.end();
      }
      // A term as rare as a diver's usually is: one copy's number.
      const like = '%(123)%';
      const site = siteTextMatch('Copy 1234 of site')[0]
        .replace(':like', '$1')
        .replace(/site\.(\w+)/g, (_, column: string) => `site."${column}"`);
      expect(await plan(`SELECT site.id FROM dive_sites site WHERE ${site}`, ['%Copy 1234 of site%'])).toContain('IDX_dive_sites_text');
      for (const [table, alias, index] of [
        ['articles', 'a', 'IDX_articles_search_text'],
        ['reviews', 'r', 'IDX_reviews_search_text'],
      ] as const) {
        const text = SEARCHED_TEXT[table === 'articles' ? 'article' : 'review'](alias).sql;
        const explained = await plan(`SELECT count(*) FROM ${table} ${alias} WHERE ${alias}.published AND ${text} ILIKE $1`, [like]);
        expect([table, explained]).toEqual([table, expect.stringContaining(index)]);
      }
    },
    HEAVY_TEST_MS,
  );

  it("finds the newest posts holding a common term by walking the newest-first index, not every match (/search's 'more than 100')", async () => {
    const dataSource = new DataSource(dataSourceOptions(databaseUrl));
    await dataSource.initialize();
    try {
      const walk = newestWalk(
        dataSource,
        dataSource.getRepository(Review),
        'r',
        (query) => query.andWhere(`${SEARCHED_TEXT.review('r').sql} ILIKE :like`, { like: '%wreck%' }),
        new Date(),
      );
      const [sql, parameters] = walk.getQueryAndParameters();
      const explained = await plan(sql, parameters);
      expect(explained).toContain('IDX_reviews_published_newest');
      expect(explained).not.toContain('IDX_reviews_search_text');
      // The walk answers: the grown reviews are copies of the seed's, which speak of wrecks.
      expect(await walk.getRawMany()).toHaveLength(3);
    } finally {
      await dataSource.destroy();
    }
  });
});
