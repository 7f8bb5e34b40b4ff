import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FORECAST_CLIENT_OPTIONS, type ForecastClientOptions } from 'src/forecast/open-meteo.client';
import { startTestApp, type TestApp } from './test-app';

/**
 * A local stand-in for Open-Meteo's Marine API (/v1/marine) and Forecast API (/v1/forecast), answering in their
 * documented JSON: for one location an object, for a comma-separated list an array of them, each with
 * `latitude`, `longitude`, `utc_offset_seconds`, `timezone`, `hourly_units` and `hourly` (`time` in local
 * time 'YYYY-MM-DDTHH:MM', and one array per variable asked for in `hourly`). It can fail as a provider does.
 */
export type StandInMode = 'ok' | '500' | 'timeout' | 'malformed' | 'missing-field';

export interface StandInRequest {
  api: 'marine' | 'weather';
  locations: number;
  params: URLSearchParams;
}

/** What the stand-in forecasts for every location and hour (the tests change it between fetches). */
export interface StandInWeather {
  swellHeightM: number;
  swellDirectionDeg: number;
  swellPeriodS: number;
  /** Null: the model gives no secondary swell there (its values are null). */
  secondarySwellHeightM: number | null;
  seaTempC: number;
  windKmh: number;
  windDirectionDeg: number;
  gustKmh: number;
}

export const DEFAULT_STAND_IN_WEATHER: StandInWeather = {
  swellHeightM: 1.8,
  swellDirectionDeg: 135,
  swellPeriodS: 11,
  secondarySwellHeightM: null,
  seaTempC: 21.4,
  windKmh: 30,
  windDirectionDeg: 315,
  gustKmh: 41,
};

/** A sea that divides the sites: a metre of south-east swell and an easterly breeze. */
export const DIVIDING_SEA: Partial<StandInWeather> = {
  swellHeightM: 1.0,
  swellDirectionDeg: 135,
  swellPeriodS: 9,
  windKmh: 14,
  windDirectionDeg: 90,
  gustKmh: 22,
};

/** Australian Eastern Standard Time, as `timezone=auto` gives for Byron Bay. */
const OFFSET_SECONDS = 10 * 3600;

export interface ForecastStandIn {
  marineUrl: string;
  weatherUrl: string;
  requests: StandInRequest[];
  mode: { marine: StandInMode; weather: StandInMode };
  weather: StandInWeather;
  /** The moment the forecast's 7 days start from (its day); a test that moves the app's clock moves this too. */
  now: () => Date;
  close(): Promise<void>;
}

function hourly(names: string[], weather: StandInWeather, now: Date): Record<string, (string | number | null)[]> {
  const start = new Date(now.getTime() + OFFSET_SECONDS * 1000);
  start.setUTCHours(0, 0, 0, 0);
  const time = Array.from({ length: 7 * 24 }, (_, i) => new Date(start.getTime() + i * 3_600_000).toISOString().slice(0, 16));
  const value: Record<string, number | null> = {
    swell_wave_height: weather.swellHeightM,
    swell_wave_direction: weather.swellDirectionDeg,
    swell_wave_period: weather.swellPeriodS,
    secondary_swell_wave_height: weather.secondarySwellHeightM,
    secondary_swell_wave_direction: weather.secondarySwellHeightM === null ? null : 180,
    secondary_swell_wave_period: weather.secondarySwellHeightM === null ? null : 13,
    wave_height: weather.swellHeightM + 0.3,
    wave_direction: weather.swellDirectionDeg,
    wave_period: weather.swellPeriodS - 2,
    sea_surface_temperature: weather.seaTempC,
    wind_speed_10m: weather.windKmh,
    wind_gusts_10m: weather.gustKmh,
    wind_direction_10m: weather.windDirectionDeg,
  };
  return Object.fromEntries([['time', time], ...names.map((name) => [name, time.map(() => value[name] ?? null)])]);
}

export async function startForecastStandIn(): Promise<ForecastStandIn> {
  const stand: Omit<ForecastStandIn, 'marineUrl' | 'weatherUrl' | 'close'> = {
    requests: [],
    mode: { marine: 'ok', weather: 'ok' },
    weather: { ...DEFAULT_STAND_IN_WEATHER },
    now: () => new Date(),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const api = url.pathname === '/v1/marine' ? 'marine' : url.pathname === '/v1/forecast' ? 'weather' : null;
    if (!api) return res.writeHead(404).end();
    const latitudes = (url.searchParams.get('latitude') ?? '').split(',').map(Number);
    const longitudes = (url.searchParams.get('longitude') ?? '').split(',').map(Number);
    stand.requests.push({ api, locations: latitudes.length, params: url.searchParams });
    const mode = stand.mode[api];
    if (mode === 'timeout') return; // never answers: the client's timeout ends it
    if (mode === '500') return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":true,"reason":"Internal error"}');
    if (mode === 'malformed') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"latitude": -28.6, "hourly": {"time": ["2026-');
    const names = (url.searchParams.get('hourly') ?? '').split(',').filter(Boolean);
    const answers = latitudes.map((latitude, i) => {
      const block = hourly(names, stand.weather, stand.now());
      if (mode === 'missing-field') delete block[api === 'marine' ? 'swell_wave_height' : 'wind_speed_10m'];
      return {
        latitude,
        longitude: longitudes[i],
        generationtime_ms: 0.4,
        utc_offset_seconds: OFFSET_SECONDS,
        timezone: 'Australia/Brisbane',
        timezone_abbreviation: 'AEST',
        hourly_units: Object.fromEntries(Object.keys(block).map((name) => [name, name === 'time' ? 'iso8601' : ''])),
        hourly: block,
      };
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answers.length === 1 ? answers[0] : answers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(stand, {
    marineUrl: `${base}/v1/marine`,
    weatherUrl: `${base}/v1/forecast`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * The forecast client's options for a spec whose refreshes must succeed: 10 s, long enough that a loaded
 * machine's stand-in still answers in time (none of these specs tests the timeout itself).
 */
export const STAND_IN_TIMEOUT_MS = 10_000;

/** The provider that gives the forecast client these options (no pause between requests). */
export function forecastClientOverride(timeoutMs = STAND_IN_TIMEOUT_MS) {
  const options: ForecastClientOptions = { timeoutMs, minIntervalMs: 0, cellsPerRequest: 500 };
  return { provide: FORECAST_CLIENT_OPTIONS, useValue: options };
}

/** The app's settings and the client's options that point the forecast at a stand-in. */
export function forecastFrom(standIn: ForecastStandIn, timeoutMs = STAND_IN_TIMEOUT_MS) {
  return {
    env: { FORECAST: 'on', FORECAST_MARINE_URL: standIn.marineUrl, FORECAST_WEATHER_URL: standIn.weatherUrl },
    override: forecastClientOverride(timeoutMs),
  };
}

/** A stand-in (its sea changed by `weather`) and a test app whose forecast comes from it; close both after. */
export async function startForecastApp(
  env: Record<string, string> = {},
  { weather = {}, timeoutMs }: { weather?: Partial<StandInWeather>; timeoutMs?: number } = {},
): Promise<{ t: TestApp; standIn: ForecastStandIn }> {
  const standIn = await startForecastStandIn();
  Object.assign(standIn.weather, weather);
  const { env: forecastEnv, override } = forecastFrom(standIn, timeoutMs);
  const t = await startTestApp({ ...forecastEnv, ...env }, { overrides: [override] });
  return { t, standIn };
}

/**
 * For a browser suite: a stand-in started before the suite's app (hooks run in the order they are
 * registered, so call this before browserSuite), its address written into `env`, closed after the suite.
 * Give browserSuite `env` and the returned `override`; `standIn()` is the running stand-in.
 */
export function forecastStandInForSuite(env: Record<string, string>, weather: Partial<StandInWeather> = {}) {
  let standIn: ForecastStandIn | undefined;
  Object.assign(env, { FORECAST: 'on' });
  beforeAll(async () => {
    standIn = await startForecastStandIn();
    Object.assign(standIn.weather, weather);
    Object.assign(env, forecastFrom(standIn).env);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return { override: forecastClientOverride(), standIn: () => standIn! };
}
