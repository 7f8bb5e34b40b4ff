import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startAdminApp, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';

/**
 * Issue 43, item 6: the counts of sites the pages show are the data's: a site's page is 'one of {N}', the
 * list 'Showing {n} of {N}', the admin screen's regions add up to N; a site added moves every one of them.
 */
const dataDir = join(__dirname, '..', '..', 'data', 'dive-sites');
const inData = readdirSync(dataDir)
  .filter((name) => name.endsWith('.json'))
  .reduce((sum, name) => sum + (JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as unknown[]).length, 0);

let t: TestApp;
let admin: Agent;

beforeAll(async () => ({ t, admin } = await startAdminApp()));

afterAll(() => t.close());

async function shown(): Promise<{ site: number; list: number; regions: number }> {
  const [{ id }] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
  const site = (await request(t.baseUrl).get(`/dive-sites/${id}`).expect(200)).text;
  const list = (await request(t.baseUrl).get('/dive-sites').expect(200)).text;
  const regions: { count: number }[] = (await request(t.baseUrl).get('/api/dive-sites/regions').expect(200)).body;
  return {
    site: Number(site.match(/[Oo]ne of (?:<!-- -->)?(\d+)(?:<!-- -->)? dive sites/)?.[1]),
    list: Number(list.match(/Showing (?:<!-- -->)?\d+(?:<!-- -->)? of (?:<!-- -->)?(\d+)(?:<!-- -->)? dive sites/)?.[1]),
    regions: regions.reduce((sum, region) => sum + region.count, 0),
  };
}

describe('counts of sites', () => {
  it('are the number of sites in the data on a freshly seeded database', async () => {
    expect(await shown()).toEqual({ site: inData, list: inData, regions: inData });
  });

  it('follow the database: a site added is counted everywhere', async () => {
    await admin
      .post('/api/dive-sites')
      .send({
        name: 'Count Test Reef',
        region: 'Victoria',
        latitude: -38.3,
        longitude: 144.7,
        description: 'A reef added to see the counts move.',
        skillLevel: 'Beginner',
        depthRange: '5-10m',
        waterTemp: '12-18°C',
      })
      .expect(201);
    expect(await shown()).toEqual({ site: inData + 1, list: inData + 1, regions: inData + 1 });
  });
});
