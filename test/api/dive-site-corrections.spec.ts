import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVENANCE_ENTRY } from 'src/database/seed-corrections';
import type { CorrectionsVersion } from 'src/database/seed-files';
import { SeedService } from 'src/database/seed.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { allPages } from '../support/all-pages';

const { versions }: { versions: CorrectionsVersion[] } = JSON.parse(readFileSync(join(__dirname, '../../data/dive-site-corrections.json'), 'utf8'));
// The versions these tests replay: the first, and the November 2026 trust fixes (later versions are applied
// around them as a fresh seed applies them; the tests name what they replay rather than take the last).
const first = versions[0];
const latest = versions.find((version) => version.version === '2026-11-25-trust-fixes')!;
const entry = (version: CorrectionsVersion) => `dive-site-corrections:${version.version}`;
const find = (version: CorrectionsVersion, site: string, field: string) => version.corrections.find((c) => c.site === site && c.field === field)!;
/** Each (site, field) with the value its last correction leaves: what a fresh seed holds. */
const finalValues = new Map(versions.flatMap((version) => version.corrections.filter((c) => !c.kind).map((c) => [`${c.site}\u0000${c.field}`, c] as const)));

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

async function siteRow(name: string) {
  const rows = await t.dataSource.query(
    `SELECT id, latitude, longitude, description, hazards, facilities, "skillLevel", position_precision FROM dive_sites WHERE name = $1`,
    [name],
  );
  return rows[0];
}

async function article(slug: string): Promise<string> {
  const [row] = await t.dataSource.query(`SELECT content FROM articles WHERE slug = $1`, [slug]);
  return row.content;
}

describe('dive-site corrections on a database seeded before any of them', () => {
  const brisbaneLatitude = find(first, 'ex-HMAS Brisbane', 'latitude');
  const pyramid = find(first, "Ball's Pyramid", 'description');
  const popesEye = find(first, "Pope's Eye", 'hazards');
  const buoyancy = first.corrections.find((c) => c.kind === 'article')!;
  const buoyancyLatest = latest.corrections.find((c) => c.kind === 'article' && c.site === buoyancy.site)!;
  const brisbaneDescription = find(latest, 'ex-HMAS Brisbane', 'description');

  beforeAll(async () => {
    // The database as it was before the first version: old seeded values, no position marks, no added sites...
    const db = t.dataSource;
    await db.query(`UPDATE dive_sites SET latitude = $1 WHERE name = 'ex-HMAS Brisbane'`, [brisbaneLatitude.from]);
    await db.query(`UPDATE dive_sites SET description = $1 WHERE name = 'ex-HMAS Brisbane'`, [brisbaneDescription.from]);
    await db.query(`UPDATE dive_sites SET description = $1 WHERE name = $2`, [pyramid.from, pyramid.site]);
    await db.query(`UPDATE dive_sites SET position_precision = 'approximate'`);
    await db.query(`DELETE FROM dive_sites WHERE name = ANY($1)`, [versions.flatMap((version) => version.added)]);
    await db.query(`UPDATE articles SET content = $1 WHERE slug = $2`, [buoyancy.from, buoyancy.site]);
    // ...and one old value the administrator has since changed.
    await db.query(`UPDATE dive_sites SET hazards = 'Edited by the administrator' WHERE name = $1`, [popesEye.site]);
    await db.query(`DELETE FROM seed_history WHERE dataset LIKE 'dive-site-corrections:%'`);
  });

  it('applies every version in order, each once, where the row still holds the old seeded value', async () => {
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual(versions.map(entry));
    const brisbane = await siteRow('ex-HMAS Brisbane');
    expect(Number(brisbane.latitude)).toBe(brisbaneLatitude.to);
    expect(brisbane.description).toBe(brisbaneDescription.to);
    expect((await siteRow(pyramid.site)).description).toBe(pyramid.to);
    // The first version's new text is what the latest version corrects again.
    expect(buoyancyLatest.from).toBe(buoyancy.to);
    expect(await article(buoyancy.site)).toBe(buoyancyLatest.to);
    // A second start finds every version recorded and changes nothing.
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([]);
  });

  it('leaves what the administrator changed as they left it', async () => {
    expect((await siteRow(popesEye.site)).hazards).toBe('Edited by the administrator');
  });

  it('marks the published GPS positions and adds the new sites, which the API then answers', async () => {
    for (const name of Object.keys(first.positions)) expect([name, (await siteRow(name))?.position_precision]).toEqual([name, 'mark']);
    const [{ approximate }] = await t.dataSource.query(`SELECT count(*)::int AS approximate FROM dive_sites WHERE position_precision = 'approximate'`);
    expect(approximate).toBeGreaterThan(0);
    const names = (await allPages<{ name: string }>(t.baseUrl, '/api/dive-sites')).map((site) => site.name);
    for (const name of versions.flatMap((version) => version.added)) expect(names.filter((candidate) => candidate === name)).toEqual([name]);
  });
});

describe('the latest corrections on a database that already had the earlier ones', () => {
  const piccaninnie = find(latest, 'Piccaninnie Ponds', 'facilities');
  const popesEye = find(latest, "Pope's Eye", 'description');
  const bonegi = find(latest, 'Bonegi I (Hirokawa Maru)', 'latitude');
  const deletedEarlier = first.added.find((name) => !latest.corrections.some((c) => c.site === name))!;

  beforeAll(async () => {
    const db = t.dataSource;
    await db.query(`UPDATE dive_sites SET facilities = $1 WHERE name = $2`, [piccaninnie.from, piccaninnie.site]);
    await db.query(`UPDATE dive_sites SET description = $1 WHERE name = $2`, [popesEye.from, popesEye.site]);
    await db.query(`UPDATE dive_sites SET latitude = $1 WHERE name = $2`, [bonegi.from, bonegi.site]);
    await db.query(`DELETE FROM dive_sites WHERE name = ANY($1)`, [[...latest.added, deletedEarlier]]);
    await db.query(`DELETE FROM seed_history WHERE dataset = $1`, [entry(latest)]);
  });

  it('applies only the new version: the facts change, the new sites arrive, a site the administrator deleted stays deleted', async () => {
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([entry(latest)]);
    expect((await siteRow(piccaninnie.site)).facilities).toBe(piccaninnie.to);
    expect((await siteRow(popesEye.site)).description).toContain('can exceed 9 knots');
    expect(Number((await siteRow(bonegi.site)).latitude)).toBe(bonegi.to);
    for (const name of latest.added) expect([name, Boolean(await siteRow(name))]).toEqual([name, true]);
    expect(await siteRow(deletedEarlier)).toBeUndefined();
  });

  it('shows the changed facts on the site page', async () => {
    const { id } = await siteRow('Piccaninnie Ponds');
    const page = await fetch(`${t.baseUrl}/dive-sites/${id}`).then((res) => res.text());
    expect(page).toContain('Closed to diving and snorkelling until further notice');
    expect(page).not.toContain('each booking slot is limited');
  });
});

describe('kind, access, status and sources on a database seeded before their columns', () => {
  beforeAll(async () => {
    // As the migration leaves an existing database: the columns' defaults, nothing checked...
    await t.dataSource.query(`UPDATE dive_sites SET kind = 'other', access = 'both', status = 'open', "statusNote" = NULL, "statusSince" = NULL,
      "statusSource" = NULL, "lastChecked" = NULL, sources = '[]'`);
    // ...but one site the administrator has filled in since.
    await t.dataSource.query(
      `UPDATE dive_sites SET status = 'closed', "statusNote" = 'Closed by the administrator', "lastChecked" = '2026-11-20' WHERE name = 'SS Yongala'`,
    );
    await t.dataSource.query(`DELETE FROM seed_history WHERE dataset = $1`, [PROVENANCE_ENTRY]);
  });

  it('fills them once from the data files, leaving a site the administrator filled in as it is', async () => {
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([PROVENANCE_ENTRY]);
    const [picca] = await t.dataSource.query(
      `SELECT kind, access, status, "statusSince"::text AS since, "lastChecked"::text AS checked, sources FROM dive_sites WHERE name = 'Piccaninnie Ponds'`,
    );
    // Issue 43: the fill never dates a check; only a recorded check does.
    expect(picca).toMatchObject({ kind: 'cave-sinkhole', status: 'closed', checked: null });
    expect(picca.sources[0]).toEqual({ title: 'parks.sa.gov.au', url: expect.stringContaining('parks.sa.gov.au') });
    const [yongala] = await t.dataSource.query(`SELECT status, "statusNote" FROM dive_sites WHERE name = 'SS Yongala'`);
    expect(yongala).toEqual({ status: 'closed', statusNote: 'Closed by the administrator' });
    const [{ filled }] = await t.dataSource.query(`SELECT count(*)::int AS filled FROM dive_sites WHERE kind <> 'other' OR status <> 'open'`);
    expect(filled).toBeGreaterThan(0);
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([]);
  });
});

describe('dive-site corrections on a fresh database', () => {
  it('find the seed already corrected: every site holds its newest value, every version is recorded', async () => {
    const fresh = await startTestApp();
    try {
      for (const c of finalValues.values()) {
        // As text, so a date column compares with the file's 'YYYY-MM-DD' (and null stays null).
        const [row] = await fresh.dataSource.query(`SELECT "${c.field}"::text AS value FROM dive_sites WHERE name = $1`, [c.site]);
        const value = typeof c.to === 'number' ? Number(row.value) : row.value;
        expect([c.site, c.field, value]).toEqual([c.site, c.field, c.to]);
      }
      const history: { dataset: string }[] = await fresh.dataSource.query('SELECT dataset FROM seed_history');
      expect(history.map((row) => row.dataset)).toEqual(expect.arrayContaining(versions.map(entry)));
    } finally {
      await fresh.close();
    }
  });
});

describe('status corrections (issue 43) on a database seeded before them', () => {
  const factsChecked = versions.find((version) => version.version === '2026-11-28-facts-checked')!;

  beforeAll(async () => {
    // Rapid Bay Jetty as first seeded: open, with the note that claimed a check; Piccaninnie dated from the 2024 notice.
    await t.dataSource.query(
      `UPDATE dive_sites SET status = 'open', "statusNote" = 'No closure known to us; check conditions with a local operator before diving.', "statusSince" = NULL, "statusSource" = NULL WHERE name = 'Rapid Bay Jetty'`,
    );
    const since = factsChecked.corrections.find((c) => c.site === 'Piccaninnie Ponds' && c.field === 'statusSince')!;
    await t.dataSource.query(`UPDATE dive_sites SET "statusSince" = $1 WHERE name = 'Piccaninnie Ponds'`, [since.from]);
    await t.dataSource.query(`DELETE FROM seed_history WHERE dataset = $1`, [entry(factsChecked)]);
  });

  it('marks Rapid Bay Jetty restricted with its prohibition and source, and clears a closure date no source gives', async () => {
    expect(await t.app.get(SeedService).loadNewDatasets()).toEqual([entry(factsChecked)]);
    const [rapid] = await t.dataSource.query(
      `SELECT id, status, "statusNote", "statusSince"::text AS since, "statusSource" FROM dive_sites WHERE name = 'Rapid Bay Jetty'`,
    );
    expect(rapid).toMatchObject({ status: 'restricted', since: '2022-01-25', statusSource: expect.stringContaining('dit.sa.gov.au') });
    expect(rapid.statusNote).toMatch(/within 15 m/);
    const page = await fetch(`${t.baseUrl}/dive-sites/${rapid.id}`).then((res) => res.text());
    expect(page).toMatch(/Status: (<!-- -->)?Restricted/);
    const [picca] = await t.dataSource.query(`SELECT "statusSince" FROM dive_sites WHERE name = 'Piccaninnie Ponds'`);
    expect(picca.statusSince).toBeNull();
  });
});
