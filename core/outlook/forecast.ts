/**
 * A marine forecast as the site keeps it: one record a day (the site's local date), made from the provider's
 * hourly values by `forecastDays`. Pure: the server's provider client (src/forecast) and the tests use it.
 */

/** Swell or waves: significant height (m), period (s), and the bearing they come from (degrees). */
export interface SeaState {
  heightM: number;
  periodS: number | null;
  directionDeg: number | null;
}

/** Wind at 10 m: mean speed and gusts (km/h), and the bearing it blows from (degrees). */
export interface Wind {
  speedKmh: number;
  gustKmh: number | null;
  directionDeg: number | null;
}

export interface ForecastDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The primary swell at its highest in the day's diving hours; null when the forecast has none. */
  swell: SeaState | null;
  /** The secondary swell, where the model gives one. */
  secondarySwell: SeaState | null;
  /** All waves together (swell and wind waves). */
  waves: SeaState | null;
  /** The wind at its strongest in the day's diving hours. */
  wind: Wind | null;
  /** Sea-surface temperature, the day's mean (°C). */
  seaTempC: number | null;
}

/** The hours that count for a dive: 06:00 to 18:00 local time. */
export const DIVING_HOURS = { from: 6, to: 18 } as const;

/** A provider's hourly block: `time` (local ISO without zone, 'YYYY-MM-DDTHH:MM') and one array per variable. */
export type HourlyBlock = Record<string, (number | null)[] | string[] | undefined> & { time: string[] };

type Series = (number | null)[] | undefined;

const at = (series: Series, i: number): number | null => {
  const value = series?.[i];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

function divingHours(time: string[]): Map<string, number[]> {
  const days = new Map<string, number[]>();
  time.forEach((stamp, i) => {
    const hour = Number(stamp.slice(11, 13));
    if (hour < DIVING_HOURS.from || hour > DIVING_HOURS.to) return;
    const date = stamp.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), i]);
  });
  return days;
}

/** The sea state at the hour its height is greatest; null when no hour has a height. */
function highest(hours: number[], height: Series, period: Series, direction: Series): SeaState | null {
  let best: number | null = null;
  for (const i of hours) {
    const value = at(height, i);
    if (value !== null && (best === null || value > (at(height, best) ?? -1))) best = i;
  }
  if (best === null) return null;
  return { heightM: at(height, best) as number, periodS: at(period, best), directionDeg: at(direction, best) };
}

function strongest(hours: number[], speed: Series, gust: Series, direction: Series): Wind | null {
  let best: number | null = null;
  for (const i of hours) {
    const value = at(speed, i);
    if (value !== null && (best === null || value > (at(speed, best) ?? -1))) best = i;
  }
  if (best === null) return null;
  const gusts = hours.map((i) => at(gust, i)).filter((value): value is number => value !== null);
  return { speedKmh: at(speed, best) as number, gustKmh: gusts.length ? Math.max(...gusts) : null, directionDeg: at(direction, best) };
}

function mean(hours: number[], series: Series): number | null {
  const values = hours.map((i) => at(series, i)).filter((value): value is number => value !== null);
  return values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null;
}

/**
 * The days of a marine and a weather answer (Open-Meteo's hourly blocks, in the location's local time): for
 * each date either block has diving hours of, the highest swell and waves, the strongest wind, the mean
 * sea temperature. A value the provider left null (a grid cell over land) is a null here, never a zero.
 */
export function forecastDays(marine: HourlyBlock, weather: HourlyBlock): ForecastDay[] {
  const sea = divingHours(marine.time);
  const air = divingHours(weather.time);
  const dates = [...new Set([...sea.keys(), ...air.keys()])].sort();
  const m = marine as Record<string, Series>;
  const w = weather as Record<string, Series>;
  return dates.map((date) => {
    const s = sea.get(date) ?? [];
    const a = air.get(date) ?? [];
    return {
      date,
      swell: highest(s, m.swell_wave_height, m.swell_wave_period, m.swell_wave_direction),
      secondarySwell: highest(s, m.secondary_swell_wave_height, m.secondary_swell_wave_period, m.secondary_swell_wave_direction),
      waves: highest(s, m.wave_height, m.wave_period, m.wave_direction),
      wind: strongest(a, w.wind_speed_10m, w.wind_gusts_10m, w.wind_direction_10m),
      seaTempC: mean(s, m.sea_surface_temperature),
    };
  });
}

/** The marine variables asked for, hourly; the first three must be in every answer. */
export const MARINE_HOURLY = [
  'swell_wave_height',
  'swell_wave_direction',
  'swell_wave_period',
  'wave_height',
  'wave_direction',
  'wave_period',
  'secondary_swell_wave_height',
  'secondary_swell_wave_direction',
  'secondary_swell_wave_period',
  'sea_surface_temperature',
] as const;
export const MARINE_REQUIRED = ['swell_wave_height', 'swell_wave_direction', 'swell_wave_period'] as const;

/** The weather variables asked for, hourly; all must be in every answer. */
export const WEATHER_HOURLY = ['wind_speed_10m', 'wind_gusts_10m', 'wind_direction_10m'] as const;
export const WEATHER_REQUIRED = WEATHER_HOURLY;

/** The forecast grid cells are this many degrees square (Open-Meteo's global wave models run at 0.25°). */
export const CELL_DEGREES = 0.25;

/** The grid cell a position falls in: 'row:column' of CELL_DEGREES squares (the same in SQL: floor(x * 4)). */
export function cellKey(latitude: number, longitude: number): string {
  return `${Math.floor(latitude / CELL_DEGREES)}:${Math.floor(longitude / CELL_DEGREES)}`;
}

/** The local date at `now` for a location `utcOffsetSeconds` from UTC, YYYY-MM-DD. */
export function localDate(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}
