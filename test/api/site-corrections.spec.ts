import request from 'supertest';
import { CORRECTION_TEXT } from 'core/dive-sites/corrections';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 30: 'Suggest a correction' on a site's page, and the administrator's queue. */
let t: TestApp;
let admin: Agent;
let site: DiveSite;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
  site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
});

beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));

afterAll(() => t.close());

const good = {
  field: 'depthRange',
  suggestion: '14-30m, sand at 30 m',
  sourceUrl: 'https://www.example.org/yongala-dive-guide',
};
const suggest = (body: object, siteId = site.id) => request(t.baseUrl).post(`/api/dive-sites/${siteId}/corrections`).send(body);
const queued = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM site_corrections'))[0].n);

describe('POST /api/dive-sites/{id}/corrections', () => {
  it('takes a correction with its source and thanks the visitor; it waits for the administrator and the page is unchanged', async () => {
    const before = await queued();
    const response = await suggest({ ...good, email: 'Diver@Example.com' }).expect(201);
    expect(response.body).toEqual({ message: CORRECTION_TEXT.thanks });
    expect(await queued()).toBe(before + 1);
    const { body } = await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200);
    expect(body.depthRange).toBe(site.depthRange);
  });

  it.each([
    [{ field: 'name' }, 'field', CORRECTION_TEXT.fieldRequired],
    [{ field: undefined }, 'field', CORRECTION_TEXT.fieldRequired],
    [{ suggestion: 'too short' }, 'suggestion', CORRECTION_TEXT.suggestionRequired],
    [{ suggestion: 'x'.repeat(51) }, 'suggestion', 'Depth holds at most 50 characters'],
    [{ sourceUrl: 'my memory' }, 'sourceUrl', CORRECTION_TEXT.sourceRequired],
    [{ sourceUrl: 'javascript:alert(1)//x.y' }, 'sourceUrl', CORRECTION_TEXT.sourceRequired],
    [{ email: 'not-an-email' }, 'email', CORRECTION_TEXT.email],
    [{ rating: 5 }, 'rating', 'Unknown field: rating'],
  ])('refuses %j with a 400 naming %s, and keeps nothing', async (change, field, message) => {
    const before = await queued();
    const response = await suggest({ ...good, ...change }).expect(400);
    expect(response.body.error).toBe(message);
    expect(Object.keys(response.body.fields)).toEqual([field]);
    expect(await queued()).toBe(before);
  });

  it('refuses a filled honeypot and an unknown site', async () => {
    await suggest({ ...good, website: 'http://spam.example' }).expect(400);
    const missing = await suggest(good, 999_999).expect(404);
    expect(missing.body.error).toBe('Dive site not found');
  });

  it('answers 429 after five corrections from one address, as comments', async () => {
    for (let i = 0; i < 5; i++) await suggest({ ...good, suggestion: `${good.suggestion} (${i})` }).expect(201);
    const blocked = await suggest(good).expect(429);
    expect(blocked.body.error).toBe(CORRECTION_TEXT.tooMany);
  });
});

describe("the administrator's queue", () => {
  beforeAll(() => t.dataSource.query('DELETE FROM site_corrections'));

  it('is for the administrator only', async () => {
    await request(t.baseUrl).get('/api/admin/corrections').expect(401);
    await request(t.baseUrl).post('/api/admin/corrections/1/accept').set('Origin', t.siteOrigin).expect(401);
  });

  it("lists a correction with the site's present value; accepting it edits the site and records the source", async () => {
    await suggest(good).expect(201);
    const { body: queue } = await admin.get('/api/admin/corrections').expect(200);
    expect(queue).toEqual([
      {
        id: expect.any(Number),
        field: 'depthRange',
        suggestion: good.suggestion,
        sourceUrl: good.sourceUrl,
        email: null,
        createdAt: expect.any(String),
        site: { id: site.id, name: 'SS Yongala', current: site.depthRange },
      },
    ]);
    // The page as cached before the change...
    expect((await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text).not.toContain(good.suggestion);
    const { body: updated } = await admin.post(`/api/admin/corrections/${queue[0].id}/accept`).expect(200);
    expect(updated.depthRange).toBe(good.suggestion);
    expect(updated.sources).toEqual([...site.sources, { title: 'example.org', url: good.sourceUrl }]);
    expect(updated.lastChecked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Issue 43: the day is a recorded check, by a reader's correction, of what it corrected, against its source.
    const checks = await t.dataSource.query(
      `SELECT "checkedOn"::text AS day, fields, by, sources FROM dive_site_checks WHERE "diveSiteId" = $1 ORDER BY id DESC LIMIT 1`,
      [site.id],
    );
    expect(checks).toEqual([{ day: updated.lastChecked, fields: ['depth'], by: 'reader', sources: [{ title: 'example.org', url: good.sourceUrl }] }]);
    // ...shows it at once, and the correction has left the queue.
    expect((await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text).toContain(good.suggestion);
    expect((await admin.get('/api/admin/corrections').expect(200)).body).toEqual([]);
    await admin.post(`/api/admin/corrections/${queue[0].id}/accept`).expect(404);
  });

  it('rejecting one removes it and leaves the site as it was', async () => {
    await suggest({ ...good, field: 'hazards', suggestion: 'Sharks with lasers on their heads.' }).expect(201);
    const [{ id }] = (await admin.get('/api/admin/corrections').expect(200)).body;
    const hazards = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body.hazards;
    await admin.delete(`/api/admin/corrections/${id}`).expect(204);
    expect((await admin.get('/api/admin/corrections').expect(200)).body).toEqual([]);
    expect((await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200)).body.hazards).toBe(hazards);
    await admin.delete(`/api/admin/corrections/${id}`).expect(404);
  });
});

describe('accepting through the editor, and undoing it (issue 44)', () => {
  const queueOne = async (suggestion: string) => {
    await t.dataSource.query('DELETE FROM site_corrections');
    await t.dataSource.query(
      `INSERT INTO site_corrections ("diveSiteId", field, suggestion, "sourceUrl") VALUES ($1, 'waterTemp', $2, 'https://www.example.org/temps')`,
      [site.id, suggestion],
    );
    return (await admin.get('/api/admin/corrections').expect(200)).body[0].id as number;
  };
  const waterTemp = async () => (await t.dataSource.query(`SELECT "waterTemp" FROM dive_sites WHERE id = $1`, [site.id]))[0].waterTemp as string;

  it.each([
    [{ value: '' }, 'value'],
    [{ value: 42 }, 'value'],
    [{ sourceUrl: 'not a web address' }, 'sourceUrl'],
    [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const id = await queueOne('22-29°C (July is colder than listed)');
    const before = await waterTemp();
    const { body: error } = await admin.post(`/api/admin/corrections/${id}/accept`).send(body).expect(400);
    expect(JSON.stringify(error)).toContain(field);
    expect(await waterTemp()).toBe(before);
    expect((await admin.get('/api/admin/corrections').expect(200)).body).toHaveLength(1);
  });

  it("saves the administrator's value and source, not the reader's free text, and undoes it once", async () => {
    const before = await waterTemp();
    const id = await queueOne('22-29°C (July is colder than listed)');
    const { body: saved } = await admin
      .post(`/api/admin/corrections/${id}/accept`)
      .send({ value: '21-29°C', sourceUrl: 'https://www.example.org/official-temps' })
      .expect(200);
    expect(saved.waterTemp).toBe('21-29°C');
    expect(saved.sources).toContainEqual({ title: 'example.org', url: 'https://www.example.org/official-temps' });
    expect(await waterTemp()).toBe('21-29°C');

    const { body: undone } = await admin.post(`/api/admin/site-field-revisions/${saved.revisionId}/undo`).expect(200);
    expect(undone.waterTemp).toBe(before);
    expect(await waterTemp()).toBe(before);
    await admin.post(`/api/admin/site-field-revisions/${saved.revisionId}/undo`).expect(409);
    await admin.post('/api/admin/site-field-revisions/99999999/undo').expect(404);
    await request(t.baseUrl).post(`/api/admin/site-field-revisions/${saved.revisionId}/undo`).set('Origin', t.siteOrigin).expect(401);
  });

  it('does not undo over a later edit of the field', async () => {
    const id = await queueOne('23-29°C');
    const { body: saved } = await admin.post(`/api/admin/corrections/${id}/accept`).send({ value: '23-29°C' }).expect(200);
    await t.dataSource.query(`UPDATE dive_sites SET "waterTemp" = '24-30°C' WHERE id = $1`, [site.id]);
    const { body: error } = await admin.post(`/api/admin/site-field-revisions/${saved.revisionId}/undo`).expect(409);
    expect(error.message).toContain('changed since');
    expect(await waterTemp()).toBe('24-30°C');
  });
});
