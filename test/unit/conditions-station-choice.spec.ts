import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { near, stationsById } from '@neaps/tide-database';
import { chooseStation, crossesLand, enclosedWater, isFreshwater, MAX_STATION_KM, NO_TIDE, type SiteForTides } from 'core/conditions/station-choice';

type Station = (typeof import('@neaps/tide-database'))['stations'][number];

/** The real stations near a position, as the service asks the database for them. */
function choose(site: Partial<SiteForTides> & { latitude: number; longitude: number }, isLand?: (lat: number, lon: number) => boolean) {
  const full: SiteForTides = { name: 'A site', kind: 'reef', description: 'A reef.', tideStation: null, ...site };
  const candidates = near({ latitude: site.latitude, longitude: site.longitude, maxDistance: MAX_STATION_KM, maxResults: 20 })
    .map(([station]) => station)
    .filter((station: Station) => station.kind === 'tide' && station.type === 'reference' && station.license.commercial_use);
  const byId = (id: string) => stationsById.get(id);
  return chooseStation({ site: full, candidates, byId, isLand });
}

const stationOf = (choice: ReturnType<typeof choose>) => (choice.tidal ? choice.station.name : `none: ${choice.reason}`);

describe('choosing a dive site reference tide station', () => {
  // Positions from data/dive-sites (the seeded sites).
  it.each([
    ['Lonsdale Wall, at The Rip (Port Phillip Heads)', -38.2903, 144.6204, 'Point Lonsdale'],
    ["Pope's Eye, inside Port Phillip", -38.2771, 144.6985, 'Queenscliff'],
    ['Portsea Hole, inside Port Phillip', -38.3111, 144.7121, 'Queenscliff'],
    ['Ex-HMAS Canberra, outside the Heads in Bass Strait', -38.3033, 144.5333, 'Point Lonsdale'],
    ['Rye Pier, inside Port Phillip', -38.3672, 144.8222, 'Hovell Pile'],
    ['Rapid Bay Jetty (Gulf St Vincent)', -35.5182, 138.1828, 'Cape Jervis'],
    ['Julian Rocks, off Byron Bay', -28.6118, 153.6282, 'Brunswick Heads'],
  ])('%s takes its tides from %s', (_name, latitude, longitude, expected) => {
    expect(stationOf(choose({ latitude, longitude }))).toContain(expected);
  });

  it('never takes a station on the other side of the Heads, however near', () => {
    const only = (id: string) => [stationsById.get(id)!];
    const site = (latitude: number, longitude: number): SiteForTides => ({
      name: 'A site',
      kind: 'reef',
      description: '',
      tideStation: null,
      latitude,
      longitude,
    });
    const byId = (id: string) => stationsById.get(id);
    // Pope's Eye (inside) and Point Lonsdale's gauge (at the Heads, the sea's side), 7 km apart.
    expect(chooseStation({ site: site(-38.2771, 144.6985), candidates: only('ticon/point_lonsdale-60730-aus-bom'), byId })).toMatchObject({ tidal: false });
    // Ex-HMAS Canberra (outside, in Bass Strait) and Queenscliff's gauge (inside), 12 km apart.
    expect(chooseStation({ site: site(-38.3033, 144.5333), candidates: only('ticon/queenscliff-60732-aus-bom'), byId })).toMatchObject({ tidal: false });
    expect(enclosedWater(-38.2771, 144.6985)).toBe('Port Phillip');
    expect(enclosedWater(-38.2903, 144.6204)).toBeNull();
  });

  it.each([
    ['Kilsby Sinkhole', 'A flooded limestone sinkhole on a sheep farm near Mount Gambier.', -37.94, 140.74],
    ['Piccaninnie Ponds', 'Crystal-clear freshwater spring ponds and a deep chasm.', -38.0508, 140.9364],
  ])('%s, a freshwater sinkhole, has no tide', (name, description, latitude, longitude) => {
    const choice = choose({ name, description, kind: 'cave-sinkhole', latitude, longitude });
    expect(choice).toMatchObject({ tidal: false, reason: 'freshwater' });
  });

  it('of the seeded caves and sinkholes, only the freshwater ones have no tide', () => {
    const seeded: { name: string; kind: string; description: string }[] = ['south-east', 'queensland', 'pacific', 'west-and-north'].flatMap(
      (file) =>
        JSON.parse(readFileSync(join(__dirname, '../../data/dive-sites', `${file}.json`), 'utf8')) as { name: string; kind: string; description: string }[],
    );
    const fresh = seeded.filter(isFreshwater).map((site) => site.name);
    expect(fresh.sort()).toEqual(['Ewens Ponds', 'Kilsby Sinkhole', 'Piccaninnie Ponds', 'The Shaft']);
    expect(seeded.filter((site) => site.kind === 'cave-sinkhole').length).toBeGreaterThan(fresh.length);
  });

  it(`a site with no station within ${MAX_STATION_KM} km has no tide`, () => {
    // Osprey Reef in the Coral Sea, far from any gauge.
    expect(choose({ latitude: -13.9, longitude: 146.6 })).toMatchObject({ tidal: false, reason: 'no-station' });
  });

  it("the administrator's station wins over the nearest, and 'none' means no tide", () => {
    const site = { latitude: -38.2771, longitude: 144.6985 };
    const chosen = choose({ ...site, tideStation: 'ticon/west_channel_pile-60739-aus-bom' });
    expect(chosen).toMatchObject({ tidal: true, chosenBy: 'administrator' });
    expect(stationOf(chosen)).toBe('West Channel Pile');
    expect(choose({ ...site, tideStation: NO_TIDE })).toMatchObject({ tidal: false, reason: 'administrator' });
    // An id the database does not know is ignored: the nearest is chosen.
    expect(stationOf(choose({ ...site, tideStation: 'ticon/nowhere' }))).toBe('Queenscliff');
  });

  it('skips a station the straight line to which crosses land', () => {
    const site = { latitude: -38.2771, longitude: 144.6985 };
    // A strip of land between it and Queenscliff (3 km west): the next nearest in the bay is taken.
    const choice = choose(site, (_lat, lon) => lon > 144.675 && lon < 144.685);
    expect(choice.tidal && choice.station.name).toBe('West Channel Pile');
    expect(stationOf(choose(site, () => false))).toBe('Queenscliff');
    expect(crossesLand({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.2 }, () => false)).toBe(false);
    expect(crossesLand({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.2 }, (_lat, lon) => lon > 0.08 && lon < 0.1)).toBe(true);
    // A site on the shore is not across land from its own gauge on the same shore.
    expect(crossesLand({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.2 }, (_lat, lon) => lon < 0.005)).toBe(false);
  });
});
