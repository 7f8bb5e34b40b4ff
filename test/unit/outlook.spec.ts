import { compassPoint, facing, type CompassPoint } from 'core/outlook/compass';
import { cellKey, forecastDays, type ForecastDay } from 'core/outlook/forecast';
import type { TideRange } from 'core/conditions/days';
import { dayOutlook, OUTLOOK_DISCLAIMER, tidalCurrentAt, type OutlookRating, type OutlookSite } from 'core/outlook/rules';

/** An east-facing open-coast boat dive for experienced divers (swell from N round to S reaches it; easterlies onshore). */
const EAST_COAST: OutlookSite = {
  skillLevel: 'Advanced',
  access: 'boat',
  swellExposure: ['NE', 'E', 'SE', 'S'],
  onshoreWinds: ['NE', 'E', 'SE'],
};
const BEGINNER_SHORE: OutlookSite = { ...EAST_COAST, skillLevel: 'Beginner', access: 'shore' };
/** A bay site sheltered from the south (Shelly Beach's kind): only north-east and east swell gets in. */
const SOUTH_SHELTERED: OutlookSite = { skillLevel: 'Beginner', access: 'shore', swellExposure: ['NE', 'E'], onshoreWinds: ['N', 'NE', 'E'] };
const UNPROFILED: OutlookSite = { skillLevel: 'Intermediate', access: 'both', swellExposure: null, onshoreWinds: null };
const INTERMEDIATE_BOAT: OutlookSite = { ...EAST_COAST, skillLevel: 'Intermediate' };
/** A wall in a tidal entrance (Lonsdale Wall's kind, at The Rip of Port Phillip Heads), dived from a boat. */
const RIP_WALL: OutlookSite = { skillLevel: 'Advanced', access: 'boat', swellExposure: ['S', 'SW'], onshoreWinds: ['S', 'SW', 'W'], tidalCurrent: 'The Rip' };

const day = (parts: Partial<ForecastDay>): ForecastDay => ({
  date: '2026-11-28',
  swell: null,
  secondarySwell: null,
  waves: null,
  wind: null,
  seaTempC: 21,
  ...parts,
});
const swell = (heightM: number, periodS: number, directionDeg: number) => ({ heightM, periodS, directionDeg });
const wind = (speedKmh: number, directionDeg: number, gustKmh: number | null = null) => ({ speedKmh, gustKmh, directionDeg });

describe('the outlook rules (issue 46)', () => {
  it.each<[string, OutlookSite, ForecastDay, 'good' | 'fair' | 'poor' | null, string[]]>([
    [
      'a 1.8 m south-east swell at 11 s reaching an east-facing site is fair for experienced divers',
      EAST_COAST,
      day({ swell: swell(1.8, 11, 135), wind: wind(10, 270) }),
      'fair',
      ['1.8 m south-east swell at 11 s reaches this east-facing site', 'west wind 10 km/h, offshore here'],
    ],
    [
      'the same swell is poor at a Beginner shore entry on the same coast',
      BEGINNER_SHORE,
      day({ swell: swell(1.8, 11, 135), wind: wind(10, 270) }),
      'poor',
      ['1.8 m south-east swell at 11 s reaches this east-facing site'],
    ],
    [
      'a small swell and an offshore breeze are good',
      EAST_COAST,
      day({ swell: swell(0.8, 9, 90), wind: wind(12, 270) }),
      'good',
      ['0.8 m east swell at 9 s reaches this east-facing site', 'west wind 12 km/h, offshore here'],
    ],
    [
      'a long-period swell counts higher than its height: 1.4 m at 14 s is fair for experienced divers',
      EAST_COAST,
      day({ swell: swell(1.4, 14, 90), wind: wind(5, 270) }),
      'fair',
      ['1.4 m east swell at 14 s reaches this east-facing site'],
    ],
    [
      'a south swell does not reach a site sheltered from the south',
      SOUTH_SHELTERED,
      day({ swell: swell(2, 10, 180), wind: wind(8, 270) }),
      'good',
      ['2.0 m south swell at 10 s: this north-east-facing site is sheltered from the south'],
    ],
    [
      'a big sheltered-from swell still wraps round: fair',
      SOUTH_SHELTERED,
      day({ swell: swell(3.5, 13, 180), wind: wind(8, 270) }),
      'fair',
      ['3.5 m south swell at 13 s: this north-east-facing site is sheltered from the south, but swell this big wraps round'],
    ],
    [
      'a north-west wind of 30 km/h is offshore on an east coast: fair, not poor',
      EAST_COAST,
      day({ swell: swell(0.5, 8, 90), wind: wind(30, 315) }),
      'fair',
      ['north-west wind 30 km/h, offshore here'],
    ],
    ['an onshore wind of 30 km/h is poor', EAST_COAST, day({ swell: swell(0.5, 8, 90), wind: wind(30, 90) }), 'poor', ['east wind 30 km/h, onshore here']],
    [
      'an onshore 18 km/h breeze is fair at a shore entry for beginners, stricter than from a boat',
      BEGINNER_SHORE,
      day({ swell: swell(0.4, 8, 90), wind: wind(14, 90) }),
      'fair',
      ['east wind 14 km/h, onshore here', 'judged strictly: a Beginner site'],
    ],
    [
      'gusts of 55 km/h make any day poor',
      EAST_COAST,
      day({ swell: swell(0.5, 8, 90), wind: wind(20, 270, 55) }),
      'poor',
      ['west wind 20 km/h, gusts 55 km/h, offshore here'],
    ],
    [
      'a secondary swell is judged too',
      EAST_COAST,
      day({ swell: swell(0.6, 8, 90), secondarySwell: swell(2.2, 12, 150), wind: wind(5, 270) }),
      'poor',
      ['2.2 m south-east secondary swell at 12 s reaches this east-facing site'],
    ],
    [
      'a site with no exposure profile is judged as if exposed, and says so',
      UNPROFILED,
      day({ swell: swell(1.0, 9, 200), wind: wind(10, 200) }),
      'good',
      [
        "1.0 m south swell at 9 s: this site's exposure is not profiled, so it is judged as if the swell reaches it",
        "south wind 10 km/h, this site's onshore winds are not profiled, so it is judged as onshore",
      ],
    ],
    [
      'a closed site is poor whatever the sea does',
      { ...EAST_COAST, status: 'closed' },
      day({ swell: swell(0.3, 7, 90), wind: wind(5, 270) }),
      'poor',
      ['the site is closed'],
    ],
  ])('%s', (_, site, forecast, rating, reasons) => {
    const outlook = dayOutlook(site, forecast);
    expect(outlook.rating).toBe(rating);
    expect(outlook.reasons).toEqual(expect.arrayContaining(reasons));
    expect(outlook.disclaimer).toBe(OUTLOOK_DISCLAIMER);
  });

  it.each<[string, OutlookSite, ForecastDay, OutlookRating, string[]]>([
    [
      'an Intermediate site from a boat takes 1.1 m of swell as good',
      INTERMEDIATE_BOAT,
      day({ swell: swell(1.1, 9, 90), wind: wind(5, 270) }),
      'good',
      ['1.1 m east swell at 9 s reaches this east-facing site'],
    ],
    [
      'the same swell is fair at an Intermediate shore entry: stricter from the shore',
      { ...INTERMEDIATE_BOAT, access: 'shore' },
      day({ swell: swell(1.1, 9, 90), wind: wind(5, 270) }),
      'fair',
      ['1.1 m east swell at 9 s reaches this east-facing site', 'judged strictly: a shore entry'],
    ],
    [
      'and fair at a Beginner site even from a boat: stricter for beginners',
      { ...INTERMEDIATE_BOAT, skillLevel: 'Beginner' },
      day({ swell: swell(1.1, 9, 90), wind: wind(5, 270) }),
      'fair',
      ['1.1 m east swell at 9 s reaches this east-facing site', 'judged strictly: a Beginner site'],
    ],
    [
      'an onshore 14 km/h breeze is good from a boat',
      INTERMEDIATE_BOAT,
      day({ swell: swell(0.4, 8, 90), wind: wind(14, 90) }),
      'good',
      ['east wind 14 km/h, onshore here'],
    ],
    [
      'but fair at a shore entry',
      { ...INTERMEDIATE_BOAT, access: 'shore' },
      day({ swell: swell(0.4, 8, 90), wind: wind(14, 90) }),
      'fair',
      ['east wind 14 km/h, onshore here', 'judged strictly: a shore entry'],
    ],
  ])('stricter for Beginner sites and shore entries: %s', (_, site, forecast, rating, reasons) => {
    const outlook = dayOutlook(site, forecast);
    expect(outlook.rating).toBe(rating);
    expect(outlook.reasons).toEqual(expect.arrayContaining(reasons));
  });

  it.each<[string, OutlookSite, TideRange, OutlookRating, string[]]>([
    [
      'spring tides at a tidal-current site: at best fair, dive the slack',
      RIP_WALL,
      'spring',
      'fair',
      ['spring tide: strongest current mid-tide at The Rip; dive the slack', '0.5 m south swell at 8 s reaches this south-facing site'],
    ],
    [
      'spring tides at a Beginner tidal-current site: poor',
      { ...RIP_WALL, skillLevel: 'Beginner' },
      'spring',
      'poor',
      ['spring tide: strongest current mid-tide at The Rip; dive the slack'],
    ],
    ['neap tides at the same site change nothing', RIP_WALL, 'neap', 'good', ['0.5 m south swell at 8 s reaches this south-facing site']],
    ['a day between spring and neap changes nothing', RIP_WALL, null, 'good', ['north wind 10 km/h, offshore here']],
    ['spring tides at a site without a tidal current change nothing', { ...RIP_WALL, tidalCurrent: null }, 'spring', 'good', []],
  ])('%s', (_, site, tide, rating, reasons) => {
    const outlook = dayOutlook(site, day({ swell: swell(0.5, 8, 180), wind: wind(10, 0) }), tide);
    expect(outlook.rating).toBe(rating);
    expect(outlook.reasons).toEqual(expect.arrayContaining(reasons));
    // The spring-tide reason only where it counts, and the deciding reason first.
    expect(outlook.reasons.some((reason) => reason.startsWith('spring tide'))).toBe(tide === 'spring' && Boolean(site.tidalCurrent));
    if (rating !== 'good') expect(outlook.reasons[0]).toBe('spring tide: strongest current mid-tide at The Rip; dive the slack');
  });

  it('spring tides alone judge no day: with no forecast there is still no rating', () => {
    const outlook = dayOutlook(RIP_WALL, null, 'spring');
    expect(outlook.rating).toBeNull();
    expect(outlook.label).toBe('Not judged');
    expect(outlook.unjudged).toEqual(expect.arrayContaining([expect.stringMatching(/^the swell/), expect.stringMatching(/^the wind/)]));
  });

  it.each<[string, { name: string; bestTime: string | null; hazards: string | null }, string | null]>([
    [
      'slack water in its best time',
      { name: 'Lonsdale Wall', bestTime: 'Slack water only, preferably on neap tides in calm weather', hazards: 'Strong currents' },
      'Lonsdale Wall',
    ],
    ['slack water in its hazards', { name: 'Ex-HMAS Hobart', bestTime: 'Year-round', hazards: 'Strong currents (dive at slack water)' }, 'Ex-HMAS Hobart'],
    ['no word of slack water', { name: 'Julian Rocks Nursery', bestTime: 'Year-round; calm northerly days', hazards: null }, null],
    ['a longer word that begins with it', { name: 'Bay Reef', bestTime: 'Any tide off Slackwater Point', hazards: 'Boats' }, null],
  ])("a site's tidal current from its guide text: %s", (_, site, expected) => {
    expect(tidalCurrentAt(site)).toBe(expected);
  });

  it.each<[string, ForecastDay | null, (string | null)[], string[]]>([
    ['no forecast at all: no rating, both parts named as not judged', null, [null, 'Not judged'], ['the swell', 'the wind']],
    ['wind missing: a calm swell is fair at best, never good by default', day({ swell: swell(0.3, 7, 90) }), ['fair', 'Fair'], ['the wind']],
    ['swell missing: a light wind is fair at best', day({ wind: wind(5, 270) }), ['fair', 'Fair'], ['the swell']],
  ])('%s', (_, forecast, [rating, label], missing) => {
    const outlook = dayOutlook(EAST_COAST, forecast);
    expect(outlook.rating).toBe(rating);
    expect(outlook.label).toBe(label);
    for (const part of missing) expect(outlook.unjudged.some((text) => text.startsWith(part))).toBe(true);
    expect(outlook.disclaimer).toBe('A model, not an observation: check with a local operator');
  });

  it('falls back to the total waves when the forecast has no swell, and says waves', () => {
    const outlook = dayOutlook(EAST_COAST, day({ waves: swell(1.0, 6, 45), wind: wind(5, 270) }));
    expect(outlook.reasons[0]).toBe('1.0 m north-east waves at 6 s reaches this east-facing site');
  });

  it('says an unprofiled site cannot be judged for exposure', () => {
    expect(dayOutlook(UNPROFILED, day({ swell: swell(1, 9, 90), wind: wind(5, 90) })).unjudged).toContain("the site's exposure: it is not profiled");
  });
});

describe('compass points and facing', () => {
  it.each<[number, CompassPoint]>([
    [0, 'N'],
    [22, 'N'],
    [23, 'NE'],
    [135, 'SE'],
    [337.4, 'NW'],
    [359, 'N'],
    [-45, 'NW'],
  ])('%s° is %s', (degrees, point) => expect(compassPoint(degrees)).toBe(point));

  it.each<[CompassPoint[], CompassPoint | null]>([
    [['NE', 'E', 'SE'], 'E'],
    [['NW', 'N', 'NE'], 'N'],
    [['E'], 'E'],
    [[], null],
    [['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'], null],
    [['N', 'S'], null],
  ])('an exposure of %j faces %s', (points, expected) => expect(facing(points)).toBe(expected));
});

describe('daily values from the hourly forecast', () => {
  const hours = ['2026-11-28T05:00', '2026-11-28T09:00', '2026-11-28T15:00', '2026-11-29T10:00'];
  it('takes the highest swell and strongest wind of the diving hours, keeps nulls as nulls', () => {
    const days = forecastDays(
      {
        time: hours,
        swell_wave_height: [3.0, 1.2, 1.6, null],
        swell_wave_direction: [90, 100, 135, null],
        swell_wave_period: [14, 9, 11, null],
        sea_surface_temperature: [20, 21, 22, null],
      },
      { time: hours, wind_speed_10m: [40, 12, 20, 8], wind_gusts_10m: [60, 20, 31, 15], wind_direction_10m: [180, 270, 315, 90] },
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-28', '2026-11-29']);
    // 05:00 is before the diving hours: its 3 m swell and 40 km/h wind do not count.
    expect(days[0].swell).toEqual({ heightM: 1.6, periodS: 11, directionDeg: 135 });
    expect(days[0].wind).toEqual({ speedKmh: 20, gustKmh: 31, directionDeg: 315 });
    expect(days[0].seaTempC).toBe(21.5);
    expect(days[0].secondarySwell).toBeNull();
    expect(days[1].swell).toBeNull();
    expect(days[1].seaTempC).toBeNull();
    expect(days[1].wind).toEqual({ speedKmh: 8, gustKmh: 15, directionDeg: 90 });
  });

  it('puts positions into 0.25° cells, south and west of the origin too', () => {
    expect(cellKey(-28.6117, 153.6267)).toBe('-115:614');
    expect(cellKey(-28.76, 153.6)).toBe('-116:614');
    expect(cellKey(-28.6117, 153.6267)).toBe(cellKey(-28.55, 153.74));
  });
});
