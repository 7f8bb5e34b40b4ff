import request from 'supertest';
import type { ConditionsResponse } from 'core/api/conditions';
import { cellKey } from 'core/outlook/forecast';
import { ForecastService } from 'src/forecast/forecast.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startForecastApp, type ForecastStandIn, type StandInMode } from '../support/forecast-stand-in';
import type { TestApp } from '../support/test-app';

/**
 * Issue 46: the marine forecast from a stand-in of Open-Meteo (test/support/forecast-stand-in.ts), stored per
 * grid cell, and the conditions API that reads only what is stored. The provider's failures (500, no answer,
 * malformed JSON, a missing variable) keep the last good forecast, and the answer shows its age.
 */
let t: TestApp;
let standIn: ForecastStandIn;
let admin: Agent;
let nursery: { id: number; latitude: string; longitude: string; skillLevel: string; access: string };
const service = () => t.app.get(ForecastService);
const conditions = async (id: number): Promise<ConditionsResponse> => (await request(t.baseUrl).get(`/api/dive-sites/${id}/conditions`).expect(200)).body;

beforeAll(async () => {
  // Long enough that a loaded machine's stand-in still answers in time; the timeout case waits it out once.
  ({ t, standIn } = await startForecastApp({ FORECAST_API_KEY: 'test-key-12345' }, { timeoutMs: 4_000 }));
  admin = await signInAsAdmin(t);
  [nursery] = await t.dataSource.query(`SELECT id, latitude, longitude, "skillLevel", access FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('GET /api/dive-sites/{id}/conditions', () => {
  it('answers 404 for an unknown site and 400 naming the id for one that is not a number', async () => {
    const missing = await request(t.baseUrl).get('/api/dive-sites/999999/conditions').expect(404);
    expect(missing.body.error).toBe('Dive site not found');
    const bad = await request(t.baseUrl).get('/api/dive-sites/abc/conditions').expect(400);
    expect(JSON.stringify(bad.body)).toContain('Dive site id');
  });

  it('before the first fetch: no days, no age, and it never asks the provider itself', async () => {
    const body = await conditions(nursery.id);
    expect(body).toMatchObject({
      siteId: nursery.id,
      fetchedAt: null,
      age: null,
      days: [],
      disclaimer: 'A model, not an observation: check with a local operator',
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('fetches every grid cell in one request per API, with the key, and stores 7 days', async () => {
    const [{ sites, cells }] = await t.dataSource.query(
      `SELECT count(*)::int AS sites, count(DISTINCT (floor(latitude / 0.25), floor(longitude / 0.25)))::int AS cells FROM dive_sites`,
    );
    expect(cells).toBeLessThan(sites);
    expect(await service().refreshAll()).toEqual({ batches: 1, failed: 0 });
    expect(standIn.requests.map((r) => [r.api, r.locations])).toEqual([
      ['marine', cells],
      ['weather', cells],
    ]);
    const marine = standIn.requests[0].params;
    expect(marine.get('hourly')?.split(',')).toEqual(
      expect.arrayContaining(['swell_wave_height', 'swell_wave_direction', 'swell_wave_period', 'sea_surface_temperature']),
    );
    expect(marine.get('forecast_days')).toBe('7');
    expect(marine.get('apikey')).toBe('test-key-12345');
    expect(standIn.requests[1].params.get('hourly')?.split(',')).toEqual(['wind_speed_10m', 'wind_gusts_10m', 'wind_direction_10m']);

    const body = await conditions(nursery.id);
    expect(body.cell?.key).toBe(cellKey(Number(nursery.latitude), Number(nursery.longitude)));
    expect(body.days).toHaveLength(7);
    expect(body.age).toBe('less than an hour');
    expect(body.stale).toBe(false);
    expect(body.lastError).toBeNull();
    expect(body.days[0]).toMatchObject({
      swell: { heightM: 1.8, periodS: 11, directionDeg: 135 },
      secondarySwell: null,
      wind: { speedKmh: 30, gustKmh: 41, directionDeg: 315 },
      seaTempC: 21.4,
    });
    // The Nursery's profile was checked by hand (data/exposure-checks.json): the south-east swell does not reach it.
    expect(body.exposure).toEqual({ profiled: true, swellExposure: ['N', 'NE', 'E'], onshoreWinds: null });
    expect(body.days[0].outlook.reasons).toEqual(
      expect.arrayContaining([
        '1.8 m south-east swell at 11 s: this north-east-facing site is sheltered from the south-east',
        "north-west wind 30 km/h, this site's onshore winds are not profiled, so it is judged as onshore",
      ]),
    );
    expect(body.days[0].outlook.rating).toBe('poor');
    expect(body.days[0].outlook.disclaimer).toBe('A model, not an observation: check with a local operator');

    // A site the coastline could not profile is judged as if exposed, and says what it could not judge.
    const [clifton] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE name = 'Clifton Gardens (Chowder Bay)'`);
    const unprofiled = await conditions(clifton.id);
    expect(unprofiled.exposure).toEqual({ profiled: false, swellExposure: null, onshoreWinds: null });
    expect(unprofiled.days[0].outlook.unjudged).toContain("the site's exposure: it is not profiled");
  });

  it("uses the site's exposure profile, edited through the admin API, in its reasons", async () => {
    const site = (await request(t.baseUrl).get(`/api/dive-sites/${nursery.id}`).expect(200)).body;
    const refused = await admin
      .put(`/api/dive-sites/${nursery.id}`)
      .send({ ...site, swellExposure: ['N', 'north-west'] })
      .expect(400);
    expect(refused.body.fields.swellExposure).toEqual(['Swell exposure must be a list of distinct compass points: N, NE, E, SE, S, SW, W, NW']);
    // The Nursery, on the rocks' north-western side: open to the north and west, sheltered from the south-east.
    await admin
      .put(`/api/dive-sites/${nursery.id}`)
      .send({ ...site, swellExposure: ['N', 'NW', 'W'], onshoreWinds: ['N', 'NW', 'W'] })
      .expect(200);
    const body = await conditions(nursery.id);
    expect(body.exposure).toEqual({ profiled: true, swellExposure: ['N', 'NW', 'W'], onshoreWinds: ['N', 'NW', 'W'] });
    expect(body.days[0].outlook.reasons).toEqual(
      expect.arrayContaining([
        '1.8 m south-east swell at 11 s: this north-west-facing site is sheltered from the south-east',
        'north-west wind 30 km/h, onshore here',
      ]),
    );
    expect(body.days[0].outlook.rating).toBe('poor');
  });

  it.each<[string, { marine?: StandInMode; weather?: StandInMode }, string]>([
    ['a 500', { marine: '500' }, 'the marine API answered 500'],
    ['no answer within the timeout', { weather: 'timeout' }, 'the weather API: no answer within 4 s'],
    ['malformed JSON', { marine: 'malformed' }, "the marine API's answer is not JSON"],
    ['a missing field', { weather: 'missing-field' }, 'the weather answer has no hourly wind_speed_10m'],
  ])('keeps the last good forecast and shows its age after %s', async (_, mode, message) => {
    // The last good forecast is five hours old; the provider now forecasts something else, and fails.
    await t.dataSource.query(`UPDATE forecast_cells SET fetched_at = now() - interval '5 hours' WHERE fetched_at IS NOT NULL`);
    const before = await conditions(nursery.id);
    standIn.weather.swellHeightM = 0.4;
    standIn.mode = { marine: 'ok', weather: 'ok', ...mode };
    try {
      expect(await service().refreshAll()).toEqual({ batches: 1, failed: 1 });
    } finally {
      standIn.mode = { marine: 'ok', weather: 'ok' };
      standIn.weather.swellHeightM = 1.8;
    }
    const after = await conditions(nursery.id);
    expect(after.days).toEqual(before.days);
    expect(after.fetchedAt).toBe(before.fetchedAt);
    expect(after.age).toBe('5 hours');
    expect(after.lastError?.message).toBe(message);
  });

  it('marks a forecast older than twice the interval as stale, and a good fetch clears the error', async () => {
    await t.dataSource.query(`UPDATE forecast_cells SET fetched_at = now() - interval '7 hours' WHERE fetched_at IS NOT NULL`);
    const old = await conditions(nursery.id);
    expect(old).toMatchObject({ stale: true, age: '7 hours' });
    standIn.weather.swellHeightM = 0.6;
    try {
      await service().refreshAll();
    } finally {
      standIn.weather.swellHeightM = 1.8;
    }
    const fresh = await conditions(nursery.id);
    expect(fresh).toMatchObject({ stale: false, age: 'less than an hour', lastError: null });
    expect(fresh.days[0].swell?.heightM).toBe(0.6);
  });

  it('refreshes on the job queue: due cells are claimed once and fetched in batches', async () => {
    await t.dataSource.query(`UPDATE forecast_cells SET fetched_at = now() - interval '4 hours', requested_at = NULL`);
    const asked = standIn.requests.length;
    expect(await service().schedule()).toBe(1);
    // Claimed: a second look (another process) finds nothing due.
    expect(await service().schedule()).toBe(0);
    for (let i = 0; i < 100; i++) {
      const [{ waiting }] = await t.dataSource.query(`SELECT count(*)::int AS waiting FROM forecast_cells WHERE fetched_at < now() - interval '1 hour'`);
      if (waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(standIn.requests.length - asked).toBe(2);
    expect((await conditions(nursery.id)).age).toBe('less than an hour');
  });
});

describe('the site page', () => {
  it("shows the stored forecast with each day's outlook, its age and the model's caveat, without asking the provider", async () => {
    standIn.mode = { marine: 'ok', weather: 'ok' };
    await service().refreshAll();
    const asked = standIn.requests.length;
    const html = (await request(t.baseUrl).get(`/dive-sites/${nursery.id}`).expect(200)).text;
    expect(html).toContain('Forecast and outlook');
    expect(html.replace(/<!-- -->/g, '')).toMatch(/Forecast fetched [^<]+ ago/);
    expect(html).toContain('A model, not an observation: check with a local operator');
    expect(html).toMatch(/Good|Fair|Poor|Not judged/);
    // A page reads only what is stored.
    expect(standIn.requests.length).toBe(asked);
  });
});
