import request from 'supertest';
import { dayIn, REPORT_TEXT } from 'core/reports';
import { ConditionReport } from 'src/reports/condition-report.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 45: divers' condition reports of a site (the API, its rules, its rate limit, the admin's queue). */
let t: TestApp;
let site: DiveSite;

beforeAll(async () => {
  // One proxy in front, so the test can speak from the addresses it names (the rate limit's networks).
  t = await startTestApp({ TRUST_PROXY: '1' });
  site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
});

beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));

afterAll(() => t.close());

/** The day `days` before today as the site's zone (SITE_TIMEZONE's default) counts it. */
function daysAgo(days: number): string {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const good = () => ({
  date: daysAgo(2),
  time: '09:30',
  visibility: 15,
  waterTemperature: 24.5,
  current: 'light',
  surge: 'some',
  comment: 'Queensland groper under the bow, a turtle on the stern.',
  name: 'Kim',
});
const post = (body: object, siteId = site.id) => request(t.baseUrl).post(`/api/dive-sites/${siteId}/reports`).send(body);
const stored = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM condition_reports'))[0].n);

describe('POST /api/dive-sites/{id}/reports', () => {
  beforeEach(() => t.dataSource.query('DELETE FROM condition_reports'));

  it('takes a full report and lists it at once (REPORTS_MODERATION is off by default)', async () => {
    const body = good();
    const { body: created } = await post(body).expect(201);
    expect(created.published).toBe(true);
    expect(created.message).toBe(REPORT_TEXT.published);
    const { body: list } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200);
    expect(list).toEqual([{ id: created.report.id, diveSiteId: site.id, ...body, createdAt: expect.any(String), photos: [] }]);
  });

  it('takes a report with only the date and one observation; blank fields of a form are none', async () => {
    const { body } = await post({ date: daysAgo(0), visibility: '8', time: '', comment: '  ', name: '' }).expect(201);
    expect(body.report).toMatchObject({ date: daysAgo(0), visibility: 8, time: null, comment: null, name: null, current: null });
  });

  it(`accepts a dive ${14} days ago, and the edges of each range`, async () => {
    await post({ date: daysAgo(14), visibility: 0, waterTemperature: 0, current: 'none', surge: 'none' }).expect(201);
    await post({ date: daysAgo(1), visibility: 60, waterTemperature: 35, current: 'strong', surge: 'strong' }).expect(201);
    expect(await stored()).toBe(2);
  });

  it.each([
    ['date', { date: undefined }, REPORT_TEXT.date],
    ['date', { date: 'last Sunday' }, REPORT_TEXT.date],
    ['date', { date: '2026-02-30' }, REPORT_TEXT.date],
    ['date', { date: 'future' }, REPORT_TEXT.date],
    ['date', { date: 'too old' }, REPORT_TEXT.date],
    ['time', { time: '25:00' }, REPORT_TEXT.time],
    ['time', { time: '9am' }, REPORT_TEXT.time],
    ['visibility', { visibility: -1 }, REPORT_TEXT.visibility],
    ['visibility', { visibility: 61 }, REPORT_TEXT.visibility],
    ['visibility', { visibility: 12.5 }, REPORT_TEXT.visibility],
    ['visibility', { visibility: 'clear' }, REPORT_TEXT.visibility],
    ['waterTemperature', { waterTemperature: -0.5 }, REPORT_TEXT.waterTemperature],
    ['waterTemperature', { waterTemperature: 36 }, REPORT_TEXT.waterTemperature],
    ['waterTemperature', { waterTemperature: 21.25 }, REPORT_TEXT.waterTemperature],
    ['waterTemperature', { waterTemperature: 'warm' }, REPORT_TEXT.waterTemperature],
    ['current', { current: 'ripping' }, REPORT_TEXT.current],
    ['current', { current: 3 }, REPORT_TEXT.current],
    ['surge', { surge: 'huge' }, REPORT_TEXT.surge],
    ['comment', { comment: 'x'.repeat(501) }, REPORT_TEXT.comment],
    ['comment', { comment: 42 }, REPORT_TEXT.comment],
    ['comment', { comment: 'Great dive, book at https://spam.example/deal' }, REPORT_TEXT.noLinks],
    ['comment', { comment: 'Great dive, see www.spam-shop.com' }, REPORT_TEXT.noLinks],
    ['comment', { comment: 'Write to me: diver@example.com' }, REPORT_TEXT.noLinks],
    ['name', { name: 'n'.repeat(61) }, REPORT_TEXT.name],
    ['name', { name: 'cheap-fins.com' }, REPORT_TEXT.noLinks],
    ['name', { name: ['Kim'] }, REPORT_TEXT.name],
    ['photos', { photos: 'x' }, 'Unknown field: photos'],
  ])('refuses bad %s (%j) with a 400 naming it, and stores nothing', async (field, change, message) => {
    const body: Record<string, unknown> = { ...good(), ...change };
    if (body.date === 'future') body.date = daysAgo(-1);
    if (body.date === 'too old') body.date = daysAgo(15);
    const response = await post(body).expect(400);
    expect(response.body.error).toBe(message);
    expect(Object.keys(response.body.fields)).toEqual([field]);
    expect(await stored()).toBe(0);
  });

  it('names every bad field at once', async () => {
    const response = await post({ ...good(), time: 'noon', visibility: 99, current: 'fast', comment: 'x'.repeat(600) }).expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['comment', 'current', 'time', 'visibility']);
    expect(await stored()).toBe(0);
  });

  it('refuses a report with no observation at all, naming visibility', async () => {
    const response = await post({ date: daysAgo(1), name: 'Kim' }).expect(400);
    expect(response.body.fields).toEqual({ visibility: [REPORT_TEXT.nothing] });
    expect(await stored()).toBe(0);
  });

  it('refuses a filled honeypot and an unknown site, storing nothing', async () => {
    expect((await post({ ...good(), website: 'http://spam.example' }).expect(400)).body.error).toBe(REPORT_TEXT.rejected);
    expect((await post(good(), 999_999).expect(404)).body.error).toBe('Dive site not found');
    expect(await stored()).toBe(0);
  });

  it('honours an Idempotency-Key: the same key again answers the same report, stored once', async () => {
    const key = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
    const first = await post(good()).set('Idempotency-Key', key).expect(201);
    const again = await post({ ...good(), visibility: 3 })
      .set('Idempotency-Key', key)
      .expect(201);
    expect(again.body).toEqual(first.body);
    expect(await stored()).toBe(1);
    const other = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Cod Hole' });
    expect((await post(good(), other.id).set('Idempotency-Key', key).expect(409)).body.error).toBe(REPORT_TEXT.idempotencyReused);
    const bad = await post(good()).set('Idempotency-Key', 'short').expect(400);
    expect(Object.keys(bad.body.fields)).toEqual(['Idempotency-Key']);
    await post(good()).set('Idempotency-Key', 'another-key-0001').expect(201);
    expect(await stored()).toBe(2);
  });

  it('keeps no address of the diver', async () => {
    await post(good()).expect(201);
    const columns: { column_name: string }[] = await t.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'condition_reports'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining([expect.stringMatching(/ip|address|email|agent/i)]));
  });

  it('answers 429 after five reports from one network, an IPv6 /64 counted as one; another network may still report', async () => {
    const from = (address: string) => post(good()).set('X-Forwarded-For', address);
    for (let i = 1; i <= 5; i++) await from(`2001:db8:1:1::${i}`).expect(201);
    const blocked = await from('2001:db8:1:1:ffff:ffff:ffff:ffff').expect(429);
    expect(blocked.body.error).toBe(REPORT_TEXT.tooMany);
    await from('2001:db8:1:2::1').expect(201);
    expect(await stored()).toBe(6);
  });

  it('a refused report does not use up the allowance', async () => {
    for (let i = 0; i < 6; i++) await post({ ...good(), visibility: 99 }).expect(400);
    await post(good()).expect(201);
  });
});

describe('GET /api/dive-sites/{id}/reports', () => {
  beforeAll(async () => {
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query('DELETE FROM rate_limits');
    for (const [days, visibility] of [
      [3, 10],
      [0, 20],
      [1, 15],
    ]) {
      await post({ date: daysAgo(days), visibility }).expect(201);
    }
  });

  it('lists the newest dive first, a page at a time with X-Total-Count and a Link to the next', async () => {
    const first = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports?limit=2`).expect(200);
    expect(first.body.map((r: { visibility: number }) => r.visibility)).toEqual([20, 15]);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers.link).toContain('offset=2');
    const second = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports?limit=2&offset=2`).expect(200);
    expect(second.body.map((r: { visibility: number }) => r.visibility)).toEqual([10]);
  });

  it('refuses a bad slice and an unknown site', async () => {
    await request(t.baseUrl).get(`/api/dive-sites/${site.id}/reports?limit=0`).expect(400);
    await request(t.baseUrl).get(`/api/dive-sites/999999/reports`).expect(404);
  });
});

describe("the administrator's queue", () => {
  let moderated: TestApp;
  let moderator: Agent;
  beforeAll(async () => {
    // The page cache on, as in production: approving must reach the cached site page.
    moderated = await startTestApp({ REPORTS_MODERATION: 'on', PAGE_CACHE: 'true' });
    moderator = await signInAsAdmin(moderated);
  });
  afterAll(() => moderated.close());

  const send = (body: object) => request(moderated.baseUrl).post(`/api/dive-sites/${site.id}/reports`).send(body);
  const published = async () => (await request(moderated.baseUrl).get(`/api/dive-sites/${site.id}/reports`).expect(200)).body;

  it('is for the administrator only', async () => {
    await request(moderated.baseUrl).get('/api/admin/reports').expect(401);
    await request(moderated.baseUrl)
      .post('/api/admin/reports/approve')
      .set('Origin', moderated.siteOrigin)
      .send({ ids: [1] })
      .expect(401);
  });

  it('with REPORTS_MODERATION=on a report waits; approving several at once publishes them and the site page shows them', async () => {
    const a = (await send({ date: daysAgo(1), visibility: 12, comment: 'Bommie alive with fusiliers' }).expect(201)).body;
    const b = (await send({ date: daysAgo(2), visibility: 9, comment: 'Green turtle at the bow' }).expect(201)).body;
    expect(a.published).toBe(false);
    expect(a.message).toBe(REPORT_TEXT.pending);
    expect(await published()).toEqual([]);
    expect((await request(moderated.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text).not.toContain('Bommie alive with fusiliers');

    const { body: queue } = await moderator.get('/api/admin/reports').expect(200);
    expect(queue.map((r: { id: number }) => r.id)).toEqual([a.report.id, b.report.id]);
    expect(queue[0]).toMatchObject({ status: 'pending', site: { id: site.id, name: 'SS Yongala' } });

    await moderator
      .post('/api/admin/reports/approve')
      .send({ ids: [a.report.id, b.report.id] })
      .expect(200);
    expect((await published()).map((r: { id: number }) => r.id)).toEqual([a.report.id, b.report.id]);
    expect((await moderator.get('/api/admin/reports').expect(200)).body).toEqual([]);
    expect((await request(moderated.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text).toContain('Bommie alive with fusiliers');
  });

  it('rejecting takes reports off the page; deleting removes them', async () => {
    const { body } = await send({ date: daysAgo(1), visibility: 30, comment: 'Rejected one' }).expect(201);
    await moderator
      .post('/api/admin/reports/approve')
      .send({ ids: [body.report.id] })
      .expect(200);
    await moderator
      .post('/api/admin/reports/reject')
      .send({ ids: [body.report.id] })
      .expect(200);
    expect((await published()).map((r: { id: number }) => r.id)).not.toContain(body.report.id);
    const rejected = (await moderator.get('/api/admin/reports?status=rejected').expect(200)).body;
    expect(rejected.map((r: { id: number }) => r.id)).toEqual([body.report.id]);
    await moderator
      .post('/api/admin/reports/delete')
      .send({ ids: [body.report.id] })
      .expect(200);
    expect((await moderator.get('/api/admin/reports?status=all').expect(200)).body.map((r: { id: number }) => r.id)).not.toContain(body.report.id);
  });

  it.each([[{}], [{ ids: [] }], [{ ids: ['x'] }], [{ ids: 5 }], [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }]])(
    'refuses ids %j with a 400 naming ids',
    async (body) => {
      const response = await moderator.post('/api/admin/reports/approve').send(body).expect(400);
      expect(Object.keys(response.body.fields)).toEqual(['ids']);
    },
  );

  it('refuses an unknown status filter', async () => {
    await moderator.get('/api/admin/reports?status=maybe').expect(400);
  });
});

describe("the site page's 'Latest reports' and its form without JavaScript", () => {
  const page = async (path = `/dive-sites/${site.id}`, cookie?: string) => {
    const call = request(t.baseUrl).get(path);
    if (cookie) call.set('Cookie', cookie);
    return (await call.expect(200)).text;
  };
  /** The form as a browser posts it from the site's page. */
  const form = (fields: Record<string, string>) =>
    request(t.baseUrl)
      .post(`/forms/dive-sites/${site.id}/reports`)
      .type('form')
      .set('Origin', t.siteOrigin)
      .set('Referer', `${t.baseUrl}/dive-sites/${site.id}`)
      .send(fields);
  const outcomeCookie = (response: request.Response) =>
    ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('form_outcome='))!
      .split(';')[0];
  const sections = (html: string) => html.slice(html.indexOf('id="site-reports"'), html.indexOf('id="site-ratings"'));

  beforeEach(async () => {
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query('DELETE FROM rate_limits');
  });

  it('offers the form, which posts without JavaScript, and says when there is no report yet', async () => {
    const html = sections(await page());
    expect(html).toContain(REPORT_TEXT.heading);
    expect(html).toContain(REPORT_TEXT.none);
    expect(html).toContain(`action="/forms/dive-sites/${site.id}/reports"`);
    expect(html).toContain('name="website"');
  });

  it('a report posted without JavaScript returns to the form with its thanks, and the page lists it with its age', async () => {
    const answer = await form({
      date: daysAgo(3),
      time: '',
      visibility: '15',
      waterTemperature: '23.5',
      current: 'light',
      surge: '',
      comment: 'Wobbegong under the ledge',
      name: 'Sam',
      website: '',
    }).expect(303);
    expect(answer.headers.location).toBe(`/dive-sites/${site.id}#site-reports`);
    const html = sections(await page(`/dive-sites/${site.id}`, outcomeCookie(answer)));
    expect(html).toContain(REPORT_TEXT.published);
    expect(html).toContain('Wobbegong under the ledge');
    expect(html).toContain('3 days ago');
    expect(html).toContain('Visibility 15 m');
    expect(html).toContain('Water 23.5 °C');
    expect(await t.dataSource.getRepository(ConditionReport).countBy({ comment: 'Wobbegong under the ledge' })).toBe(1);
  });

  it('a refused post shows each message beside its field with what was typed, and stores nothing', async () => {
    const answer = await form({ date: daysAgo(1), visibility: '80', comment: 'See www.spam-shop.com for deals', website: '' }).expect(303);
    expect(answer.headers.location).toBe(`/dive-sites/${site.id}#site-reports`);
    const html = sections(await page(`/dive-sites/${site.id}`, outcomeCookie(answer)));
    expect(html).toContain(REPORT_TEXT.visibility);
    expect(html).toContain(REPORT_TEXT.noLinks);
    expect(html).toContain('See www.spam-shop.com for deals');
    expect(await stored()).toBe(0);
  });

  it('shows the five newest, marks a report older than 14 days as old, and pages the rest', async () => {
    const repository = t.dataSource.getRepository(ConditionReport);
    // Older reports than the form accepts arrive only by time passing: written as they would stand then.
    for (let day = 0; day < 14; day++) {
      await repository.save(
        repository.create({ diveSiteId: site.id, date: daysAgo(day * 2), visibility: day, status: 'published', comment: `Dive number ${day}.` }),
      );
    }
    const html = sections(await page());
    expect(html.match(/data-testid="site-report"/g)).toHaveLength(5);
    expect(html).toContain('Dive number 0.');
    expect(html).not.toContain('Dive number 5.');
    expect(html).toContain(`href="/dive-sites/${site.id}/reports"`);

    const first = await page(`/dive-sites/${site.id}/reports`);
    expect(first.match(/data-testid="site-report"/g)).toHaveLength(12);
    expect(first).toContain(`href="/dive-sites/${site.id}/reports?page=2"`);
    const second = await page(`/dive-sites/${site.id}/reports?page=2`);
    expect(second.match(/data-testid="site-report"/g)).toHaveLength(2);
    // Past 14 days a report is old: of days 0-22 on the first page, 16, 18, 20 and 22; both of the second's (24, 26).
    expect(first.match(/data-old="true"/g)).toHaveLength(4);
    expect(second.match(/data-old="true"/g)).toHaveLength(2);
    expect(second).toContain(REPORT_TEXT.old);
    await request(t.baseUrl).get(`/dive-sites/${site.id}/reports?page=3`).expect(404);
  });
});

describe('the RSS feeds of a site and of a region', () => {
  beforeAll(async () => {
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query('DELETE FROM rate_limits');
    await post({ date: daysAgo(1), visibility: 22, comment: 'Manta at the cleaning station & rays' }).expect(201);
  });

  it("lists a site's published reports, newest first, escaped", async () => {
    const feed = await request(t.baseUrl).get(`/dive-sites/${site.id}/reports/feed`).expect(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.text).toContain('<title>SS Yongala: vis 22 m, ');
    expect(feed.text).toContain('Manta at the cleaning station &amp; rays');
    expect(feed.text.match(/<item>/g)).toHaveLength(1);
  });

  it("lists a region's reports, and answers 404 for an unknown region or site", async () => {
    const feed = await request(t.baseUrl)
      .get(`/dive-sites/reports/feed?region=${encodeURIComponent(site.region)}`)
      .expect(200);
    expect(feed.text).toContain('<title>SS Yongala: vis 22 m, ');
    const other = await request(t.baseUrl).get('/dive-sites/reports/feed?region=Tasmania').expect(200);
    expect(other.text).not.toContain('<item>');
    await request(t.baseUrl).get('/dive-sites/reports/feed?region=Atlantis').expect(404);
    await request(t.baseUrl).get('/dive-sites/reports/feed').expect(404);
    await request(t.baseUrl).get('/dive-sites/999999/reports/feed').expect(404);
  });
});

describe("the newest report on a site's card", () => {
  beforeAll(async () => {
    await t.dataSource.query('DELETE FROM condition_reports');
    await t.dataSource.query('DELETE FROM rate_limits');
    await post({ date: daysAgo(4), visibility: 9 }).expect(201);
    await post({ date: daysAgo(2), visibility: 15, waterTemperature: 24 }).expect(201);
  });

  it("the cards API gives the newest dive's 'vis 15 m, 2 days ago'; a site without a report has none", async () => {
    const other = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Cod Hole' });
    const { body } = await request(t.baseUrl).get(`/api/dive-sites/cards?ids=${site.id},${other.id}`).expect(200);
    const byId = new Map(body.map((card: { id: number; report?: string }) => [card.id, card]));
    expect((byId.get(site.id) as { report?: string }).report).toBe('vis 15 m, 2 days ago');
    expect(byId.get(other.id)).not.toHaveProperty('report');
  });

  it('the card on the list and on the site page says it', async () => {
    const list = await request(t.baseUrl)
      .get(`/dive-sites?search=${encodeURIComponent('SS Yongala')}`)
      .expect(200);
    expect(list.text).toMatch(/data-testid="site-latest-report"><span[^>]*>Latest report: <\/span>vis 15 m, 2 days ago/);
    const page = await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200);
    expect(page.text).toContain('vis 15 m, 2 days ago');
  });
});
