import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { decodeMapPayload } from 'core/dive-sites/map-payload';
import { VIEW_SITES_MAX, type MapViewAnswer } from 'core/dive-sites/map-view';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const GRID = 'Test Grid';
const GRID_SITES = 700;

// A region of its own in the Southern Ocean, where the seed has no site: more sites than a view draws alone.
beforeAll(async () => {
  t = await startTestApp();
  await t.dataSource.getRepository(DiveSite).insert(
    Array.from({ length: GRID_SITES }, (_, i) => ({
      name: `Grid site ${i}`,
      latitude: (-60 + (i % 35) * 0.05).toFixed(5),
      longitude: (60 + Math.floor(i / 35) * 0.05).toFixed(5),
      waterTemp: '2-4°C',
      skillLevel: 'Advanced' as const,
      depthRange: '10-30m',
      description: 'A test site of the grid.',
      region: GRID,
    })),
  );
});

afterAll(() => t.close());

const view = async (query: Record<string, string>): Promise<MapViewAnswer> =>
  (await request(t.baseUrl).get('/api/dive-sites/map/view').query(query).expect(200)).body;

describe('GET /api/dive-sites/map/view', () => {
  it('answers a full view as clusters of a grid, with every site counted once and a few KB however many there are', async () => {
    const answer = await view({ bbox: '-180,-90,180,90', zoom: '3', region: GRID });
    expect(answer.total).toBe(GRID_SITES);
    expect(answer.cell).toBeGreaterThan(0);
    expect(answer.clusters.length).toBeGreaterThan(0);
    for (const [lat, lng, count] of answer.clusters) {
      expect(count).toBeGreaterThan(1);
      expect(lat).toBeGreaterThanOrEqual(-60);
      expect(lat).toBeLessThanOrEqual(-58);
      expect(lng).toBeGreaterThanOrEqual(60);
      expect(lng).toBeLessThanOrEqual(61);
    }
    const counted = answer.clusters.reduce((sum, [, , count]) => sum + count, 0) + answer.sites.length;
    expect(counted).toBe(GRID_SITES);
    expect(gzipSync(JSON.stringify(answer)).length).toBeLessThan(2_000);
  });

  it('answers the single sites once the view holds few enough, with what the map and its popup need', async () => {
    const answer = await view({ bbox: '59.99,-60.01,60.06,-59.94', zoom: '14', region: GRID });
    expect(answer.clusters).toEqual([]);
    expect(answer.total).toBeLessThanOrEqual(VIEW_SITES_MAX);
    const sites = decodeMapPayload(answer);
    expect(sites.map((site) => site.name).sort()).toEqual(['Grid site 0', 'Grid site 1', 'Grid site 35', 'Grid site 36']);
    expect(sites[0]).toMatchObject({ region: GRID, skillLevel: 'Advanced', depth: 'deep', featured: false });
  });

  it('answers the seed (SPEC 1x) as single sites for the whole world at the default zoom', async () => {
    const all = await t.dataSource.getRepository(DiveSite).count();
    const answer = await view({ bbox: '-180,-90,180,90', zoom: '3', region: 'all' });
    expect(answer.total).toBe(all);
    // Without the grid's region, every seed site comes alone.
    const seed = await view({ bbox: '90,-60,180,20', zoom: '3' });
    expect(seed.clusters).toEqual([]);
    expect(seed.sites.length).toBe(seed.total);
  });

  it('reads a box across the antimeridian (west above east): Fiji west of it and Tonga and Samoa east of it', async () => {
    const across = decodeMapPayload(await view({ bbox: '175,-25,-168,-10', zoom: '5' }));
    expect(across.some((site) => site.longitude > 175)).toBe(true);
    expect(across.some((site) => site.longitude < -170)).toBe(true);
    expect(across.every((site) => site.longitude >= 175 || site.longitude <= -168)).toBe(true);
    const expected = await t.dataSource
      .getRepository(DiveSite)
      .createQueryBuilder('site')
      .where('site.latitude BETWEEN -25 AND -10')
      .andWhere('(site.longitude >= 175 OR site.longitude <= -168)')
      .getCount();
    expect(across).toHaveLength(expected);
    // West of the antimeridian only: none of Tonga's east.
    const west = decodeMapPayload(await view({ bbox: '175,-25,180,-10', zoom: '5' }));
    expect(west.every((site) => site.longitude >= 175)).toBe(true);
    expect(west.length).toBeLessThan(across.length);
  });

  it('applies the filters of /dive-sites (search, skill)', async () => {
    const answer = decodeMapPayload(await view({ bbox: '-180,-90,180,90', zoom: '3', search: 'Yongala' }));
    expect(answer.map((site) => site.name)).toContain('SS Yongala');
    expect(answer.every((site) => site.name !== 'Grid site 0')).toBe(true);
    const beginners = decodeMapPayload(await view({ bbox: '90,-60,180,20', zoom: '3', skill: 'Beginner' }));
    expect(beginners.length).toBeGreaterThan(0);
    expect(beginners.every((site) => site.skillLevel === 'Beginner')).toBe(true);
  });

  it.each([
    [{ zoom: '3' }, 'bbox'],
    [{ bbox: '1,2,3', zoom: '3' }, 'bbox must be west,south,east,north'],
    [{ bbox: 'a,b,c,d', zoom: '3' }, 'bbox must be west,south,east,north'],
    [{ bbox: '0,-95,10,0', zoom: '3' }, 'bbox latitudes must be from -90 to 90'],
    [{ bbox: '-190,0,10,10', zoom: '3' }, 'bbox longitudes must be from -180 to 180'],
    [{ bbox: '0,10,10,0', zoom: '3' }, 'bbox south must not be above north'],
    [{ bbox: '0,0,10,10' }, 'zoom'],
    [{ bbox: '0,0,10,10', zoom: '19' }, 'zoom must be a whole number from 0 to 18'],
    [{ bbox: '0,0,10,10', zoom: '2.5' }, 'zoom must be a whole number from 0 to 18'],
    [{ bbox: '0,0,10,10', zoom: '3', skill: 'Expert' }, 'skill must be one of'],
  ])('refuses %j with a 400 naming the field', async (query, message) => {
    const response = await request(t.baseUrl).get('/api/dive-sites/map/view').query(query).expect(400);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body.error).toContain(message);
  });
});

describe('GET /api/dive-sites/map', () => {
  /** Every site as the map reads them, past the page cache (the SQL below invalidates none of its tags). */
  const everySite = async () => decodeMapPayload((await request(t.baseUrl).get('/api/dive-sites/map').set('X-Page-Cache', 'bypass').expect(200)).body);
  const grid = async (name: string) => (await everySite()).find((site) => site.name === name);

  it('answers every change to the sites the map shows, whoever makes it (issue 46: kept under their revision)', async () => {
    const before = await everySite();
    expect(await grid('Grid site 1')).toMatchObject({ featured: false, latitude: -59.95 });

    await t.dataSource.query(`UPDATE dive_sites SET featured = true WHERE name = 'Grid site 1'`);
    expect(await grid('Grid site 1')).toMatchObject({ featured: true });

    await t.dataSource.query(`UPDATE dive_sites SET latitude = -59.5, longitude = 61.5 WHERE name = 'Grid site 1'`);
    expect(await grid('Grid site 1')).toMatchObject({ latitude: -59.5, longitude: 61.5 });

    await t.dataSource.query(`UPDATE dive_sites SET name = 'Grid site one' WHERE name = 'Grid site 1'`);
    expect(await grid('Grid site 1')).toBeUndefined();
    expect(await grid('Grid site one')).toMatchObject({ featured: true });

    await t.dataSource.query(`DELETE FROM dive_sites WHERE name = 'Grid site 2'`);
    expect(await everySite()).toHaveLength(before.length - 1);

    // Put back as the other tests expect them.
    await t.dataSource.query(`UPDATE dive_sites SET name = 'Grid site 1', featured = false, latitude = -59.95, longitude = 60 WHERE name = 'Grid site one'`);
    await t.dataSource.getRepository(DiveSite).insert({
      name: 'Grid site 2',
      latitude: '-59.90000',
      longitude: '60.00000',
      waterTemp: '2-4°C',
      skillLevel: 'Advanced',
      depthRange: '10-30m',
      description: 'A test site of the grid.',
      region: GRID,
    });
    expect(await everySite()).toHaveLength(before.length);
    expect(await grid('Grid site 2')).toMatchObject({ latitude: -59.9, longitude: 60 });
  });
});

describe('GET /api/dive-sites/map/matches', () => {
  it("answers every matching site's id by name, and their mean position", async () => {
    const answer = (await request(t.baseUrl).get('/api/dive-sites/map/matches').query({ region: GRID, search: 'Grid site 1' }).expect(200)).body;
    const names = await t.dataSource.getRepository(DiveSite).findBy({ region: GRID });
    const wanted = names.filter((site) => site.name.includes('Grid site 1'));
    expect([...answer.ids].sort()).toEqual(wanted.map((site) => site.id).sort());
    expect(answer.center[0]).toBeGreaterThan(-60);
    expect(answer.center[0]).toBeLessThan(-58);
    const none = (await request(t.baseUrl).get('/api/dive-sites/map/matches').query({ search: 'no such site anywhere zzzz' }).expect(200)).body;
    expect(none).toEqual({ ids: [], center: null, bounds: null });
  });

  it('answers the box of the matching sites, which the map fits for a filter (issue 47)', async () => {
    const answer = (await request(t.baseUrl).get('/api/dive-sites/map/matches').query({ region: 'Tasmania' }).expect(200)).body;
    const sites = await t.dataSource.getRepository(DiveSite).findBy({ region: 'Tasmania' });
    const lats = sites.map((site) => Number(site.latitude));
    const lngs = sites.map((site) => Number(site.longitude));
    expect(answer.bounds[0][0]).toBeCloseTo(Math.min(...lats), 4);
    expect(answer.bounds[0][1]).toBeCloseTo(Math.min(...lngs), 4);
    expect(answer.bounds[1][0]).toBeCloseTo(Math.max(...lats), 4);
    expect(answer.bounds[1][1]).toBeCloseTo(Math.max(...lngs), 4);
  });

  it('applies the kind and access filters (issue 30), as the list does', async () => {
    const answer = (await request(t.baseUrl).get('/api/dive-sites/map/matches').query({ kind: 'wreck', access: 'boat' }).expect(200)).body;
    const wrecks: { id: number }[] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE kind = 'wreck' AND access IN ('boat', 'both')`);
    expect(wrecks.length).toBeGreaterThan(0);
    expect([...answer.ids].sort()).toEqual(wrecks.map((site) => site.id).sort());
    // The grid's sites are of kind 'other': a view of them for wrecks holds none, for 'other' all of them.
    expect((await view({ bbox: '-180,-90,180,90', zoom: '3', region: GRID, kind: 'wreck' })).total).toBe(0);
    expect((await view({ bbox: '-180,-90,180,90', zoom: '3', region: GRID, kind: 'other' })).total).toBe(GRID_SITES);
    // The map's rows carry each site's kind and access.
    const [first] = decodeMapPayload(await view({ bbox: '59.99,-60.01,60.06,-59.94', zoom: '14', region: GRID }));
    expect(first).toMatchObject({ kind: 'other', access: 'both' });
    await request(t.baseUrl).get('/api/dive-sites/map/matches').query({ kind: 'shipwreck' }).expect(400);
  });
});
