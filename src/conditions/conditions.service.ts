import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import * as SunCalc from 'suncalc';
import { addDays, moonPhaseName, principalPhaseBetween, type PrincipalPhase, tideRanges } from 'core/conditions/days';
import { chooseStation, MAX_STATION_KM, type SiteForTides, type StationChoice } from 'core/conditions/station-choice';
import { siteZone } from 'core/conditions/time-zone';
import { TIDE_NOTICE, type ConditionsDay, type SiteConditions, type SunAndMoon, type TideCurve, type TideTurn } from 'core/conditions/types';
import { greatCircleKm } from 'core/geo';
import { fromZonedInput, toZonedInput } from 'core/site-time';
import { Clock } from 'src/common/clock';
import { projectRoot } from 'src/common/project-root';

type Predictor = ReturnType<(typeof import('@neaps/tide-predictor'))['createTidePredictor']>;

/** A station of data/tide-stations.json (scripts/tide-stations.mjs). */
export interface Station {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  datums: { MSL: number | null; LAT: number | null };
  license: { type: string; url: string };
  attribution: string;
  /** [name, amplitude in m, phase in degrees]. */
  constituents: [string, number, number][];
}

interface Stations {
  list: Station[];
  byId: Map<string, Station>;
  createTidePredictor: (typeof import('@neaps/tide-predictor'))['createTidePredictor'];
}

/** A site as the conditions read it. */
export interface ConditionsSite {
  id: number;
  name: string;
  region: string;
  kind: string;
  description: string;
  latitude: string | number;
  longitude: string | number;
  tideStation: string | null;
}

/** One station's day, computed once and kept (DayTides). */
interface DayTides {
  turns: TideTurn[];
  curve: TideCurve;
}

/** How many station-days are kept: every site's week, at a few hundred stations, and then some. */
const KEPT_DAYS = 20_000;
/** The curve's points: one every 20 minutes. */
const CURVE_STEP_MINUTES = 20;

export const CREDITS = [
  { name: 'Neaps tide predictor', licence: 'MIT', url: 'https://github.com/openwatersio/neaps' },
  { name: 'Neaps tide database', licence: 'MIT', url: 'https://github.com/openwatersio/tide-database' },
  { name: 'TICON-4 tidal constants (Hart-Davis, Dettmering, Seitz 2025)', licence: 'CC BY 4.0', url: 'https://doi.org/10.17882/109129' },
];

const LICENCE_NAMES: Record<string, string> = { 'cc-by-4.0': 'CC BY 4.0', 'public domain': 'Public domain', MIT: 'MIT' };

/**
 * Tides, sun and moon for a dive site's days, in its own time zone (issue 46). The harmonic constants
 * (data/tide-stations.json, from @neaps/tide-database) are read on the first call, not at start; a station's day of tides is computed
 * once and kept in this process (an LRU of KEPT_DAYS station-days: the same everywhere, so there is no
 * need to share or store them).
 */
@Injectable()
export class ConditionsService {
  private loading: Promise<Stations> | null = null;
  private readonly predictors = new Map<string, Predictor>();
  private readonly kept = new LRUCache<string, DayTides>({ max: KEPT_DAYS });
  /** Counted for tests and the docs: station-days computed (not served from `kept`). */
  computed = 0;

  constructor(private readonly clock: Clock) {}

  /**
   * The stations the sites may use (data/tide-stations.json, a few hundred of @neaps/tide-database's: the
   * whole database would cost each process about 50 MB of heap), read on first use.
   */
  private stations(): Promise<Stations> {
    this.loading ??= import('@neaps/tide-predictor').then(({ createTidePredictor }) => {
      const list = (JSON.parse(readFileSync(join(projectRoot(), 'data', 'tide-stations.json'), 'utf8')) as { stations: Station[] }).stations;
      return { list, byId: new Map(list.map((station) => [station.id, station])), createTidePredictor };
    });
    return this.loading;
  }

  /** The site's IANA zone. */
  zoneOf(site: Pick<ConditionsSite, 'region' | 'latitude' | 'longitude'>): string {
    return siteZone(site.region, Number(site.latitude), Number(site.longitude));
  }

  /** Today's date (YYYY-MM-DD) as the site's clock reads it. */
  today(zone: string): string {
    return toZonedInput(this.clock.now(), zone).slice(0, 10);
  }

  /** How long, in ms, until the site's next midnight: what shows 'today' there is right until then. */
  untilMidnight(zone: string): number {
    const next = fromZonedInput(`${addDays(this.today(zone), 1)}T00:00`, zone)!;
    return Math.max(0, next.getTime() - this.clock.now().getTime());
  }

  async choose(site: ConditionsSite): Promise<StationChoice<Station>> {
    const { list, byId } = await this.stations();
    const latitude = Number(site.latitude);
    const longitude = Number(site.longitude);
    const candidates = list.filter((station) => greatCircleKm(latitude, longitude, station.latitude, station.longitude) <= MAX_STATION_KM);
    const forTides: SiteForTides = { ...site, latitude, longitude };
    return chooseStation({ site: forTides, candidates, byId: (id) => byId.get(id) });
  }

  /** The site's conditions for `days` days from `from` (YYYY-MM-DD, the site's own dates). */
  async forSite(site: ConditionsSite, from: string, days: number): Promise<SiteConditions> {
    const zone = this.zoneOf(site);
    const latitude = Number(site.latitude);
    const longitude = Number(site.longitude);
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    const starts = [addDays(from, -1), ...dates, addDays(from, days)].map((date) => fromZonedInput(`${date}T00:00`, zone)!);
    const phases = starts.map((start) => SunCalc.getMoonIllumination(start).phase);
    // Each day's principal phase, from the day before the first (spring and neap lag their phase by a day).
    const principal: (PrincipalPhase | null)[] = phases.slice(0, -1).map((phase, i) => principalPhaseBetween(phase, phases[i + 1]));
    const ranges = tideRanges(principal);
    const choice = await this.choose(site);
    const base = { siteId: site.id, timeZone: zone, from, credits: CREDITS };
    const dayOf = (date: string, i: number): ConditionsDay => {
      const start = starts[i + 1];
      const end = starts[i + 2];
      const noon = new Date((start.getTime() + end.getTime()) / 2);
      const sun = SunCalc.getTimes(noon, latitude, longitude);
      // suncalc gives an Invalid Date when the sun does not rise or set (far south or north).
      const local = (value: Date | null) => toZonedInput(value, zone).slice(11, 16) || null;
      const moon = SunCalc.getMoonIllumination(noon);
      const sunAndMoon: SunAndMoon = {
        dawn: local(sun.dawn),
        sunrise: local(sun.sunrise),
        sunset: local(sun.sunset),
        dusk: local(sun.dusk),
        moonPhase: moonPhaseName(principal[i + 1], moon.phase),
        moonIllumination: Math.round(moon.fraction * 100) / 100,
      };
      return { date, tideRange: ranges[i], sun: sunAndMoon };
    };
    if (!choice.tidal) {
      return { ...base, days: dates.map((date, i) => ({ ...dayOf(date, i), tideRange: null })), tidal: false, reason: choice.reason, message: choice.message };
    }
    const { station, distanceKm, chosenBy } = choice;
    const withTides = await Promise.all(dates.map(async (date, i) => ({ ...dayOf(date, i), tides: (await this.dayTides(station, zone, date)).turns })));
    return {
      ...base,
      days: withTides,
      tidal: true,
      station: {
        id: station.id,
        name: station.name,
        latitude: station.latitude,
        longitude: station.longitude,
        distanceKm: Math.round(distanceKm * 10) / 10,
        chosenBy,
        datum: station.datums.MSL === null ? 'MSL' : 'LAT',
        licence: { name: LICENCE_NAMES[station.license.type] ?? station.license.type, url: station.license.url },
        attribution: station.attribution,
      },
      notice: TIDE_NOTICE,
    };
  }

  /** The curve of one of the site's days (the day must be one `forSite` just gave tides for). */
  async curve(site: ConditionsSite, date: string): Promise<TideCurve | null> {
    const choice = await this.choose(site);
    if (!choice.tidal) return null;
    return (await this.dayTides(choice.station, this.zoneOf(site), date)).curve;
  }

  /** A station's highs, lows and curve for a day of `zone`'s clock: computed once, then kept. */
  private async dayTides(station: Station, zone: string, date: string): Promise<DayTides> {
    const key = `${station.id}|${zone}|${date}`;
    const found = this.kept.get(key);
    if (found) return found;
    const predictor = await this.predictorOf(station);
    const start = fromZonedInput(`${date}T00:00`, zone)!;
    const end = fromZonedInput(`${addDays(date, 1)}T00:00`, zone)!;
    const offset = heightOffset(station);
    const round = (metres: number) => Math.round((metres + offset) * 100) / 100;
    const turns = predictor.getExtremesPrediction({ start, end }).map((turn): TideTurn => {
      // To the minute, as tide tables give them.
      const time = new Date(Math.round(turn.time.getTime() / 60_000) * 60_000);
      return { time: time.toISOString(), localTime: toZonedInput(time, zone).slice(11, 16), type: turn.high ? 'high' : 'low', height: round(turn.level) };
    });
    const hours = (end.getTime() - start.getTime()) / 3_600_000;
    const heights = predictor
      .getTimelinePrediction({ start, end, timeFidelity: CURVE_STEP_MINUTES * 60 })
      .filter((point) => point.time.getTime() <= end.getTime())
      .map((point) => round(point.level));
    const day = { turns, curve: { heights, hours } };
    this.computed++;
    this.kept.set(key, day);
    return day;
  }

  private async predictorOf(station: Station): Promise<Predictor> {
    let predictor = this.predictors.get(station.id);
    if (!predictor) {
      const { createTidePredictor } = await this.stations();
      predictor = createTidePredictor(station.constituents.map(([name, amplitude, phase]) => ({ name, amplitude, phase })));
      this.predictors.set(station.id, predictor);
    }
    return predictor;
  }
}

/**
 * What to add to a prediction (about mean sea level) for the height published tables give: above the
 * station's zero, the chart datum of its gauge (near the lowest astronomical tide, as Fort Denison's), or
 * above its lowest astronomical tide where its datums lie on another zero that LAT is below (Brunswick
 * Heads' LAT is -0.80 m on its zero): so no height shown is below zero but the lowest tides.
 */
export function heightOffset(station: Pick<Station, 'datums'>): number {
  const { MSL, LAT } = station.datums;
  return (MSL ?? 0) - Math.min(0, LAT ?? 0);
}
