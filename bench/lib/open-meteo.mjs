// A stand-in for Open-Meteo's marine and weather forecast APIs (this machine cannot reach them), answering
// every location asked at once in the providers' JSON: used by bench/conditions.mjs and by the Lighthouse
// part of bench/run.mjs, whose server then stores a forecast as production's does.
import http from 'node:http';

/** Open-Meteo's hourly answer for one location: 7 days from today (UTC+10), a moderate sea. */
export function location(latitude, longitude, names) {
  const start = new Date(Date.now() + 10 * 3_600_000);
  start.setUTCHours(0, 0, 0, 0);
  const time = Array.from({ length: 7 * 24 }, (_, i) => new Date(start.getTime() + i * 3_600_000).toISOString().slice(0, 16));
  const value = {
    swell_wave_height: 1.1,
    swell_wave_direction: 135,
    swell_wave_period: 10,
    wave_height: 1.4,
    wave_direction: 135,
    wave_period: 8,
    secondary_swell_wave_height: null,
    secondary_swell_wave_direction: null,
    secondary_swell_wave_period: null,
    sea_surface_temperature: 21,
    wind_speed_10m: 14,
    wind_gusts_10m: 22,
    wind_direction_10m: 90,
  };
  return {
    latitude,
    longitude,
    utc_offset_seconds: 36_000,
    timezone: 'Australia/Brisbane',
    hourly: Object.fromEntries([['time', time], ...names.map((name) => [name, time.map(() => value[name] ?? null)])]),
  };
}

/** The stand-in on a free port: its two base URLs (FORECAST_MARINE_URL, FORECAST_WEATHER_URL), how many requests it answered. */
export async function startOpenMeteo() {
  let requests = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://stand-in');
    requests++;
    const latitudes = (url.searchParams.get('latitude') ?? '').split(',');
    const longitudes = (url.searchParams.get('longitude') ?? '').split(',');
    const names = (url.searchParams.get('hourly') ?? '').split(',');
    const answers = latitudes.map((latitude, i) => location(Number(latitude), Number(longitudes[i]), names));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answers.length === 1 ? answers[0] : answers));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    marineUrl: `${base}/v1/marine`,
    weatherUrl: `${base}/v1/forecast`,
    /** The server's environment that fetches its forecast from here. */
    env: { FORECAST: 'on', FORECAST_MARINE_URL: `${base}/v1/marine`, FORECAST_WEATHER_URL: `${base}/v1/forecast` },
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
