import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maxDepth } from 'core/dive-sites/filters';
import { SKILL_LEVELS } from 'src/dive-sites/dive-site.entity';
import { isSourceList } from 'src/dive-sites/dto/dive-site-write.dto';
import { MAX_CHECK_SOURCES } from 'core/dive-sites/provenance';
import { SITE_ACCESSES, SITE_KINDS, SITE_STATUSES } from 'core/dive-sites/fields';

interface SeedSite {
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  skillLevel: string;
  depthRange: string;
  waterTemp: string;
  description: string;
  [field: string]: unknown;
}

type Box = [minLat: number, minLon: number, maxLat: number, maxLon: number];

// The values the columns accept (their CHECK constraints and the admin form's rules say the same).
const KINDS: readonly string[] = SITE_KINDS;
const ACCESS: readonly string[] = SITE_ACCESSES;
const STATUSES: readonly string[] = SITE_STATUSES;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);
const isDate = (value: unknown) => typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));

const dataDir = join(__dirname, '../../data');
const sites: SeedSite[] = readdirSync(join(dataDir, 'dive-sites'))
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => JSON.parse(readFileSync(join(dataDir, 'dive-sites', file), 'utf8')) as SeedSite[]);
const regions: Record<string, { box: Box; count: number }> = JSON.parse(readFileSync(join(dataDir, 'regions.json'), 'utf8')).regions;

/** A box whose minLon is greater than its maxLon crosses the 180th meridian (Fiji). */
function inBox([lat, lon]: [number, number], [minLat, minLon, maxLat, maxLon]: Box): boolean {
  if (lat < minLat || lat > maxLat) return false;
  return minLon <= maxLon ? lon >= minLon && lon <= maxLon : lon >= minLon || lon <= maxLon;
}

describe('the dive-site seed', () => {
  it('holds at least 251 sites with unique names', () => {
    expect(sites.length).toBeGreaterThanOrEqual(251);
    const names = sites.map((site) => site.name.trim().toLowerCase());
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it.each(sites.map((site) => [site.name, site] as const))('%s has every required field', (_, site) => {
    for (const field of ['name', 'region', 'waterTemp', 'skillLevel', 'depthRange', 'description'] as const) {
      expect([field, typeof site[field] === 'string' && site[field].trim().length > 0]).toEqual([field, true]);
    }
    expect(typeof site.latitude).toBe('number');
    expect(typeof site.longitude).toBe('number');
    for (const field of ['visibility', 'bestTime', 'marineLife', 'hazards', 'facilities']) {
      expect([field, site[field] === undefined || site[field] === null || typeof site[field] === 'string']).toEqual([field, true]);
    }
    expect(SKILL_LEVELS).toContain(site.skillLevel);
    expect(site.description.length).toBeGreaterThan(120);
  });

  it.each(sites.map((site) => [site.name, site] as const))(
    '%s has a kind, an access, a status (with its note unless open) and no unrecorded review date',
    (_, site) => {
      const checks = {
        kind: KINDS.includes(site.kind as string),
        access: ACCESS.includes(site.access as string),
        status: STATUSES.includes(site.status as string),
        // A note says what limits a site; an open site needs none (no 'no closure known to us' boilerplate).
        statusNote: typeof site.statusNote === 'string' ? site.statusNote.trim().length > 0 : site.status === 'open' && site.statusNote == null,
        statusSince: site.statusSince === null || isDate(site.statusSince),
        statusSource: site.statusSource === null || isUrl(site.statusSource),
        // A date of checking comes only from a recorded check (data/dive-site-checks.json), never from the site.
        lastChecked: !('lastChecked' in site),
        sources: Array.isArray(site.sources) && site.sources.every(isUrl),
      };
      expect([site.name, checks]).toEqual([site.name, Object.fromEntries(Object.keys(checks).map((field) => [field, true]))]);
    },
  );

  it('marks a site closed only with a published source for it', () => {
    const unsourced = sites.filter((site) => site.status === 'closed' && !isUrl(site.statusSource));
    expect(unsourced.map((site) => site.name)).toEqual([]);
  });

  it.each(sites.map((site) => [site.name, site] as const))('%s has a depth and a sane water temperature', (_, site) => {
    const depth = maxDepth(site.depthRange);
    expect(depth).not.toBeNull();
    expect(depth!).toBeGreaterThan(0);
    expect(depth!).toBeLessThanOrEqual(130);
    expect(site.waterTemp).toMatch(/°C$/);
    const temperatures = (site.waterTemp.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
    expect(temperatures.length).toBeGreaterThan(0);
    for (const temperature of temperatures) {
      expect(temperature).toBeGreaterThanOrEqual(8);
      expect(temperature).toBeLessThanOrEqual(32);
    }
  });

  it.each(sites.map((site) => [site.name, site] as const))('%s lies inside the box of its region', (_, site) => {
    const region = regions[site.region];
    expect(region).toBeDefined();
    expect([site.name, site.region, site.latitude, site.longitude, inBox([site.latitude, site.longitude], region.box)]).toEqual([
      site.name,
      site.region,
      site.latitude,
      site.longitude,
      true,
    ]);
  });

  // A recorded check travels in the content export: its sources must pass the rule the import and the admin form apply.
  it('records each check with 1 to MAX_CHECK_SOURCES sources, each a web address with a title of at most 200 characters', () => {
    const file = JSON.parse(readFileSync(join(dataDir, 'dive-site-checks.json'), 'utf8'));
    const checks: { site: string; sources: unknown[] }[] = Array.isArray(file) ? file : file.checks;
    expect(checks.length).toBeGreaterThan(0);
    const refused = checks
      .filter((check) => !isSourceList(check.sources) || check.sources.length < 1 || check.sources.length > MAX_CHECK_SOURCES)
      .map((check) => check.site);
    expect(refused).toEqual([]);
  });

  it('has as many sites in each region as regions.json says, and no region without sites', () => {
    const counts: Record<string, number> = {};
    for (const site of sites) counts[site.region] = (counts[site.region] ?? 0) + 1;
    const expected = Object.fromEntries(Object.entries(regions).map(([name, region]) => [name, region.count]));
    expect(counts).toEqual(expected);
    expect(Object.values(expected).reduce((sum, count) => sum + count, 0)).toBe(sites.length);
  });

  // The skill rule of the README's data section.
  it.each(sites.map((site) => [site.name, site] as const))('%s has the skill level its depths allow', (_, site) => {
    const [shallowest, deepest] = depthLimits(site.depthRange);
    if (site.skillLevel === 'Beginner') {
      expect([site.name, shallowest <= BEGINNER_START_MAX && deepest <= BEGINNER_END_MAX]).toEqual([site.name, true]);
    }
    if (deepest > DEEP_SITE && site.skillLevel !== 'Advanced') {
      expect([site.name, namesAShallowerPart(site.description)]).toEqual([site.name, true]);
    }
  });
});

const BEGINNER_START_MAX = 12;
const BEGINNER_END_MAX = 30;
const DEEP_SITE = 30;

/** The first and last numbers of a depth range such as '5-18m' or '3-40m'. */
function depthLimits(depthRange: string): [number, number] {
  const numbers = (depthRange.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  return [Math.min(...numbers), Math.max(...numbers)];
}

/**
 * A site deeper than 30 m stays below 'Advanced' only when its description tells a diver where to stay
 * shallower: a depth of 30 m or less ('her masts near 9 m'), or its shallow part or top.
 */
function namesAShallowerPart(description: string): boolean {
  const depths = [
    ...description.matchAll(/(\d+(?:\.\d+)?)(?:\s?[-–]\s?\d+(?:\.\d+)?)?\s?m\b(?!\s*(?:long|wide|high|tall|across|semicircle|from|off|away))/g),
  ].map((match) => Number(match[1]));
  return depths.some((depth) => depth <= DEEP_SITE) || /\b(shallows?|shallower|top|surface)\b/i.test(description);
}
