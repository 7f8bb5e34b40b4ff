import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK_FIELD_NAMES } from 'core/dive-sites/provenance';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isWebUrl } from 'src/validation/validators';
import { seedCheck, seedNotice } from 'src/database/seed-facts';
import { SeedService } from 'src/database/seed.service';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import { SiteCheckNote } from 'views/pages/dive-sites/SiteStatus';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 43, item 1 over every site: a date of checking is shown only for a recorded check, with the published
 * sources it was checked against; the seed's checks each carry a source with a web address; a site without a
 * check says so. Reads the data as it is (data/dive-site-checks.json grows as the editor checks sites).
 */
const dataDir = join(__dirname, '..', '..', 'data');
const siteNames = new Set(
  readdirSync(join(dataDir, 'dive-sites'))
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => JSON.parse(readFileSync(join(dataDir, 'dive-sites', name), 'utf8')) as { name: string }[])
    .map((site) => site.name),
);
interface CheckRow {
  site: string;
  date: string;
  fields: string[];
  by: string;
  sources: { title?: string; url?: string }[];
}
const checks = JSON.parse(readFileSync(join(dataDir, 'dive-site-checks.json'), 'utf8')) as CheckRow[];
const today = new Date().toISOString().slice(0, 10);

describe('data/dive-site-checks.json', () => {
  it('holds checks', () => {
    expect(Array.isArray(checks)).toBe(true);
    expect(checks.length).toBeGreaterThan(0);
  });

  it.each(checks.map((check, index) => [`${index}: ${check.site}`, check] as const))('check %s names a site, a day, what and its sources', (_, check) => {
    expect({
      site: siteNames.has(check.site),
      date: /^\d{4}-\d{2}-\d{2}$/.test(check.date) && !Number.isNaN(Date.parse(check.date)) && check.date <= today,
      fields: Array.isArray(check.fields) && check.fields.length > 0 && check.fields.every((field) => CHECK_FIELD_NAMES.includes(field)),
      by: check.by === 'editor' || check.by === "a reader's correction",
      sources:
        Array.isArray(check.sources) &&
        check.sources.length > 0 &&
        check.sources.every((source) => typeof source.title === 'string' && source.title.trim() !== '' && isWebUrl(source.url)),
    }).toEqual({ site: true, date: true, fields: true, by: true, sources: true });
  });
});

describe('the rows of the data files as the seed reads them', () => {
  const source = { title: 'Parks', url: 'https://parks.example/site' };

  it('refuses a check without a source with a web address, or without a day', () => {
    expect(seedCheck({ site: 'A', date: '2026-11-28', fields: ['depth'], by: 'editor', sources: [] })).toBeNull();
    expect(seedCheck({ site: 'A', date: '2026-11-28', fields: ['depth'], by: 'editor', sources: [{ title: 'x', url: 'ftp://x' }] })).toBeNull();
    expect(seedCheck({ site: 'A', date: 'yesterday', fields: ['depth'], by: 'editor', sources: [source] })).toBeNull();
    expect(seedCheck({ site: 'A', date: '2026-11-28', fields: ['depth'], by: "a reader's correction", sources: [source] })).toEqual({
      site: 'A',
      date: '2026-11-28',
      fields: ['depth'],
      by: 'reader',
      sources: [source],
    });
  });

  it('refuses a notice without a source, a site or a start, or ending before it starts', () => {
    const notice = { title: 'T', body: 'B', startsOn: '2025-03-15', endsOn: null, source, sites: ['A'] };
    expect(seedNotice(notice)).toEqual(notice);
    expect(seedNotice({ ...notice, source: { title: 'x' } })).toBeNull();
    expect(seedNotice({ ...notice, sites: [] })).toBeNull();
    expect(seedNotice({ ...notice, startsOn: undefined })).toBeNull();
    expect(seedNotice({ ...notice, endsOn: '2025-03-14' })).toBeNull();
  });
});

describe('the seeded sites', () => {
  let t: TestApp;
  let sites: { id: number; name: string; lastChecked: string | null; newest: string | null; checks: number }[];

  beforeAll(async () => {
    t = await startTestApp();
    sites = await t.dataSource.query(
      `SELECT site.id, site.name, site."lastChecked"::text AS "lastChecked", max(c."checkedOn")::text AS newest, count(c.id)::int AS checks
       FROM dive_sites site LEFT JOIN dive_site_checks c ON c."diveSiteId" = site.id GROUP BY site.id ORDER BY site.id`,
    );
  });

  afterAll(() => t.close());

  it('carry every check of the data file whose site exists, and no check without a source', async () => {
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM dive_site_checks`);
    const distinct = new Set(checks.filter((check) => siteNames.has(check.site)).map((check) => `${check.site}|${check.date}`));
    expect(count).toBe(distinct.size);
    const unsourced = await t.dataSource.query(
      `SELECT id FROM dive_site_checks WHERE jsonb_array_length(sources) = 0 OR EXISTS (SELECT 1 FROM jsonb_array_elements(sources) s WHERE coalesce(s->>'url', '') !~ '^https?://')`,
    );
    expect(unsourced).toEqual([]);
  });

  it("never take a date of checking from a site's own record", () => {
    const rows = t.app
      .get(SeedService)
      .datasets()
      .find((dataset) => dataset.name === 'dive-sites')!
      .rows();
    expect(rows.filter((row) => row.lastChecked !== null).map((row) => row.name)).toEqual([]);
  });

  it('load each version of the checks and notices once, adding only what a database lacks', async () => {
    const seed = t.app.get(SeedService);
    const [{ before }] = await t.dataSource.query(`SELECT count(*)::int AS before FROM dive_site_checks`);
    // A new version of the files (here: their entries forgotten) adds what is missing and nothing twice.
    await t.dataSource.query(`DELETE FROM seed_history WHERE dataset LIKE 'dive-site-checks:%' OR dataset LIKE 'notices:%'`);
    const loaded = await seed.loadFacts();
    expect(loaded).toEqual([expect.stringMatching(/^dive-site-checks:[0-9a-f]{16}$/), expect.stringMatching(/^notices:[0-9a-f]{16}$/)]);
    const [{ after }] = await t.dataSource.query(`SELECT count(*)::int AS after FROM dive_site_checks`);
    expect(after).toBe(before);
    expect(await seed.loadFacts()).toEqual([]);
  });

  it("date a site's last check only by its newest recorded check", () => {
    const invented = sites.filter((site) => site.lastChecked !== site.newest);
    expect(invented.map((site) => [site.name, site.lastChecked, site.newest])).toEqual([]);
  });

  /** What a site's check note says wrong, if anything (its HTML as the page renders it). */
  function problemsOf(site: (typeof sites)[number], note: string): string[] {
    const problems: string[] = [];
    const day = /Checked <time dateTime="(\d{4}-\d{2}-\d{2})"/i.exec(note)?.[1];
    if (site.checks === 0) {
      if (day || !note.includes('have not yet been checked against a published source')) problems.push(`${site.name}: claims a check it has not had`);
      if (!note.includes('href="#suggest-correction"')) problems.push(`${site.name}: does not invite a correction`);
      return problems;
    }
    if (day !== site.newest) problems.push(`${site.name}: shows ${day ?? 'no date'}, its newest check is ${site.newest}`);
    if (![...note.matchAll(/href="(https?:[^"]+)"/g)].length) problems.push(`${site.name}: a check date without a source`);
    return problems;
  }

  it('give every site a check note: a date only with the sources of its newest recorded check, else that nothing has been checked', async () => {
    const facts = t.app.get(SiteFactsService);
    const problems: string[] = [];
    for (const site of sites) {
      problems.push(...problemsOf(site, renderToStaticMarkup(createElement(SiteCheckNote, { check: await facts.latestCheck(site.id) }))));
    }
    expect(problems).toEqual([]);
  });

  it("show that note on the sites' pages, and never 'Last checked'", async () => {
    // Every page would take minutes on a shared machine: the checked and unchecked sites, a few of each.
    const sample = [...sites.filter((site) => site.checks > 0).slice(0, 6), ...sites.filter((site) => site.checks === 0).slice(0, 6)];
    const problems: string[] = [];
    for (const site of sample) {
      const html = await fetch(`${t.baseUrl}/dive-sites/${site.id}`).then((response) => response.text());
      const note = html.match(/<p[^>]*data-testid="site-check"[^>]*>([\s\S]*?)<\/p>/);
      if (!note) problems.push(`${site.name}: no check note`);
      else problems.push(...problemsOf(site, note[1]));
      if (/Last checked/i.test(html)) problems.push(`${site.name}: shows 'Last checked'`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
