import { forecastDays, MARINE_HOURLY, MARINE_REQUIRED, WEATHER_HOURLY, WEATHER_REQUIRED, type ForecastDay, type HourlyBlock } from 'core/outlook/forecast';
import type { ForecastConfig } from 'src/config/app.config';

/** How the provider is asked: the longest one request may take, and the least time between two requests. */
export interface ForecastClientOptions {
  timeoutMs: number;
  /** Requests of one process are at least this far apart (a bounded rate: Open-Meteo's free tier allows 600 a minute). */
  minIntervalMs: number;
  /** Locations asked in one request (Open-Meteo takes a comma-separated list and answers an array). */
  cellsPerRequest: number;
}
export const FORECAST_CLIENT_OPTIONS = Symbol('FORECAST_CLIENT_OPTIONS');
export const DEFAULT_FORECAST_CLIENT_OPTIONS: ForecastClientOptions = { timeoutMs: 20_000, minIntervalMs: 1_000, cellsPerRequest: 50 };

/** A grid cell asked for: its key and the position asked at (the mean of its sites' positions). */
export interface CellQuery {
  cell: string;
  latitude: number;
  longitude: number;
}

export interface CellForecast {
  cell: string;
  utcOffsetSeconds: number;
  days: ForecastDay[];
}

/** The provider could not be asked or its answer could not be used: what went wrong, in a line. */
export class ForecastFetchError extends Error {
  override name = 'ForecastFetchError';
}

interface LocationAnswer {
  utc_offset_seconds?: unknown;
  hourly?: Record<string, unknown>;
}

/** The hourly block of one location of an answer, checked: every required variable an array as long as `time`. */
function hourlyOf(answer: LocationAnswer, api: string, required: readonly string[]): { block: HourlyBlock; offset: number } {
  const hourly = answer?.hourly;
  if (!hourly || typeof hourly !== 'object' || !Array.isArray(hourly.time) || !hourly.time.every((t) => typeof t === 'string')) {
    throw new ForecastFetchError(`the ${api} answer has no hourly times`);
  }
  const length = hourly.time.length;
  for (const name of required) {
    const series = hourly[name];
    if (!Array.isArray(series) || series.length !== length) throw new ForecastFetchError(`the ${api} answer has no hourly ${name}`);
  }
  for (const [name, series] of Object.entries(hourly)) {
    if (name === 'time') continue;
    if (!Array.isArray(series) || series.length !== length || !series.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)))) {
      throw new ForecastFetchError(`the ${api} answer's hourly ${name} is not a list of numbers`);
    }
  }
  const offset = typeof answer.utc_offset_seconds === 'number' && Number.isInteger(answer.utc_offset_seconds) ? answer.utc_offset_seconds : 0;
  return { block: hourly as HourlyBlock, offset };
}

/**
 * Open-Meteo's Marine API (swell, waves, sea-surface temperature) and Forecast API (wind at 10 m), 7 days hourly
 * in each location's own time (`timezone=auto`), many grid cells in one request. Every failure (a refused
 * connection, a timeout, a status other than 200, a body that is not JSON, a missing variable) is a
 * ForecastFetchError naming it; a variable the model does not give at a place (null values) is not one.
 */
export class OpenMeteoClient {
  private last = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: ForecastConfig,
    private readonly options: ForecastClientOptions,
  ) {}

  async fetch(cells: CellQuery[]): Promise<CellForecast[]> {
    const marine = await this.ask(this.config.marineUrl, 'marine', cells, MARINE_HOURLY);
    const weather = await this.ask(this.config.weatherUrl, 'weather', cells, WEATHER_HOURLY);
    return cells.map((query, i) => {
      const sea = hourlyOf(marine[i], 'marine', MARINE_REQUIRED);
      const air = hourlyOf(weather[i], 'weather', WEATHER_REQUIRED);
      return { cell: query.cell, utcOffsetSeconds: sea.offset, days: forecastDays(sea.block, air.block) };
    });
  }

  /** One paced GET; the answer's locations in the order asked (one location's answer is an object, several an array). */
  private async ask(base: string, api: string, cells: CellQuery[], hourly: readonly string[]): Promise<LocationAnswer[]> {
    const url = new URL(base);
    url.searchParams.set('latitude', cells.map((cell) => cell.latitude.toFixed(4)).join(','));
    url.searchParams.set('longitude', cells.map((cell) => cell.longitude.toFixed(4)).join(','));
    url.searchParams.set('hourly', hourly.join(','));
    url.searchParams.set('forecast_days', '7');
    url.searchParams.set('timezone', 'auto');
    if (api === 'weather') url.searchParams.set('wind_speed_unit', 'kmh');
    if (this.config.apiKey) url.searchParams.set('apikey', this.config.apiKey);
    await this.paced();
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs), headers: { Accept: 'application/json' } });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs / 1000} s` : 'could not connect';
      throw new ForecastFetchError(`the ${api} API: ${reason}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ForecastFetchError(`the ${api} API: the answer was cut off`);
    }
    if (response.status !== 200) throw new ForecastFetchError(`the ${api} API answered ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ForecastFetchError(`the ${api} API's answer is not JSON`);
    }
    const list = Array.isArray(body) ? body : [body];
    if (list.length !== cells.length || !list.every((item) => item && typeof item === 'object')) {
      throw new ForecastFetchError(`the ${api} API answered ${list.length} locations for ${cells.length}`);
    }
    return list as LocationAnswer[];
  }

  /** Waits its turn: requests of this client start at least minIntervalMs apart. */
  private paced(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.last + this.options.minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.last = Date.now();
    });
    this.queue = turn;
    return turn;
  }
}
