// The marine forecast for the bench's servers (issue 46): a stand-in of Open-Meteo's Marine and Forecast APIs
// served by the bench (their JSON for every location asked, at once), the server's environment that points it
// there, and an operator's refresh of every site (POST /api/admin/forecast/refresh) waited for until every
// grid cell is stored again, with what it cost: provider requests, locations asked, seconds and rows written.
// Used by bench/conditions.mjs and the scale part (bench/lib/scale.mjs).
import http from 'node:http';

/** The hourly variables' values of the moderate sea every location gets (`varied`: none). */
const MODERATE = {
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

/**
 * A sea that differs by place and day (`varied`), so that outlooks are Good, Fair and Poor in some mix, as a
 * real week's are: the swell from 0.5 to 2.9 m and the wind from 6 to 33 km/h, from the position and the day.
 */
function variedValues(latitude, longitude, day) {
  const step = (seed, steps) => Math.abs(Math.round(latitude * 37 + longitude * 53 + seed * day)) % steps;
  const swell = 0.5 + step(3, 13) * 0.2;
  const wind = 6 + step(5, 10) * 3;
  return {
    ...MODERATE,
    swell_wave_height: swell,
    swell_wave_direction: [90, 135, 180, 45][step(7, 4)],
    wave_height: swell + 0.3,
    wind_speed_10m: wind,
    wind_gusts_10m: wind + 8,
    wind_direction_10m: [90, 180, 270, 315][step(11, 4)],
  };
}

/** Open-Meteo's hourly answer for one location: 7 days from today (UTC+10). */
function location(latitude, longitude, names, varied) {
  const start = new Date(Date.now() + 10 * 3_600_000);
  start.setUTCHours(0, 0, 0, 0);
  const time = Array.from({ length: 7 * 24 }, (_, i) => new Date(start.getTime() + i * 3_600_000).toISOString().slice(0, 16));
  const days = Array.from({ length: 7 }, (_, day) => (varied ? variedValues(latitude, longitude, day) : MODERATE));
  return {
    latitude,
    longitude,
    utc_offset_seconds: 36_000,
    timezone: 'Australia/Brisbane',
    hourly: Object.fromEntries([['time', time], ...names.map((name) => [name, time.map((_, i) => days[Math.floor(i / 24)][name] ?? null)])]),
  };
}

/**
 * The stand-in, on a free port of 127.0.0.1: `requests()` counts the requests answered, `locations()` the
 * locations (grid cells) they asked for, both APIs together.
 */
export async function startForecastStandIn({ varied = false } = {}) {
  let requests = 0;
  let locations = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://stand-in');
    requests++;
    const latitudes = (url.searchParams.get('latitude') ?? '').split(',');
    const longitudes = (url.searchParams.get('longitude') ?? '').split(',');
    const names = (url.searchParams.get('hourly') ?? '').split(',');
    locations += latitudes.length;
    const answers = latitudes.map((latitude, i) => location(Number(latitude), Number(longitudes[i]), names, varied));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answers.length === 1 ? answers[0] : answers));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    marineUrl: `${base}/v1/marine`,
    weatherUrl: `${base}/v1/forecast`,
    /** The server's environment that turns the forecast on and asks this stand-in. */
    env: { FORECAST: 'on', FORECAST_MARINE_URL: `${base}/v1/marine`, FORECAST_WEATHER_URL: `${base}/v1/forecast` },
    requests: () => requests,
    locations: () => locations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** Rows inserted, updated and deleted so far in each table of the database (PostgreSQL's statistics), by table. */
async function rowsWritten(db) {
  // A fresh snapshot of the statistics, which backends report within a second or so of their transaction.
  await db.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await db.query(
    `SELECT schemaname || '.' || relname AS name, n_tup_ins::int AS ins, n_tup_upd::int AS upd, n_tup_del::int AS del FROM pg_stat_user_tables`,
  );
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Asks `base` (as the administrator `cookie`) to refresh every site's forecast and waits until every grid cell
 * is stored again (`timeoutMs` at most: a job that failed is retried by pg-boss minutes later, so it is reported,
 * not waited for). With `standIn`, the requests and locations asked of it; with `countRows`, the rows the
 * refresh wrote by table (read from PostgreSQL's statistics a few seconds after it ends).
 */
export async function refreshForecast({ base, cookie, db, standIn, timeoutMs = 120_000, countRows = false }) {
  const before = countRows ? await rowsWritten(db) : null;
  const asked = standIn ? { requests: standIn.requests(), locations: standIn.locations() } : null;
  const started = new Date();
  const response = await fetch(`${base}/api/admin/forecast/refresh`, { method: 'POST', headers: { cookie, origin: base } });
  if (response.status !== 202) throw new Error(`refresh answered ${response.status}: ${await response.text()}`);
  const { jobs } = await response.json();
  let result;
  for (;;) {
    const {
      rows: [row],
    } = await db.query('SELECT count(*)::int AS cells, count(*) FILTER (WHERE fetched_at >= $1)::int AS stored FROM forecast_cells', [started]);
    if (row.stored === row.cells) {
      result = { jobs, cells: row.cells, seconds: (Date.now() - started.getTime()) / 1000 };
      break;
    }
    if (Date.now() - started.getTime() > timeoutMs) {
      result = { jobs, cells: row.cells, stored: row.stored, seconds: null };
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (asked) {
    result.providerRequests = standIn.requests() - asked.requests;
    result.locationsAsked = standIn.locations() - asked.locations;
  }
  if (before) {
    // The jobs' last statements (pg-boss marks a job done after it stored its cells) and the statistics' report.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await rowsWritten(db);
    const written = {};
    for (const [name, now] of after) {
      const was = before.get(name) ?? { ins: 0, upd: 0, del: 0 };
      const delta = { inserted: now.ins - was.ins, updated: now.upd - was.upd, deleted: now.del - was.del };
      if (delta.inserted || delta.updated || delta.deleted) written[name] = delta;
    }
    result.rowsWritten = written;
    result.rowsWrittenTotal = Object.values(written).reduce((sum, delta) => sum + delta.inserted + delta.updated + delta.deleted, 0);
  }
  return result;
}
