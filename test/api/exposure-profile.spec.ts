import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 46, item 4: the administrator edits a site's exposure profile (swell exposure and onshore winds);
 * the site's GET answer and the CSV export show it; a bad value is a 400 naming the field and writes nothing.
 */
let t: TestApp;
let admin: Agent;
let site: Record<string, unknown> & { id: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
  const [{ id }] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE name = 'Fly Point (Nelson Bay)'`);
  site = (await request(t.baseUrl).get(`/api/dive-sites/${id}`).expect(200)).body;
});

afterAll(async () => {
  await t?.close();
});

const csvRow = async (id: number): Promise<Record<string, string>> => {
  const response = await admin.get('/api/dive-sites/export/csv').buffer(true).expect(200);
  const rows: Record<string, string>[] = parse(String(response.text ?? response.body), { bom: true, columns: true });
  return rows.find((row) => row.id === String(id))!;
};

it("the site's GET answer and the CSV export carry its stored profile", async () => {
  const [stored] = await t.dataSource.query(`SELECT "swellExposure", "onshoreWinds" FROM dive_sites WHERE id = $1`, [site.id]);
  expect({ swellExposure: site.swellExposure, onshoreWinds: site.onshoreWinds }).toEqual(stored);
  const row = await csvRow(site.id);
  const cell = (list: string[] | null) => (list === null ? '' : list.length ? list.join(' ') : 'none');
  expect([row.swellExposure, row.onshoreWinds]).toEqual([cell(stored.swellExposure), cell(stored.onshoreWinds)]);
});

it('the administrator sets, empties and clears the profile; the answer and the export follow', async () => {
  await admin
    .put(`/api/dive-sites/${site.id}`)
    .send({ ...site, swellExposure: ['NE', 'E'], onshoreWinds: ['N', 'NE', 'E'] })
    .expect(200);
  let body = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body;
  expect([body.swellExposure, body.onshoreWinds]).toEqual([
    ['NE', 'E'],
    ['N', 'NE', 'E'],
  ]);
  expect(await csvRow(site.id)).toMatchObject({ swellExposure: 'NE E', onshoreWinds: 'N NE E' });

  // Sheltered from every swell (an empty list) is not the same as not profiled (null).
  await admin
    .put(`/api/dive-sites/${site.id}`)
    .send({ ...site, swellExposure: [], onshoreWinds: null })
    .expect(200);
  body = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body;
  expect([body.swellExposure, body.onshoreWinds]).toEqual([[], null]);
  expect(await csvRow(site.id)).toMatchObject({ swellExposure: 'none', onshoreWinds: '' });
});

it.each([
  ['swellExposure', ['N', 'north']],
  ['swellExposure', 'N'],
  ['onshoreWinds', ['E', 'E']],
  ['onshoreWinds', [3]],
])('a %s of %j is a 400 naming it, and nothing is written', async (field, value) => {
  const before = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body;
  const refused = await admin
    .put(`/api/dive-sites/${site.id}`)
    .send({ ...before, name: 'Renamed by a refused write', [field]: value })
    .expect(400);
  expect(Object.keys(refused.body.fields)).toEqual([field]);
  expect((await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body).toEqual(before);
});
