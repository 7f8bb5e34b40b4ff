import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module script, without types.
import { tideStations } from '../../scripts/tide-stations.mjs';

describe('data/tide-stations.json', () => {
  it('holds what scripts/tide-stations.mjs makes of the installed @neaps/tide-database (run it after updating the package)', async () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '../../data/tide-stations.json'), 'utf8'));
    expect(committed).toEqual(await tideStations());
  });

  it('holds the Australian ports the accuracy check and the seeded sites rely on, with a licence that allows commercial use', () => {
    const { stations } = JSON.parse(readFileSync(join(__dirname, '../../data/tide-stations.json'), 'utf8')) as {
      stations: { name: string; license: { type: string }; constituents: unknown[] }[];
    };
    const names = stations.map((station) => station.name);
    for (const port of ['Sydney Fort Denison', 'Brisbane Bar', 'Cairns', 'Queenscliff', 'Point Lonsdale', 'Cape Jervis', 'Brunswick Heads'])
      expect(names).toContain(port);
    // TICON-4's stations relayed from CMEMS are CC BY-NC 4.0: not for a commercial site.
    for (const station of stations) expect(['cc-by-4.0', 'public domain', 'MIT']).toContain(station.license.type);
    expect(stations.every((station) => station.constituents.length > 0)).toBe(true);
  });
});
