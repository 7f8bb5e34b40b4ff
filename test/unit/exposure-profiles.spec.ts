import { readFileSync, readdirSync } from 'node:fs';
import { isCompassPoint } from 'core/outlook/compass';

/** Issue 46 item 4: the exposure profiles the seed fills (scripts/exposure-profiles.mjs writes them). */
interface Profile {
  name: string;
  method: 'derived' | 'checked by hand' | 'not profiled';
  swellExposure: string[] | null;
  onshoreWinds: string[] | null;
  reason?: string;
}
const profiles: Profile[] = JSON.parse(readFileSync('data/exposure-profiles.json', 'utf8')).sites;
const checks: (Profile & { sources: string[] })[] = JSON.parse(readFileSync('data/exposure-checks.json', 'utf8')).sites;
const names = readdirSync('data/dive-sites')
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => (JSON.parse(readFileSync(`data/dive-sites/${file}`, 'utf8')) as { name: string }[]).map((site) => site.name));

describe('the exposure profiles', () => {
  it('cover every seeded site once, each with distinct compass points or none', () => {
    expect(profiles.map((p) => p.name).sort()).toEqual([...names].sort());
    for (const profile of profiles)
      for (const list of [profile.swellExposure, profile.onshoreWinds])
        if (list) {
          expect(list.every(isCompassPoint)).toBe(true);
          expect(new Set(list).size).toBe(list.length);
        }
  });

  it('apply every hand check (twenty or more), with its reason, over what the coastline derived', () => {
    expect(checks.length).toBeGreaterThanOrEqual(20);
    for (const check of checks) {
      const profile = profiles.find((p) => p.name === check.name);
      expect(profile).toMatchObject({ method: 'checked by hand', reason: check.reason });
      // 'derived' keeps the coastline's list; anything else is the hand check's own.
      if (check.swellExposure !== ('derived' as unknown)) expect(profile?.swellExposure).toEqual(check.swellExposure);
      if (check.onshoreWinds !== ('derived' as unknown)) expect(profile?.onshoreWinds).toEqual(check.onshoreWinds);
    }
  });

  it('keep the sheltered sites the issue names out of the swell they are sheltered from', () => {
    const swell = (name: string) => profiles.find((p) => p.name === name)?.swellExposure;
    expect(swell('Julian Rocks Nursery')).not.toEqual(expect.arrayContaining(['S']));
    expect(swell('Julian Rocks Nursery')).not.toEqual(expect.arrayContaining(['SE']));
    expect(swell('Shelly Beach (Manly)')).not.toEqual(expect.arrayContaining(['S']));
    expect(swell('Fly Point (Nelson Bay)')).toEqual([]);
  });

  it('say not profiled, with no points, where the coastline could not judge', () => {
    const unprofiled = profiles.filter((p) => p.method === 'not profiled');
    expect(unprofiled.length).toBeGreaterThan(0);
    for (const profile of unprofiled) expect(profile).toMatchObject({ swellExposure: null, onshoreWinds: null });
  });
});
