import request from 'supertest';
import { toZonedInput } from 'core/site-time';
import { Clock } from 'src/common/clock';
import { ConditionsService } from 'src/conditions/conditions.service';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent;

const seeded = (name: string) => t.dataSource.getRepository(DiveSite).findOneByOrFail({ name });
const tides = (id: number, query = '') => request(t.baseUrl).get(`/api/dive-sites/${id}/tides${query}`);

interface Turn {
  time: string;
  localTime: string;
  type: 'high' | 'low';
  height: number;
}

beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE: 'true' });
  admin = await signInAsAdmin(t);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/dive-sites/{id}/tides', () => {
  it("answers a tidal site's highs and lows, day by day in the site's own time, with its station, licence and notice", async () => {
    const site = await seeded('Rapid Bay Jetty');
    const { body } = await tides(site.id, '?from=2026-12-01&days=3').expect(200);
    expect(body).toMatchObject({
      siteId: site.id,
      tidal: true,
      timeZone: 'Australia/Adelaide',
      from: '2026-12-01',
      notice: 'Predicted tide; not for navigation',
    });
    expect(body.days.map((day: { date: string }) => day.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(body.station.name).toBe('Cape Jervis');
    expect(body.station.distanceKm).toBeLessThan(50);
    expect(body.station.licence.name).toBe('CC BY 4.0');
    expect(body.station.attribution).toContain('TICON-4');
    expect(body.credits.map((credit: { licence: string }) => credit.licence)).toEqual(expect.arrayContaining(['MIT', 'CC BY 4.0']));
    for (const day of body.days as { date: string; tides: Turn[]; sun: Record<string, unknown> }[]) {
      expect(day.tides.length).toBeGreaterThanOrEqual(1);
      day.tides.forEach((turn, i) => {
        // Each turn falls on its day as Adelaide's clock reads it, and the clock time is Adelaide's.
        expect(toZonedInput(turn.time, 'Australia/Adelaide')).toBe(`${day.date}T${turn.localTime}`);
        const previous = day.tides[i - 1];
        if (previous) {
          expect(turn.type).not.toBe(previous.type);
          expect(turn.type === 'high' ? turn.height > previous.height : turn.height < previous.height).toBe(true);
        }
      });
      expect(day.sun).toMatchObject({
        dawn: expect.stringMatching(/^\d\d:\d\d$/),
        sunrise: expect.stringMatching(/^0\d:\d\d$/),
        sunset: expect.stringMatching(/^(19|20):\d\d$/),
      });
      expect((day.sun.dawn as string) < (day.sun.sunrise as string)).toBe(true);
      expect((day.sun.dusk as string) > (day.sun.sunset as string)).toBe(true);
    }
  });

  it('marks the spring tides of a full moon and names its phase, on the day it falls at the site', async () => {
    // The full moon of 14 November 2016 at 13:52 UTC (http://getseasy.blogspot.com/2016/11/its-once-in-history-watch-supermoon.html):
    // 21:52 that evening in Perth.
    const site = await seeded('Roe Reef (Rottnest)');
    const { body } = await tides(site.id, '?from=2016-11-13&days=4').expect(200);
    expect(body.timeZone).toBe('Australia/Perth');
    const byDate = Object.fromEntries(body.days.map((day: { date: string }) => [day.date, day]));
    expect(byDate['2016-11-14'].sun.moonPhase).toBe('Full moon');
    expect(byDate['2016-11-13'].sun.moonPhase).toBe('Waxing gibbous');
    expect(byDate['2016-11-15'].sun.moonPhase).toBe('Waning gibbous');
    expect(body.days.map((day: { tideRange: string | null }) => day.tideRange)).toEqual([null, 'spring', 'spring', null]);
  });

  it('starts from today at the site, for 7 days, when the query says nothing', async () => {
    const site = await seeded('Julian Rocks');
    const { body } = await tides(site.id).expect(200);
    expect(body.timeZone).toBe('Australia/Sydney');
    expect(body.from).toBe(toZonedInput(new Date(), 'Australia/Sydney').slice(0, 10));
    expect(body.days).toHaveLength(7);
    expect(body.station.name).toBe('Brunswick Heads');
  });

  it('answers the farthest dates it allows, for dive logs', async () => {
    const site = await seeded('Julian Rocks');
    expect((await tides(site.id, '?from=1990-01-01&days=1').expect(200)).body.days[0].tides.length).toBeGreaterThan(1);
    expect((await tides(site.id, '?from=2050-12-01&days=31').expect(200)).body.days).toHaveLength(31);
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?from=30/11/2026', 'from'],
    ['?from=1989-12-31', 'from'],
    ['?from=2051-01-01', 'from'],
    ['?from=2026-01-01&from=2026-01-02', 'from'],
    ['?days=0', 'days'],
    ['?days=32', 'days'],
    ['?days=1.5', 'days'],
    ['?days=', 'days'],
    ['?from=2050-12-31&days=2', 'days'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const site = await seeded('Julian Rocks');
    const { body } = await tides(site.id, query).expect(400);
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field][0]).toBe(body.message);
  });

  it('answers 404 for a site that does not exist, and 400 for an id that is not one', async () => {
    await tides(999999).expect(404);
    await request(t.baseUrl).get('/api/dive-sites/abc/tides').expect(400);
  });

  it('answers a freshwater sinkhole with no tide and why, and still its sun and moon', async () => {
    const site = await seeded('Kilsby Sinkhole');
    const { body } = await tides(site.id, '?from=2026-12-01&days=2').expect(200);
    expect(body).toMatchObject({ tidal: false, reason: 'freshwater' });
    expect(body.message).toContain('no tide');
    expect(body.station).toBeUndefined();
    expect(body.days[0].tides).toBeUndefined();
    expect(body.days[0].sun.sunrise).toMatch(/^\d\d:\d\d$/);
  });

  it("follows the administrator's choice of station, or of no tide, and refuses a malformed one", async () => {
    const site = await seeded("Pope's Eye");
    expect((await tides(site.id, '?from=2026-12-01&days=1').expect(200)).body.station.name).toBe('Queenscliff');
    const current = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body;

    await admin
      .put(`/api/dive-sites/${site.id}`)
      .send({ ...current, tideStation: 'ticon/west_channel_pile-60739-aus-bom' })
      .expect(200);
    const chosen = (await tides(site.id, '?from=2026-12-01&days=1').expect(200)).body;
    expect(chosen.station).toMatchObject({ name: 'West Channel Pile', chosenBy: 'administrator' });

    await admin
      .put(`/api/dive-sites/${site.id}`)
      .send({ ...current, tideStation: 'none' })
      .expect(200);
    expect((await tides(site.id, '?from=2026-12-01&days=1').expect(200)).body).toMatchObject({ tidal: false, reason: 'administrator' });

    const refused = await admin
      .put(`/api/dive-sites/${site.id}`)
      .send({ ...current, tideStation: 'Queenscliff please' })
      .expect(400);
    expect(Object.keys(refused.body.fields)).toEqual(['tideStation']);

    await admin
      .put(`/api/dive-sites/${site.id}`)
      .send({ ...current, tideStation: null })
      .expect(200);
    expect((await tides(site.id, '?from=2026-12-01&days=1').expect(200)).body.station.name).toBe('Queenscliff');
  });

  it('computes a station-day once: a second site on the same station reads what the first computed', async () => {
    const conditions = t.app.get(ConditionsService);
    const [first, second] = [await seeded('Julian Rocks Nursery'), await seeded('Julian Rocks Cod Hole')];
    const before = conditions.computed;
    const a = (await tides(first.id, '?from=2031-03-01&days=4').expect(200)).body;
    expect(conditions.computed - before).toBe(4);
    const b = (await tides(second.id, '?from=2031-03-01&days=4').expect(200)).body;
    expect(conditions.computed - before).toBe(4);
    expect(b.station.id).toBe(a.station.id);
    expect(b.days.map((day: { tides: Turn[] }) => day.tides)).toEqual(a.days.map((day: { tides: Turn[] }) => day.tides));
  });
});

describe("a site page's Conditions and the page cache", () => {
  it("never shows yesterday's 'today' after the site's midnight", async () => {
    const clock = t.app.get(Clock);
    const site = await seeded('Rapid Bay Jetty');
    const zone = 'Australia/Adelaide';
    const conditions = t.app.get(ConditionsService);
    // The cache is on and keeping pages (another site's page, so that Rapid Bay's is rendered below).
    const other = await seeded('Julian Rocks');
    let warmed = '';
    for (let attempt = 0; attempt < 20 && warmed !== 'hit'; attempt++)
      warmed = (await request(t.baseUrl).get(`/dive-sites/${other.id}`).expect(200)).headers['x-page-cache'];
    expect(warmed).toBe('hit');
    try {
      // Three seconds before midnight at the site.
      clock.advance(conditions.untilMidnight(zone) - 3000);
      const before = toZonedInput(clock.now(), zone).slice(0, 10);
      const first = await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200);
      expect(first.text).toContain('data-testid="site-conditions"');
      const todayLine = (html: string) => /Today, ([^.]+)\./.exec(html)?.[1];
      const shown = todayLine(first.text);
      // A CDN is told it may keep the page only until then, and not serve it stale after.
      expect(first.headers['cache-control']).toMatch(/s-maxage=[0-3]$/);
      // Kept until then.
      const again = await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200);
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(todayLine(again.text)).toBe(shown);
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const after = toZonedInput(clock.now(), zone).slice(0, 10);
      expect(after).not.toBe(before);
      const next = await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200);
      expect(next.headers['x-page-cache']).not.toBe('hit');
      expect(todayLine(next.text)).not.toBe(shown);
    } finally {
      clock.reset();
    }
  });
});
