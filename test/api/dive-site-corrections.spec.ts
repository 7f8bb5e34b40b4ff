import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SeedService } from 'src/database/seed.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { allPages } from '../support/all-pages';

interface CorrectionsFile {
  version: string;
  corrections: { kind?: string; site: string; field: string; from: string | number; to: string | number }[];
  positions: Record<string, string>;
  added: string[];
}

const file: CorrectionsFile = JSON.parse(readFileSync(join(__dirname, '../../data/dive-site-corrections.json'), 'utf8'));
const correction = (site: string, field: string) => file.corrections.find((c) => c.site === site && c.field === field)!;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function siteRow(name: string) {
  const rows = await t.dataSource.query(
    `SELECT id, latitude, longitude, description, hazards, "skillLevel", position_precision FROM dive_sites WHERE name = $1`,
    [name],
  );
  return rows[0];
}

describe('dive-site corrections on a database seeded before them', () => {
  const brisbaneLatitude = correction('ex-HMAS Brisbane', 'latitude');
  const brisbaneLongitude = correction('ex-HMAS Brisbane', 'longitude');
  const pyramid = correction("Ball's Pyramid", 'description');
  const popesEye = correction("Pope's Eye", 'hazards');
  const buoyancy = file.corrections.find((c) => c.kind === 'article')!;

  beforeAll(async () => {
    // The database as it was before this version: old seeded values, no position marks, no sinkholes...
    const db = t.dataSource;
    await db.query(`UPDATE dive_sites SET latitude = $1, longitude = $2 WHERE name = 'ex-HMAS Brisbane'`, [brisbaneLatitude.from, brisbaneLongitude.from]);
    await db.query(`UPDATE dive_sites SET description = $1 WHERE name = $2`, [pyramid.from, pyramid.site]);
    await db.query(`UPDATE dive_sites SET position_precision = 'approximate'`);
    await db.query(`DELETE FROM dive_sites WHERE name = ANY($1)`, [file.added]);
    await db.query(`UPDATE articles SET content = $1 WHERE slug = $2`, [buoyancy.from, buoyancy.site]);
    // ...and one old value the administrator has since changed.
    await db.query(`UPDATE dive_sites SET hazards = 'Edited by the administrator' WHERE name = $1`, [popesEye.site]);
    await db.query(`DELETE FROM seed_history WHERE dataset LIKE 'dive-site-corrections:%'`);
  });

  it('applies each correction where the row still holds the old seeded value, once', async () => {
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([`dive-site-corrections:${file.version}`]);
    const brisbane = await siteRow('ex-HMAS Brisbane');
    expect(Number(brisbane.latitude)).toBe(brisbaneLatitude.to);
    expect(Number(brisbane.longitude)).toBe(brisbaneLongitude.to);
    expect((await siteRow(pyramid.site)).description).toBe(pyramid.to);
    const [article] = await t.dataSource.query(`SELECT content FROM articles WHERE slug = $1`, [buoyancy.site]);
    expect(article.content).toBe(buoyancy.to);
    // A second start finds the version recorded and changes nothing.
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([]);
  });

  it('leaves what the administrator changed as they left it', async () => {
    expect((await siteRow(popesEye.site)).hazards).toBe('Edited by the administrator');
  });

  it('marks the published GPS positions and adds the new sites, which the API then answers', async () => {
    for (const name of Object.keys(file.positions)) expect([name, (await siteRow(name))?.position_precision]).toEqual([name, 'mark']);
    const [{ approximate }] = await t.dataSource.query(`SELECT count(*)::int AS approximate FROM dive_sites WHERE position_precision = 'approximate'`);
    expect(approximate).toBeGreaterThan(0);
    const names = (await allPages<{ name: string }>(t.baseUrl, '/api/dive-sites')).map((site) => site.name);
    for (const name of file.added) expect(names.filter((candidate) => candidate === name)).toEqual([name]);
  });
});

describe('dive-site corrections on a fresh database', () => {
  it('find the seed already corrected: every site holds its new value', async () => {
    const fresh = await startTestApp();
    try {
      for (const c of file.corrections.filter((item) => !item.kind && ['latitude', 'longitude', 'skillLevel', 'description'].includes(item.field))) {
        const [row] = await fresh.dataSource.query(`SELECT "${c.field}" AS value FROM dive_sites WHERE name = $1`, [c.site]);
        const value = typeof c.to === 'number' ? Number(row.value) : row.value;
        expect([c.site, c.field, value]).toEqual([c.site, c.field, c.to]);
      }
      const history: { dataset: string }[] = await fresh.dataSource.query('SELECT dataset FROM seed_history');
      expect(history.map((row) => row.dataset)).toContain(`dive-site-corrections:${file.version}`);
    } finally {
      await fresh.close();
    }
  });
});
