import http from 'node:http';
import request from 'supertest';
import { toZonedInput } from 'core/site-time';
import { Clock } from 'src/common/clock';
import { Tag } from 'src/common/cache-tags';
import { ConditionsService } from 'src/conditions/conditions.service';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ForecastService } from 'src/forecast/forecast.service';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { forecastFrom, startForecastApp, type ForecastStandIn } from '../support/forecast-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 46, item 7: pages stay fast while the sea changes. A forecast refresh marks the pages showing it
 * stale instead of dropping them: the next request renders the page again (and shows the new forecast) while
 * the requests meanwhile are answered with the kept one; concurrent requests of a page that is not kept cause
 * one render, the others wait for it; a site's midnight still drops its page outright. Two processes share
 * one database, as behind a load balancer: `a` refreshes, `b` only serves.
 */
let a: TestApp;
let b: TestApp;
let standIn: ForecastStandIn;
let nursery: { id: number; name: string };

beforeAll(async () => {
  ({ t: a, standIn } = await startForecastApp({ PAGE_CACHE: 'true' }));
  const forecast = forecastFrom(standIn);
  b = await startTestApp({ PAGE_CACHE: 'true', ...forecast.env }, { overrides: [forecast.override], databaseUrl: a.databaseUrl });
  [nursery] = await a.dataSource.query(`SELECT id, name FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
  await a.app.get(ForecastService).refreshAll();
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await standIn?.close();
});

const sitePath = () => `/dive-sites/${nursery.id}`;

/** Requests the page until an answer comes from the cache (a render straddling another test's write is not kept). */
async function warm(t: TestApp, path: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = await request(t.baseUrl).get(path).expect(200);
    if (answer.headers['x-page-cache'] === 'hit' || attempt === 20) return answer.text;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `n` requests of `path` at once, each on its own connection: their X-Page-Cache marks and bodies. */
function burst(t: TestApp, path: string, n: number): Promise<{ mark: string; body: string; cacheControl: string }[]> {
  const url = new URL(path, t.baseUrl);
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<{ mark: string; body: string; cacheControl: string }>((resolve, reject) => {
          http
            .get(url, { agent: false }, (response) => {
              let body = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (body += chunk));
              response.on('end', () => {
                if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
                else resolve({ mark: String(response.headers['x-page-cache']), body, cacheControl: String(response.headers['cache-control']) });
              });
            })
            .on('error', reject);
        }),
    ),
  );
}

/** Refreshes every cell in process `a` with a sea temperature of `celsius` (the stand-in's value for every hour). */
async function refreshWith(celsius: number): Promise<void> {
  standIn.weather.seaTempC = celsius;
  expect(await a.app.get(ForecastService).refreshAll()).toMatchObject({ failed: 0 });
}

const shows = (celsius: number) => `${celsius.toFixed(1)} °C`;

describe('a forecast refresh and the cached pages', () => {
  it('shows the new forecast on the next request in both processes, and that render is kept', async () => {
    await refreshWith(21.4);
    for (const t of [a, b]) expect(await warm(t, sitePath())).toContain(shows(21.4));
    await refreshWith(17.3);
    for (const t of [a, b]) {
      const next = await request(t.baseUrl).get(sitePath()).expect(200);
      expect(next.headers['x-page-cache']).toBe('miss');
      expect(next.text).toContain(shows(17.3));
      expect(next.text).not.toContain(shows(21.4));
      const again = await request(t.baseUrl).get(sitePath()).expect(200);
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(again.text).toContain(shows(17.3));
    }
  });

  it('renders a page marked stale once for many concurrent requests; the others get the kept page or the new one', async () => {
    await refreshWith(19.2);
    expect(await warm(b, sitePath())).toContain(shows(19.2));
    const rendered = b.app.get(PageCacheService).stats.misses;
    await refreshWith(23.6);
    // The refresh in the other process marked the page stale here, through PostgreSQL, rather than dropping it.
    expect(b.app.get(PageCacheService).get(sitePath())?.staleSince).toEqual(expect.any(Number));
    const answers = await burst(b, sitePath(), 20);
    expect(answers.filter((answer) => answer.mark === 'miss')).toHaveLength(1);
    expect(b.app.get(PageCacheService).stats.misses - rendered).toBe(1);
    for (const answer of answers) {
      expect(['miss', 'hit', 'stale']).toContain(answer.mark);
      // Only while the page is rendered again is the kept one served; the render and every hit after it are new.
      expect(answer.body).toContain(shows(answer.mark === 'stale' ? 19.2 : 23.6));
      // A CDN in front keeps the new page, never the stale one.
      if (answer.mark === 'stale') expect(answer.cacheControl).toBe('public, no-cache');
      else expect(answer.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
    const after = await request(b.baseUrl).get(sitePath()).expect(200);
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.text).toContain(shows(23.6));
  });
});

describe('concurrent requests of a page that is not kept', () => {
  it('cause one render after a write dropped it, and one for a page never rendered; the others wait for it', async () => {
    const cache = b.app.get(PageCacheService);
    const before = await warm(b, sitePath());
    // A write that changes every site page (dive-sites) drops it outright.
    await a.app.get(PageCacheService).invalidate([Tag.diveSites]);
    const rendered = cache.stats.misses;
    const answers = await burst(b, sitePath(), 20);
    expect(answers.map((answer) => answer.mark).sort()).toEqual([...Array(19).fill('hit'), 'miss']);
    expect(cache.stats.misses - rendered).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0].body).toContain(nursery.name);
    expect(before).toContain(nursery.name);

    // A page this process has not rendered yet (the home page).
    const first = await burst(b, '/', 12);
    expect(first.map((answer) => answer.mark).sort()).toEqual([...Array(11).fill('hit'), 'miss']);
  });
});

describe("a site's midnight", () => {
  it("still drops its page outright after a refresh marked it stale: no request shows yesterday's 'today'", async () => {
    const clock = a.app.get(Clock);
    const clockB = b.app.get(Clock);
    const conditions = a.app.get(ConditionsService);
    const zone = conditions.zoneOf(await a.dataSource.getRepository(DiveSite).findOneByOrFail({ id: nursery.id }));
    const todayLine = (html: string) => /Today, ([^.]+)\./.exec(html)?.[1];
    try {
      // Its page as rendered with today's clock is dropped (a write), so that the one below is rendered then.
      await a.app.get(PageCacheService).invalidate([Tag.diveSites]);
      // Three seconds before midnight at the site, in both processes.
      const ahead = conditions.untilMidnight(zone) - 3000;
      clock.advance(ahead);
      clockB.advance(ahead);
      const before = toZonedInput(clock.now(), zone).slice(0, 10);
      const first = await request(b.baseUrl).get(sitePath()).expect(200);
      const shown = todayLine(first.text);
      expect(shown).toBeTruthy();
      expect((await request(b.baseUrl).get(sitePath()).expect(200)).headers['x-page-cache']).toBe('hit');
      // A refresh marks it stale: it would be served while it is rendered again, but not past its midnight.
      await refreshWith(20.1);
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(toZonedInput(clock.now(), zone).slice(0, 10)).not.toBe(before);
      const answers = await burst(b, sitePath(), 10);
      expect(answers.filter((answer) => answer.mark === 'miss')).toHaveLength(1);
      for (const answer of answers) {
        expect(answer.mark).not.toBe('stale');
        expect(todayLine(answer.body)).toBeTruthy();
        expect(todayLine(answer.body)).not.toBe(shown);
      }
    } finally {
      clock.reset();
      clockB.reset();
    }
  });
});
