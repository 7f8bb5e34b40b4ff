import request from 'supertest';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
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

  it('are not read again for a rating, which changes neither', async () => {
    const [site] = await sites().find({ order: { id: 'ASC' }, take: 1 });
    const at = await revision();
    await request(t.baseUrl).post(`/api/dive-sites/${site.id}/ratings`).set('X-Forwarded-For', '198.51.100.31').send({ rating: 4 }).expect(201);
    expect(await revision()).toBe(at);
    // A change of a column the search does not read (a photo) leaves it too.
    await sites().update(site.id, { imageUrl: '/media/scene-wreck.svg' });
    expect(await revision()).toBe(at);
    await sites().update(site.id, { name: `${site.name}` });
    expect(await revision()).not.toBe(at);
  });
});
