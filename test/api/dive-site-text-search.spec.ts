import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from 'src/database/data-source-options';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { siteTextMatch } from 'src/dive-sites/dive-site-text';
import { HUMAN_ORDER } from 'src/dive-sites/dive-site-sql';
import request from 'supertest';
import { DiveSiteTextIndex1795700000000 } from '../../migrations/1795700000000-DiveSiteTextIndex';
import { allPages } from '../support/all-pages';
import { appWithSites } from '../support/app-with-sites';
import { createTestDatabase } from '../support/test-app';

// SPEC section 5's text search: a case-insensitive substring of name, description, region or marine life,
// answered from the trigram index of the four fields joined (migrations/1795700000000-DiveSiteTextIndex.ts).
const suite = appWithSites();

const fieldByField = (term: string) =>
  suite.sites
    .filter((site) => [site.name, site.description, site.region, site.marineLife ?? ''].some((text) => text.toLowerCase().includes(term.toLowerCase())))
    .map((site) => site.id)
    .sort((a, b) => a - b);

// Every page of the answer (100 sites a page): 'SHARK' alone finds more.
const found = async (term: string) =>
  (await allPages<{ id: number }>(suite.t.baseUrl, `/api/dive-sites/search?q=${encodeURIComponent(term)}`)).map((site) => site.id).sort((a, b) => a - b);

/** SPEC section 5's substring step alone (a term it cannot find is then tried more tolerantly: search-finding.spec.ts). */
const substring = async (term: string) =>
  (
    await suite.t.dataSource
      .getRepository(DiveSite)
      .createQueryBuilder('site')
      .select('site.id')
      .where(...siteTextMatch(term))
      .getMany()
  )
    .map((site) => site.id)
    .sort((a, b) => a - b);

/** A new site named `name` (first by name when it starts with '0'), a copy of the first site otherwise, written by SQL. */
async function addSiteNamed(name: string): Promise<number> {
  const [{ id }] = (await suite.t.dataSource.query(
    `INSERT INTO dive_sites ("name", "latitude", "longitude", "waterTemp", "skillLevel", "depthRange", "description", "region", "visibility", "bestTime", "marineLife", "hazards", "facilities", "imageUrl", "featured")
     SELECT $1, "latitude", "longitude", "waterTemp", "skillLevel", "depthRange", "description", "region", "visibility", "bestTime", "marineLife", "hazards", "facilities", "imageUrl", false
     FROM dive_sites ORDER BY id LIMIT 1 RETURNING id`,
    [name],
  )) as { id: number }[];
  return id;
}

describe('the dive-site text search', () => {
  it('finds exactly the sites with the term in one of the four fields', async () => {
    const [first] = suite.sites;
    for (const term of [first.name, 'grey nurse', 'SHARK', first.region, 'manta', 'wreck', 'no such reef anywhere']) {
      await expect(found(term)).resolves.toEqual(fieldByField(term));
    }
    expect(fieldByField('grey nurse').length).toBeGreaterThan(1);
  });

  it('never matches a term across two fields, whatever the term holds', async () => {
    const site = suite.sites.find((candidate) => candidate.description.length > 10)!;
    // The end of the name and the start of the description, with a space or the separator between them.
    const across = `${site.name.slice(-4)} ${site.description.slice(0, 4)}`;
    await expect(substring(across)).resolves.toEqual(fieldByField(across));
    const withSeparator = `${site.name.slice(-4)}\u001f${site.description.slice(0, 4)}`;
    await expect(substring(withSeparator)).resolves.toEqual([]);
  });

  it('is answered by the trigram index, not by reading every site', async () => {
    const [sql, parameters] = suite.t.dataSource
      .getRepository(DiveSite)
      .createQueryBuilder('site')
      .select('site.id')
      .where(...siteTextMatch('Julian Rocks'))
      .getQueryAndParameters();
    // 244 sites are few enough for PostgreSQL to read them all; with reading them ruled out, the plan shows
    // whether the index can answer the search's own expression.
    const plan = await suite.t.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(`EXPLAIN ${sql}`, parameters)) as { 'QUERY PLAN': string }[];
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('IDX_dive_sites_text');
  });

  it('answers a page at a time in the lists’ order, its count and pages following the sites as they change', async () => {
    // The ids the search finds in the lists' order (by name, then id), read in SQL.
    const inOrder = async (term: string) =>
      (
        (await suite.t.dataSource.query(
          `SELECT site.id FROM dive_sites site WHERE ${siteTextMatch(term)[0]
            .replace(':like', '$1')
            .replace(/site\.(\w+)/g, (_, column: string) => `site."${column}"`)} ORDER BY site.name ${HUMAN_ORDER}, site.id`,
          [siteTextMatch(term)[1].like],
        )) as { id: number }[]
      ).map((row) => row.id);
    const answer = async (path: string) => {
      const response = await request(suite.t.baseUrl).get(path).expect(200);
      return { ids: (response.body as { id: number }[]).map((site) => site.id), total: Number(response.headers['x-total-count']) };
    };
    const pages = async (term: string) => {
      const q = encodeURIComponent(term);
      const [first, second] = await Promise.all([answer(`/api/dive-sites/search?q=${q}`), answer(`/api/dive-sites/search?q=${q}&offset=100&limit=100`)]);
      return { ids: [...first.ids, ...second.ids], totals: [first.total, second.total] };
    };
    // 'reef' finds more sites than a page holds.
    const before = await inOrder('reef');
    expect(before.length).toBeGreaterThan(100);
    await expect(pages('reef')).resolves.toEqual({ ids: before.slice(0, 200), totals: [before.length, before.length] });
    // A new site first by name: the next answer has it first, and counts it.
    const id = await addSiteNamed('0 Reef added by the search test');
    try {
      const added = await inOrder('reef');
      expect(added).toEqual([id, ...before]);
      await expect(pages('reef')).resolves.toEqual({ ids: added.slice(0, 200), totals: [added.length, added.length] });
    } finally {
      await suite.t.dataSource.query('DELETE FROM dive_sites WHERE id = $1', [id]);
    }
    await expect(pages('reef')).resolves.toEqual({ ids: before.slice(0, 200), totals: [before.length, before.length] });
    // Words found apart ('shark' and 'grey' in either order), ranked by the word steps: the answer is still by name.
    const words = await answer('/api/dive-sites/search?q=shark%20grey');
    expect(words.ids.length).toBeGreaterThan(0);
    const byName = (
      (await suite.t.dataSource.query(`SELECT id FROM dive_sites site WHERE id = ANY($1::int[]) ORDER BY site.name ${HUMAN_ORDER}, site.id`, [words.ids])) as {
        id: number;
      }[]
    ).map((row) => row.id);
    expect(words.ids).toEqual(byName);
  });
  it('gives the header search the sites the list finds, its first few and capped count following the sites as they change', async () => {
    const listed = async () => {
      const response = await request(suite.t.baseUrl).get('/api/dive-sites/search?q=reef&limit=3').expect(200);
      return { ids: (response.body as { id: number }[]).map((site) => site.id), total: Number(response.headers['x-total-count']) };
    };
    const searched = async () => {
      const response = await request(suite.t.baseUrl).get('/api/search?q=reef').set('X-Page-Cache', 'bypass').expect(200);
      const body = response.body as { results: { type: string; id: number }[]; counts: Record<string, number> };
      return { ids: body.results.filter((result) => result.type === 'dive-site').map((result) => result.id), total: body.counts['dive-site'] };
    };
    // 'reef' finds more sites than the count shows (101 reads '100+'): the first three by name, as the list's.
    const before = await listed();
    expect(before.total).toBeGreaterThan(101);
    await expect(searched()).resolves.toEqual({ ids: before.ids, total: 101 });
    const id = await addSiteNamed('0 Reef added by the header search test');
    try {
      await expect(searched()).resolves.toEqual({ ids: [id, ...before.ids.slice(0, 2)], total: 101 });
    } finally {
      await suite.t.dataSource.query('DELETE FROM dive_sites WHERE id = $1', [id]);
    }
    await expect(searched()).resolves.toEqual({ ids: before.ids, total: 101 });
  });
});

describe('a database where pg_trgm cannot be created', () => {
  it('still migrates, without the index, and the search finds the same sites', async () => {
    const dataSource = new DataSource(dataSourceOptions(await createTestDatabase()));
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    const role = `no_extensions_${randomBytes(4).toString('hex')}`;
    try {
      await runner.query('DROP INDEX "IDX_dive_sites_text"');
      // The global search's trigram indexes of articles and reviews (migration SearchTextIndexes) and of the
      // known words (migration SearchWords) go with the extension.
      await runner.query('DROP INDEX "IDX_articles_search_text", "IDX_reviews_search_text", "IDX_search_words_trgm"');
      await runner.query('DROP EXTENSION pg_trgm');
      // A role that owns the table but may not create extensions (no CREATE on the database), as on a
      // managed server that does not allow pg_trgm.
      await runner.query(`CREATE ROLE ${role}`);
      await runner.query(`ALTER TABLE dive_sites OWNER TO ${role}`);
      await runner.query(`SET ROLE ${role}`);
      await new DiveSiteTextIndex1795700000000().up(runner);
      await runner.query('RESET ROLE');
      await expect(runner.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'IDX_dive_sites_text'`)).resolves.toEqual([]);
      const rows = await dataSource
        .getRepository(DiveSite)
        .createQueryBuilder('site')
        .select('site.id')
        .where(...siteTextMatch('grey nurse'))
        .getMany();
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(fieldByField('grey nurse'));
    } finally {
      await runner.query('RESET ROLE');
      await runner.query('ALTER TABLE dive_sites OWNER TO CURRENT_USER');
      await runner.query(`DROP ROLE IF EXISTS ${role}`);
      await runner.release();
      await dataSource.destroy();
    }
  });
});
