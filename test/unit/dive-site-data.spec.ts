import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maxDepth } from 'core/dive-sites/filters';
import { SKILL_LEVELS } from 'src/dive-sites/dive-site.entity';

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
  it('holds exactly 244 sites with unique names', () => {
    expect(sites).toHaveLength(244);
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

  it('has as many sites in each region as regions.json says, and no region without sites', () => {
    const counts: Record<string, number> = {};
    for (const site of sites) counts[site.region] = (counts[site.region] ?? 0) + 1;
    const expected = Object.fromEntries(Object.entries(regions).map(([name, region]) => [name, region.count]));
    expect(counts).toEqual(expected);
    expect(Object.values(expected).reduce((sum, count) => sum + count, 0)).toBe(244);
  });
});
