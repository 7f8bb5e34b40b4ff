// Grows a seeded database with SQL alone (generate_series), fast enough for a hundredfold: the scale part of
// the bench (`npm run bench -- --scale 100`) and the test of a grown database (test/api/grown-database.spec.ts)
// both run these statements. Each kind grows to a total by copying the seed's rows with new names, so the
// copies read like real content (the seed's words, lengths and categories) but never repeat a slug, a name
// or an email address.

/** The totals of each kind at `factor` times the seed (the hundredfold: 24,700 sites, 10,000 articles, ...). */
export function scaleCounts(factor) {
  return {
    sites: 247 * factor,
    articles: 100 * factor,
    reviews: 100 * factor,
    comments: 1_000 * factor,
    ratings: 10_000 * factor,
    subscribers: 1_000 * factor,
    media: 50 * factor,
  };
}

// The smallest PNG (1x1, transparent): the media rows' bytes, so a grown media list is rows, not megabytes.
const PIXEL = '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082';

/** Copies of the seed's rows numbered from its count + 1 up to `total` (none when it already has as many). */
const series = (table, total) => `generate_series((SELECT count(*) FROM "${table}") + 1, ${Math.floor(total)}) AS g(n)`;

/**
 * The number of rows as one value computed before the join (an init plan), so the join is a hash join on the
 * copy's number: a count taken from the joined rows themselves would make it a nested loop of every pair.
 */
const count = (table, where = '') => `(SELECT count(*) FROM "${table}" ${where})`;

/** The statements that grow each kind to its total in `counts` (kinds left out stay as they are). */
export function growthStatements(counts) {
  const statements = [];
  if (counts.sites) {
    statements.push(`
      WITH seed AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM "dive_sites")
      INSERT INTO "dive_sites" ("name", "latitude", "longitude", "waterTemp", "skillLevel", "depthRange", "description", "region",
        "visibility", "bestTime", "marineLife", "hazards", "facilities", "imageUrl", "featured",
        "kind", "access", "swellExposure", "onshoreWinds")
      SELECT 'Copy ' || g.n || ' of site ' || s.id,
        -- Near the original, as real neighbouring sites are, and still on the globe.
        GREATEST(-89, LEAST(89, s."latitude" + ((g.n * 7919) % 200 - 100) * 0.0009)),
        ((s."longitude" + ((g.n * 104729) % 200 - 100) * 0.0011 + 540)::numeric % 360) - 180,
        s."waterTemp", s."skillLevel", s."depthRange", replace(s."description", s."name", 'Copy ' || g.n || ' of site ' || s.id), s."region",
        s."visibility", s."bestTime", s."marineLife", s."hazards", s."facilities", s."imageUrl", false,
        -- What the outlook rules read (issue 46), so a copy's outlook is judged as its original's is.
        s."kind", s."access", s."swellExposure", s."onshoreWinds"
      FROM ${series('dive_sites', counts.sites)} JOIN seed s ON s.k = g.n % ${count('dive_sites')}`);
  }
  for (const table of ['articles', 'reviews']) {
    const total = counts[table];
    if (!total) continue;
    const columns = table === 'reviews' ? ['price', 'purchaseLink', 'rating'] : ['videoUrl', 'videoThumbnail'];
    const own = columns.map((column) => `, "${column}"`).join('');
    const copied = columns.map((column) => `, s."${column}"`).join('');
    statements.push(`
      WITH seed AS (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM "${table}")
      INSERT INTO "${table}" ("title", "slug", "excerpt", "content", "category", "imageUrl", "author", "published", "publishedAt", "createdAt"${own})
      SELECT left(s."title" || ' (' || g.n || ')', 200), left(s."slug", 180) || '-' || g.n, s."excerpt", s."content", s."category", s."imageUrl", s."author",
        -- One in twenty a draft, as an editor's list would hold; the rest spread over the last four years.
        g.n % 20 <> 0, now() - ((g.n * 104729) % 1500) * interval '1 day', now() - ((g.n * 104729) % 1500) * interval '1 day'${copied}
      FROM ${series(table, total)} JOIN seed s ON s.k = g.n % ${count(table)}`);
  }
  if (counts.comments) {
    statements.push(`
      WITH a AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM "articles" WHERE "published")
      INSERT INTO "comments" ("articleId", "name", "email", "content", "approved", "createdAt")
      SELECT a.id, 'Reader ' || g.n, CASE WHEN g.n % 3 = 0 THEN 'reader' || g.n || '@example.com' END,
        'Comment ' || g.n || ': dived here last season, the visibility was as described and the current picked up after the slack.',
        g.n % 10 <> 0, now() - (g.n % 1000) * interval '1 hour'
      FROM ${series('comments', counts.comments)} JOIN a ON a.k = (g.n * 7919) % ${count('articles', 'WHERE "published"')}`);
  }
  if (counts.ratings) {
    statements.push(`
      WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM "dive_sites")
      INSERT INTO "dive_site_ratings" ("diveSiteId", "rating", "comment", "createdAt")
      SELECT s.id, 1 + (g.n * 31 + s.id) % 5, CASE WHEN g.n % 4 = 0 THEN 'Rating ' || g.n || ': worth the trip.' END, now() - (g.n % 5000) * interval '1 minute'
      FROM ${series('dive_site_ratings', counts.ratings)} JOIN s ON s.k = (g.n * 104729) % ${count('dive_sites')}`);
  }
  if (counts.subscribers) {
    statements.push(`
      INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "createdAt", "consentedAt")
      SELECT 'reader' || g.n || '@example.com', g.n % 7 <> 0, md5('unsubscribe ' || g.n) || md5('token ' || g.n), 'website',
        now() - (g.n % 2000) * interval '1 hour', now() - (g.n % 2000) * interval '1 hour'
      FROM ${series('newsletters', counts.subscribers)}`);
  }
  if (counts.media) {
    statements.push(`
      INSERT INTO "media" ("hash", "mimeType", "bytes", "width", "height", "size", "originalName")
      SELECT md5('media ' || g.n) || md5('bytes ' || g.n), 'image/png', decode('${PIXEL}', 'hex'), 1, 1, ${PIXEL.length / 2}, 'grown-' || g.n || '.png'
      FROM ${series('media', counts.media)}`);
  }
  // Fresh statistics and a vacuumed table, as autovacuum would have made them by the time a site had grown
  // this much: the visibility map (index-only scans) and the trigram indexes' pending lists merged (a GIN
  // index fed row by row keeps its new entries in a list the planner rightly counts as costly to read).
  statements.push('VACUUM ANALYZE');
  return statements;
}

/** Runs the growth on a connected `pg` client (one statement at a time); returns the row counts after it. */
export async function growDatabase(client, counts) {
  for (const statement of growthStatements(counts)) await client.query(statement);
  const { rows } = await client.query(`SELECT
    (SELECT count(*) FROM "dive_sites")::int AS sites, (SELECT count(*) FROM "articles")::int AS articles,
    (SELECT count(*) FROM "reviews")::int AS reviews, (SELECT count(*) FROM "comments")::int AS comments,
    (SELECT count(*) FROM "dive_site_ratings")::int AS ratings, (SELECT count(*) FROM "newsletters")::int AS subscribers,
    (SELECT count(*) FROM "media")::int AS media`);
  return rows[0];
}
