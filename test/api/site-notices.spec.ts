import request from 'supertest';
import { addDays } from 'core/conditions/days';
import { CHECK_TEXT, NOTICE_TEXT } from 'core/dive-sites/provenance';
import { fromZonedInput, siteTimeZone } from 'core/site-time';
import { Clock } from 'src/common/clock';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 43: the administrator's notices (list, create, edit, end), the 'needs checking' queue and 'Mark checked'. */
let t: TestApp;
let admin: Agent;
let sites: DiveSite[];
let today: string;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
  sites = await t.dataSource.getRepository(DiveSite).find({ where: { region: 'Victoria' }, order: { id: 'ASC' }, take: 3 });
  today = t.app.get(SiteFactsService).today();
});

afterAll(() => t.close());

const valid = () => ({
  title: 'Test bloom in the bay',
  body: 'Discoloured water and dead fish reported; check the state advice before diving.',
  startsOn: shift(today, -10),
  endsOn: null,
  sourceTitle: 'State environment agency',
  sourceUrl: 'https://www.example.org/bloom',
  siteIds: sites.map((site) => site.id),
});

const noticeCount = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM notices`))[0].n);

describe('the notices admin API', () => {
  it('is for the administrator only', async () => {
    await request(t.baseUrl).get('/api/admin/notices').expect(401);
    await request(t.baseUrl).post('/api/admin/notices').set('Origin', t.siteOrigin).send(valid()).expect(401);
    await request(t.baseUrl).get('/api/admin/dive-site-checks').expect(401);
  });

  it.each([
    [{ title: '' }, 'title', NOTICE_TEXT.titleRequired],
    [{ body: undefined }, 'body', NOTICE_TEXT.bodyRequired],
    [{ startsOn: '2025-02-30' }, 'startsOn', NOTICE_TEXT.startsOn],
    [{ startsOn: '2025-06-01', endsOn: '2025-05-31' }, 'endsOn', NOTICE_TEXT.endsOn],
    [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl', NOTICE_TEXT.sourceUrl],
    [{ sourceTitle: '   ' }, 'sourceTitle', NOTICE_TEXT.sourceTitle],
    [{ siteIds: [] }, 'siteIds', NOTICE_TEXT.sites],
    [{ siteIds: ['1'] }, 'siteIds', NOTICE_TEXT.sites],
    [{ siteIds: [2_147_483_647] }, 'siteIds', NOTICE_TEXT.unknownSites],
    [{ colour: 'red' }, 'colour', 'Unknown field: colour'],
  ])('refuses %j with a 400 naming %s, and writes nothing', async (change, field, message) => {
    const before = await noticeCount();
    const { body } = await admin
      .post('/api/admin/notices')
      .send({ ...valid(), ...change })
      .expect(400);
    expect(body.fields[field]).toEqual([message]);
    expect(await noticeCount()).toBe(before);
  });

  it('creates a notice over several sites, shown on their pages, cards and region page while in force; edits and ends it', async () => {
    const { body: created } = await admin.post('/api/admin/notices').send(valid()).expect(201);
    expect(created).toMatchObject({
      title: 'Test bloom in the bay',
      inForce: true,
      endsOn: null,
      source: { title: 'State environment agency', url: 'https://www.example.org/bloom' },
    });
    expect(created.sites.map((site: { id: number }) => site.id).sort()).toEqual(sites.map((site) => site.id).sort());
    expect((await admin.get('/api/admin/notices').expect(200)).body.map((notice: { id: number }) => notice.id)).toContain(created.id);

    for (const site of sites) {
      const page = (await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text;
      expect([site.name, page.includes('Test bloom in the bay')]).toEqual([site.name, true]);
    }
    const { body: cards } = await request(t.baseUrl)
      .get(`/api/dive-sites/cards?ids=${sites.map((site) => site.id).join(',')}`)
      .expect(200);
    for (const card of cards) expect(card.notices).toEqual([expect.objectContaining({ id: created.id, title: 'Test bloom in the bay' })]);
    const region = (await request(t.baseUrl).get('/dive-sites?region=Victoria').expect(200)).text;
    expect(region).toContain('Notices in Victoria');
    expect(region).toContain('Test bloom in the bay');

    // Edited: one site fewer, a new title.
    const { body: edited } = await admin
      .put(`/api/admin/notices/${created.id}`)
      .send({ ...valid(), title: 'Test bloom, eastern bay', siteIds: [sites[0].id, sites[1].id] })
      .expect(200);
    expect(edited.sites).toHaveLength(2);
    expect((await request(t.baseUrl).get(`/dive-sites/${sites[2].id}`).expect(200)).text).not.toContain('Test bloom');
    expect((await request(t.baseUrl).get(`/dive-sites/${sites[0].id}`).expect(200)).text).toContain('Test bloom, eastern bay');

    // Ended: in force until yesterday, gone from the pages today.
    const { body: ended } = await admin.post(`/api/admin/notices/${created.id}/end`).expect(200);
    expect(ended.notice).toMatchObject({ endsOn: shift(today, -1), inForce: false });
    expect((await request(t.baseUrl).get(`/dive-sites/${sites[0].id}`).expect(200)).text).not.toContain('Test bloom');
    expect((await request(t.baseUrl).get(`/api/dive-sites/cards?ids=${sites[0].id}`).expect(200)).body[0].notices).toBeUndefined();
  });

  it('shows a notice only from its start to its end', async () => {
    const future = (
      await admin
        .post('/api/admin/notices')
        .send({ ...valid(), title: 'Test rezoning next month', startsOn: shift(today, 30) })
        .expect(201)
    ).body;
    const past = (
      await admin
        .post('/api/admin/notices')
        .send({ ...valid(), title: 'Test cyclone last year', startsOn: shift(today, -400), endsOn: shift(today, -300) })
        .expect(201)
    ).body;
    expect([future.inForce, past.inForce]).toEqual([false, false]);
    const page = (await request(t.baseUrl).get(`/dive-sites/${sites[0].id}`).expect(200)).text;
    expect(page).not.toContain('Test rezoning next month');
    expect(page).not.toContain('Test cyclone last year');
    // Ending one that has not begun removes it.
    expect((await admin.post(`/api/admin/notices/${future.id}/end`).expect(200)).body).toEqual({ notice: null });
    await admin.put(`/api/admin/notices/${future.id}`).send(valid()).expect(404);
    await admin.post('/api/admin/notices/abc/end').expect(400);
  });
});

describe('an ended notice and the page cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    // The same database, served with the page cache on.
    cached = await startTestApp({ PAGE_CACHE: 'true' }, { databaseUrl: t.databaseUrl });
  });
  afterAll(() => cached.close());

  it('a cached site page, region page and card stop showing a notice once its last day is over', async () => {
    const clock = cached.app.get(Clock);
    const facts = cached.app.get(SiteFactsService);
    // A Perth site: its own midnight (its Conditions section's) is hours from the readers' (SITE_TIMEZONE).
    const [site] = await cached.dataSource.getRepository(DiveSite).find({ where: { region: 'Perth & Rottnest' }, order: { id: 'ASC' }, take: 1 });
    const regionPage = `/dive-sites?region=${encodeURIComponent('Perth & Rottnest')}`;
    // The cache is on and keeping pages.
    let warmed = '';
    for (let attempt = 0; attempt < 20 && warmed !== 'hit'; attempt++)
      warmed = (await request(cached.baseUrl).get(`/dive-sites/${sites[0].id}`).expect(200)).headers['x-page-cache'];
    expect(warmed).toBe('hit');
    let noticeId: number | null = null;
    try {
      // Eight seconds before the readers' midnight; the notice's last day is today.
      const midnight = fromZonedInput(`${addDays(facts.today(), 1)}T00:00`, siteTimeZone())!;
      clock.advance(midnight.getTime() - clock.now().getTime() - 8000);
      const realMidnight = Date.now() + 8000;
      const lastDay = facts.today();
      // Signed in at the moved clock (a session from before it would have lapsed).
      const cachedAdmin = await signInAsAdmin(cached);
      const { body: created } = await cachedAdmin
        .post('/api/admin/notices')
        .send({ ...valid(), title: 'Test swell damage, one day only', startsOn: lastDay, endsOn: lastDay, siteIds: [site.id] })
        .expect(201);
      noticeId = created.id;
      const cards = `/api/dive-sites/cards?ids=${site.id}`;
      for (const path of [`/dive-sites/${site.id}`, regionPage, cards]) {
        expect((await request(cached.baseUrl).get(path).expect(200)).text).toContain('Test swell damage, one day only');
        const again = await request(cached.baseUrl).get(path).expect(200);
        expect([path, again.headers['x-page-cache'], again.text.includes('Test swell damage, one day only')]).toEqual([path, 'hit', true]);
      }
      // Still the notice's last day when the pages were kept.
      expect(Date.now()).toBeLessThan(realMidnight);
      await new Promise((resolve) => setTimeout(resolve, realMidnight - Date.now() + 500));
      expect(facts.today()).toBe(addDays(lastDay, 1));
      for (const path of [`/dive-sites/${site.id}`, regionPage, cards]) {
        const after = await request(cached.baseUrl).get(path).expect(200);
        expect([path, after.headers['x-page-cache'] === 'hit', after.text.includes('Test swell damage')]).toEqual([path, false, false]);
      }
    } finally {
      clock.reset();
      if (noticeId !== null) await cached.dataSource.query(`DELETE FROM notices WHERE id = $1`, [noticeId]);
    }
  });
});

describe("the 'needs checking' queue and 'Mark checked'", () => {
  it('lists the sites never checked first, then the oldest checks', async () => {
    // A site without a recorded check, whatever the seed still leaves unchecked.
    const [{ id: unchecked }] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id DESC LIMIT 1`);
    await t.dataSource.query(`DELETE FROM dive_site_checks WHERE "diveSiteId" = $1`, [unchecked]);
    await t.dataSource.query(`UPDATE dive_sites SET "lastChecked" = NULL WHERE id = $1`, [unchecked]);
    const { body, headers } = await admin.get('/api/admin/dive-site-checks?limit=100').expect(200);
    expect(Number(headers['x-total-count'])).toBe(await t.dataSource.getRepository(DiveSite).count());
    const days = body.map((row: { lastCheck: { checkedOn: string } | null }) => row.lastCheck?.checkedOn ?? '');
    expect(days).toEqual([...days].sort());
    expect(body[0].lastCheck).toBeNull();
  });

  it.each([
    [{ sources: [] }, 'sources', CHECK_TEXT.sources],
    [{ sources: ['not a url'] }, 'sources', CHECK_TEXT.sources],
    [{ fields: [] }, 'fields', CHECK_TEXT.fields],
    [{ fields: ['colour'] }, 'fields', CHECK_TEXT.fields],
    [{ checkedOn: 'today' }, 'checkedOn', CHECK_TEXT.checkedOn],
    [{ checkedOn: '2999-01-01' }, 'checkedOn', 'Checked on must not be in the future'],
  ])('refuses %j with a 400 naming %s, and records nothing', async (change, field, message) => {
    const site = sites[2];
    const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM dive_site_checks`))[0].n;
    const { body } = await admin
      .post(`/api/admin/dive-sites/${site.id}/checks`)
      .send({ checkedOn: today, fields: ['position'], sources: ['https://www.example.org/mark'], ...change })
      .expect(400);
    expect(body.fields[field]).toEqual([message]);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM dive_site_checks`))[0].n).toBe(before);
  });

  it('records a check: the site leaves the head of the queue and its page says when and against what', async () => {
    const { body: queue } = await admin.get('/api/admin/dive-site-checks?limit=1').expect(200);
    const site = queue[0].site;
    await admin
      .post('/api/admin/dive-sites/999999/checks')
      .send({ checkedOn: today, fields: ['depth'], sources: ['https://www.example.org/x'] })
      .expect(404);
    const { body: check } = await admin
      .post(`/api/admin/dive-sites/${site.id}/checks`)
      .send({ checkedOn: today, fields: ['depth', 'hazards'], sources: [{ title: 'Parks notice', url: 'https://www.example.org/parks' }] })
      .expect(201);
    expect(check).toMatchObject({ siteId: site.id, checkedOn: today, fields: ['depth', 'hazards'], by: 'editor' });
    const after: { site: { id: number }; lastCheck: { checkedOn: string } | null }[] = [];
    for (let offset = 0; offset === 0 || offset < Number((await admin.get('/api/admin/dive-site-checks?limit=1')).headers['x-total-count']); offset += 100) {
      after.push(...(await admin.get(`/api/admin/dive-site-checks?limit=100&offset=${offset}`).expect(200)).body);
    }
    const at = after.findIndex((row) => row.site.id === site.id);
    // Behind every site never checked and every older check.
    expect(after[at].lastCheck).toMatchObject({ checkedOn: today, fields: ['depth', 'hazards'], by: 'editor' });
    expect(after.slice(at + 1).filter((row) => row.lastCheck === null || row.lastCheck.checkedOn < today)).toEqual([]);
    expect((await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body.lastChecked).toBe(today);
    const page = (await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text;
    expect(page).toMatch(new RegExp(`Checked <time dateTime="${today}">[^<]+</time> against <span><a href="https://www.example.org/parks"`));
  });
});
