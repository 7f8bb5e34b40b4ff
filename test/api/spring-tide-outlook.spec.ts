import request from 'supertest';
import { tidalCurrentAt } from 'core/outlook/rules';
import { Clock } from 'src/common/clock';
import { ForecastService } from 'src/forecast/forecast.service';
import { startForecastApp, type ForecastStandIn } from '../support/forecast-stand-in';
import type { TestApp } from '../support/test-app';

/**
 * Issue 46 item 5: 'spring tide: strongest current mid-tide at {place}; dive the slack' is a reason of the
 * outlook on the days the site's own tide table marks spring, at a site where a tidal current runs, and the
 * badges and the outlook filter judge those days alike.
 */
let t: TestApp;
let standIn: ForecastStandIn;
let tidal: { id: number; name: string };
let plain: { id: number; name: string };
const DAY = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

type Day = { date: string; outlook: { rating: string | null; reasons: string[] } };

beforeAll(async () => {
  ({ t, standIn } = await startForecastApp({ FORECAST_API_KEY: 'test-key-12345' }));
  const sites: { id: number; name: string; bestTime: string | null; hazards: string | null }[] = await t.dataSource.query(
    `SELECT id, name, "bestTime", hazards FROM dive_sites ORDER BY id`,
  );
  // A site where a tidal current runs and whose tides are predicted (a station near enough), so its table marks spring days.
  for (const site of sites.filter((candidate) => tidalCurrentAt(candidate) !== null)) {
    const tides = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}/tides?days=1`).expect(200)).body;
    if (tides.tidal) {
      tidal = site;
      break;
    }
  }
  plain = sites.find((site) => site.name === 'Julian Rocks Nursery')!;
  expect(tidal).toBeDefined();
  expect(tidalCurrentAt({ ...plain, bestTime: sites.find((s) => s.id === plain.id)!.bestTime, hazards: null })).toBeNull();
});

afterAll(async () => {
  t?.app.get(Clock).reset();
  await t?.close();
  await standIn?.close();
});

const conditions = async (id: number): Promise<Day[]> => (await request(t.baseUrl).get(`/api/dive-sites/${id}/conditions`).expect(200)).body.days;
const tideMarks = async (id: number, from: string, days: number): Promise<Map<string, string | null>> => {
  const answer = (await request(t.baseUrl).get(`/api/dive-sites/${id}/tides?from=${from}&days=${days}`).expect(200)).body;
  return new Map(answer.days.map((day: { date: string; tideRange: string | null }) => [day.date, day.tideRange]));
};

it("gives the spring-tide reason on exactly the days the site's tide table marks spring, and the filter agrees", async () => {
  const clock = t.app.get(Clock);
  standIn.now = () => clock.now();
  await t.app.get(ForecastService).refreshAll();
  const today = (await conditions(tidal.id))[0].date;
  // The first spring day after a day that is not: the forecast is moved to start the day before it.
  const month = await tideMarks(tidal.id, today, 31);
  const dates = [...month.keys()];
  const springAt = dates.findIndex((date, i) => i > 0 && month.get(date) === 'spring' && month.get(dates[i - 1]) !== 'spring');
  expect(springAt).toBeGreaterThan(0);
  clock.advance((springAt - 1) * DAY);
  await t.app.get(ForecastService).refreshAll();

  const days = await conditions(tidal.id);
  const marks = await tideMarks(tidal.id, days[0].date, days.length);
  const reason = `spring tide: strongest current mid-tide at ${tidal.name}; dive the slack`;
  const springDays = days.filter((day) => marks.get(day.date) === 'spring');
  expect(springDays.length).toBeGreaterThan(0);
  expect(days.length).toBeGreaterThan(springDays.length);
  for (const day of days)
    expect({ date: day.date, spring: day.outlook.reasons.includes(reason) }).toEqual({ date: day.date, spring: marks.get(day.date) === 'spring' });
  for (const day of springDays) expect(day.outlook.rating).not.toBe('good');

  // The outlook filter judges the spring day as the site's page does.
  const spring = springDays[0];
  const weekday = WEEKDAYS[new Date(`${spring.date}T00:00:00Z`).getUTCDay()];
  for (const outlook of ['good', 'fair', 'poor']) {
    const { ids } = (await request(t.baseUrl).get(`/api/dive-sites/map/matches?outlook=${outlook}&day=${weekday}`).expect(200)).body;
    const expected = outlook === 'fair' ? spring.outlook.rating === 'fair' || spring.outlook.rating === 'good' : spring.outlook.rating === outlook;
    expect({ outlook, listed: ids.includes(tidal.id) }).toEqual({ outlook, listed: expected });
  }

  // A site without a tidal current never has the reason.
  for (const day of await conditions(plain.id)) expect(day.outlook.reasons.join(' ')).not.toContain('spring tide');
});
