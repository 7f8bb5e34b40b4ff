import request from 'supertest';
import { DEFAULT_FILTERS } from 'core/dive-sites/filters';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { startTestApp, type TestApp } from '../support/test-app';

// The site text search and the region counts are kept per process under the revision of the sites' text
// (migrations/1798100000000-DiveSiteRevision.ts): every way a site's text or region can change moves it,
// so no answer is ever an old one; a rating, which changes neither, leaves it (and the kept answers) alone.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

const searchIds = async (term: string): Promise<number[]> =>
  (
    await request(t.baseUrl)
      .get(`/api/dive-sites/search/ids?q=${encodeURIComponent(term)}`)
      .expect(200)
  ).body;
const regionCount = async (region: string): Promise<number | undefined> =>
  ((await request(t.baseUrl).get('/api/dive-sites/regions').expect(200)).body as { region: string; count: number }[]).find((row) => row.region === region)
    ?.count;
const revision = async (): Promise<string> => (await t.dataSource.query('SELECT revision FROM dive_site_revision'))[0].revision;
const ratingsRevision = async (): Promise<string> => (await t.dataSource.query('SELECT ratings FROM dive_site_revision'))[0].ratings;
/** The first cards of 'Top rated', as the page reads them. */
const topRated = async (): Promise<number[]> =>
  (await t.app.get(DiveSitesService).explorerPage(DEFAULT_FILTERS, 24, null, 'top-rated')).sites.map((site) => site.id);
/** The same, ordered again by SQL here: the best Bayesian average first (PRIOR_WEIGHT 5 towards the mean of every rating). */
const topRatedNow = async (): Promise<number[]> =>
  (
    (await t.dataSource.query(
      `SELECT id FROM dive_sites site ORDER BY site."ratingCount" = 0,
         (5 * (SELECT coalesce(sum("ratingSum")::float8 / nullif(sum("ratingCount"), 0), 0) FROM dive_sites) + site."ratingSum") / (5 + site."ratingCount") DESC,
         site."ratingCount" DESC, site.name COLLATE "und-x-icu", site.id LIMIT 24`,
    )) as { id: number }[]
  ).map((row) => row.id);
const sites = () => t.dataSource.getRepository(DiveSite);

describe('the kept site searches and region counts', () => {
  it('find a site as soon as its text changes, by the service or by SQL, and lose it as soon as it changes back', async () => {
    const [first, second] = await sites().find({ order: { id: 'ASC' }, take: 2 });
    expect(await searchIds('Blue-ringed octopus nursery')).toEqual([]);

    // As the admin API saves a site (TypeORM's UPDATE of the changed columns).
    await sites().update(first.id, { description: `${first.description} A Blue-ringed octopus nursery sits under the ledge.` });
    expect(await searchIds('Blue-ringed octopus nursery')).toEqual([first.id]);

    // As an operator would, by hand, and the marine life field this time.
    await t.dataSource.query(`UPDATE dive_sites SET "marineLife" = coalesce("marineLife", '') || ', blue-ringed octopus nursery' WHERE id = $1`, [second.id]);
    expect((await searchIds('Blue-ringed octopus nursery')).sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));

    await sites().update(first.id, { description: first.description });
    expect(await searchIds('Blue-ringed octopus nursery')).toEqual([second.id]);
  });

  it('count a region again when a site is added or moved, whoever writes it', async () => {
    const before = (await regionCount('Tasmania'))!;
    await t.dataSource.query(
      `INSERT INTO dive_sites (name, region, latitude, longitude, "waterTemp", "skillLevel", "depthRange", description)
       VALUES ('Revision Test Reef', 'Tasmania', -43.1, 147.9, '12-17°C', 'Beginner', '5-12m', 'A site added by SQL.')`,
    );
    expect(await regionCount('Tasmania')).toBe(before + 1);
    expect(await searchIds('Revision Test Reef')).toHaveLength(1);

    await t.dataSource.query(`UPDATE dive_sites SET region = 'Victoria' WHERE name = 'Revision Test Reef'`);
    expect(await regionCount('Tasmania')).toBe(before);
    await t.dataSource.query(`DELETE FROM dive_sites WHERE name = 'Revision Test Reef'`);
    expect(await searchIds('Revision Test Reef')).toEqual([]);
  });

  it("order 'Top rated' again as soon as a rating moves a site, and not before", async () => {
    const before = await topRated();
    expect(before).toEqual(await topRatedNow());
    expect(await topRated()).toEqual(before);
    // Ten five-star ratings of a site outside the first cards, in one statement (the ratings' triggers
    // keep the site's totals, as for a rating posted).
    const [outsider] = await sites().find({ where: { ratingCount: 0 }, order: { id: 'DESC' }, take: 1 });
    await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating) SELECT $1, 5 FROM generate_series(1, 10)`, [outsider.id]);
    const after = await topRated();
    expect(after).toEqual(await topRatedNow());
    expect(after).toContain(outsider.id);
    expect(before).not.toContain(outsider.id);
  });

  it('are not searched again for a rating, which changes no text', async () => {
    const [site] = await sites().find({ order: { id: 'ASC' }, take: 1 });
    const [at, ratingsAt] = [await revision(), await ratingsRevision()];
    await request(t.baseUrl).post(`/api/dive-sites/${site.id}/ratings`).set('X-Forwarded-For', '198.51.100.31').send({ rating: 4 }).expect(201);
    expect(await revision()).toBe(at);
    expect(await ratingsRevision()).not.toBe(ratingsAt);
    // A change of a column the search does not read (a photo) leaves it too.
    await sites().update(site.id, { imageUrl: '/media/scene-wreck.svg' });
    expect(await revision()).toBe(at);
    // Nor does a statement that changes nothing: the same name set again, a site deleted that is not there.
    await sites().update(site.id, { name: site.name });
    await t.dataSource.query('DELETE FROM dive_sites WHERE id = -1');
    expect(await revision()).toBe(at);
    await sites().update(site.id, { name: `${site.name} (renamed)` });
    expect(await revision()).not.toBe(at);
    await sites().update(site.id, { name: site.name });
  });
});
