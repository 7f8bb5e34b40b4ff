import request from 'supertest';
import type { ConditionsResponse } from 'core/api/conditions';
import { dateOfDay, outlookMatches, weekdayOf, type DayChoice, type OutlookChoice } from 'core/outlook/site-outlook';
import type { ExplorerSite } from 'core/dive-sites/types';
import type { OutlookRating } from 'core/outlook/rules';
import { Clock } from 'src/common/clock';
import { ForecastService } from 'src/forecast/forecast.service';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import { DIVIDING_SEA, startForecastApp, type ForecastStandIn } from '../support/forecast-stand-in';
import { signInAsAdmin } from '../support/admin';
import type { TestApp } from '../support/test-app';

/**
 * Issue 46, item 6: the outlook where divers meet it away from a site's page: the badge of the cards
 * (GET /api/dive-sites/cards) and `outlook` and `day` on GET /api/dive-sites and the explorer's map calls,
 * read from the forecast stored from a stand-in of Open-Meteo.
 */
let t: TestApp;
let standIn: ForecastStandIn;
let siteIds: number[];
const forecast = () => t.app.get(ForecastService);

/** The site's own conditions (its page's answer) on a day it names: the rating the filter must agree with. */
async function ratingOn(id: number, day: DayChoice): Promise<OutlookRating | null | undefined> {
  const conditions: ConditionsResponse = await forecast().conditions(id);
  if (conditions.days.length === 0) return undefined;
  const date = dateOfDay(day, conditions.days[0].date);
  return conditions.days.find((entry) => entry.date === date)?.outlook.rating;
}

async function expectedIds(outlook: OutlookChoice, day: DayChoice): Promise<number[]> {
  const found: number[] = [];
  for (const id of siteIds) if (outlookMatches((await ratingOn(id, day)) ?? null, outlook)) found.push(id);
  return found.sort((a, b) => a - b);
}

/** Every site GET /api/dive-sites answers for the query, a page of 100 at a time, by id. */
async function listIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await request(t.baseUrl).get(`/api/dive-sites?limit=100&offset=${offset}&${query}`).expect(200);
    ids.push(...(page.body as { id: number }[]).map((site) => site.id));
    if (offset + 100 >= Number(page.headers['x-total-count'])) break;
  }
  return ids.sort((a, b) => a - b);
}

beforeAll(async () => {
  ({ t, standIn } = await startForecastApp({}, { weather: DIVIDING_SEA }));
  siteIds = ((await t.dataSource.query('SELECT id FROM dive_sites ORDER BY id')) as { id: number }[]).map((row) => row.id);
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('bad input', () => {
  it.each([
    ['/api/dive-sites?outlook=great', 'outlook'],
    ['/api/dive-sites?outlook=Good', 'outlook'],
    ['/api/dive-sites?outlook=good&day=someday', 'day'],
    ['/api/dive-sites?outlook=good&day=2026-11-28', 'day'],
    ['/api/dive-sites?outlook=good&day=saturday&day=sunday', 'day'],
    ['/api/dive-sites/export/geojson?outlook=great', 'outlook'],
    ['/api/dive-sites/export/geojson?outlook=good&day=someday', 'day'],
    ['/api/dive-sites/export/gpx?outlook=Good', 'outlook'],
    ['/api/dive-sites/export/gpx?outlook=fair&day=2026-11-28', 'day'],
    ['/api/dive-sites/map/matches?outlook=excellent', 'outlook'],
    ['/api/dive-sites/map/matches?outlook=fair&day=next-week', 'day'],
  ])('%s is a 400 naming %s', async (path, field) => {
    const response = await request(t.baseUrl).get(path).expect(400);
    expect(response.headers['content-type']).toContain('json');
    expect(JSON.stringify(response.body)).toContain(`${field} must be one of`);
  });
});

describe('before any forecast is stored', () => {
  it('no site answers an outlook and no card has a badge (never Good for want of data)', async () => {
    expect(await listIds('outlook=fair')).toEqual([]);
    const cards: ExplorerSite[] = (
      await request(t.baseUrl)
        .get(`/api/dive-sites/cards?ids=${siteIds.slice(0, 20).join(',')}`)
        .expect(200)
    ).body;
    expect(cards.filter((card) => card.outlook)).toEqual([]);
  });
});

describe('with the forecast stored', () => {
  beforeAll(async () => {
    expect(await forecast().refreshAll()).toMatchObject({ failed: 0 });
  });

  it.each([
    ['good', 'saturday'],
    ['fair', 'saturday'],
    ['poor', 'today'],
    ['good', 'tomorrow'],
  ] as const)('?outlook=%s&day=%s lists exactly the sites whose own conditions say so', async (outlook, day) => {
    const expected = await expectedIds(outlook, day);
    expect(await listIds(`outlook=${outlook}&day=${day}`)).toEqual(expected);
    const matches = (await request(t.baseUrl).get(`/api/dive-sites/map/matches?outlook=${outlook}&day=${day}`).expect(200)).body as { ids: number[] };
    expect([...matches.ids].sort((a, b) => a - b)).toEqual(expected);
  });

  it("'fair' takes the Good sites too, and the weather divides the sites", async () => {
    const good = await listIds('outlook=good&day=saturday');
    const fair = await listIds('outlook=fair&day=saturday');
    expect(good.length).toBeGreaterThan(0);
    expect(fair.length).toBeGreaterThan(good.length);
    expect(good.every((id) => fair.includes(id))).toBe(true);
    expect(fair.length).toBeLessThan(siteIds.length);
  });

  it('narrows with the other filters', async () => {
    const region = 'Victoria';
    const inRegion = await listIds(`region=${region}`);
    const fair = await listIds('outlook=fair&day=sunday');
    expect(await listIds(`region=${region}&outlook=fair&day=sunday`)).toEqual(fair.filter((id) => inRegion.includes(id)));
  });

  it.each([
    ['good', 'saturday', ''],
    ['fair', 'sunday', ''],
    ['fair', 'today', '&region=Victoria'],
  ] as const)('the GeoJSON and GPX downloads with outlook=%s&day=%s%s hold exactly the sites the list holds', async (outlook, day, more) => {
    const expected = await listIds(`outlook=${outlook}&day=${day}${more}`);
    if (!more) {
      // The filter divides the sites: a download that ignored it would hold them all.
      expect(expected).toEqual(await expectedIds(outlook, day));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(siteIds.length);
    }
    const query = `outlook=${outlook}&day=${day}${more}`;
    const geojson = JSON.parse((await request(t.baseUrl).get(`/api/dive-sites/export/geojson?${query}`).expect(200)).text) as { features: { id: number }[] };
    expect(geojson.features.map((feature) => feature.id).sort((a, b) => a - b)).toEqual(expected);
    const gpx = (await request(t.baseUrl).get(`/api/dive-sites/export/gpx?${query}`).expect(200)).text;
    const waypoints = [...gpx.matchAll(/<wpt [^>]*>[\s\S]*?<link href="[^"]*\/dive-sites\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(waypoints.sort((a, b) => a - b)).toEqual(expected);
  });

  it('a download without an outlook holds every site, whatever the day', async () => {
    const geojson = JSON.parse((await request(t.baseUrl).get('/api/dive-sites/export/geojson?day=saturday').expect(200)).text) as { features: unknown[] };
    expect(geojson.features).toHaveLength(siteIds.length);
  });

  it("each card's badge is the site's outlook today", async () => {
    const ids = siteIds.slice(0, 40);
    const cards: ExplorerSite[] = (
      await request(t.baseUrl)
        .get(`/api/dive-sites/cards?ids=${ids.join(',')}`)
        .expect(200)
    ).body;
    expect(cards.length).toBe(ids.length);
    for (const card of cards) {
      expect(card.outlook).toEqual({ day: 'today', rating: (await ratingOn(card.id, 'today')) ?? null });
    }
  });

  it("never answers with yesterday's outlook: past the sites' midnight, 'today' is the next day's and the day a week on has no forecast yet", async () => {
    const clock = t.app.get(Clock);
    const today = (await forecast().conditions(siteIds[0])).days[0].date;
    const weekday = weekdayOf(today);
    const [thisDay, nextDay] = [await listIds(`outlook=fair&day=${weekday}`), await listIds('outlook=fair&day=tomorrow')];
    expect(thisDay.length).toBeGreaterThan(0);
    clock.advance(24 * 3_600_000);
    try {
      // The same weekday is now six days ahead, past the forecast stored (7 days from the old today): not judged.
      expect(await listIds(`day=${weekday}&outlook=fair`)).toEqual([]);
      expect(await listIds('day=today&outlook=fair')).toEqual(nextDay);
    } finally {
      clock.reset();
    }
    expect([...(await t.app.get(SiteOutlooksService).matchingIds('fair', weekday))].sort((a, b) => a - b)).toEqual(thisDay);
  });

  it('a refresh with another sea drops the kept answers (the forecasts tag)', async () => {
    const before = await listIds('outlook=good&day=today');
    const cardsBefore: ExplorerSite[] = (
      await request(t.baseUrl)
        .get(`/api/dive-sites/cards?ids=${siteIds.slice(0, 5).join(',')}`)
        .expect(200)
    ).body;
    Object.assign(standIn.weather, { swellHeightM: 4.5, swellPeriodS: 14, windKmh: 45, gustKmh: 60 });
    expect(await forecast().refreshAll()).toMatchObject({ failed: 0 });
    expect(before.length).toBeGreaterThan(0);
    expect(await listIds('outlook=good&day=today')).toEqual([]);
    const cardsAfter: ExplorerSite[] = (
      await request(t.baseUrl)
        .get(`/api/dive-sites/cards?ids=${siteIds.slice(0, 5).join(',')}`)
        .expect(200)
    ).body;
    expect(cardsAfter.map((card) => card.outlook?.rating)).toEqual(cardsAfter.map(() => 'poor'));
    expect(cardsBefore.map((card) => card.outlook?.rating)).not.toEqual(cardsAfter.map((card) => card.outlook?.rating));
  });
});

describe("the operator's refresh of every site (POST /api/admin/forecast/refresh)", () => {
  it('is for the administrator only, and queues every grid cell', async () => {
    const refused = await request(t.baseUrl).post('/api/admin/forecast/refresh').set('Origin', t.baseUrl);
    expect([401, 403]).toContain(refused.status);
    const admin = await signInAsAdmin(t);
    const [{ cells }] = await t.dataSource.query('SELECT count(*)::int AS cells FROM forecast_cells');
    const answer = await admin.post('/api/admin/forecast/refresh').expect(202);
    // One job per 500 cells (this file's cellsPerRequest).
    expect(answer.body).toEqual({ jobs: Math.ceil(cells / 500) });
    const [{ claimed }] = await t.dataSource.query('SELECT count(*)::int AS claimed FROM forecast_cells WHERE requested_at IS NOT NULL');
    expect(claimed).toBe(cells);
  });
});
