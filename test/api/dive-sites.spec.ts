import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { spreadsheetSafe } from 'src/lists/csv';
import { CSV_COLUMNS } from 'src/dive-sites/dive-site-export.service';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';
import { allPages } from '../support/all-pages';
import { asBytes } from '../support/bytes';

let t: TestApp;
let admin: Agent;

const newSite = (overrides: Record<string, unknown> = {}) => ({
  name: `Test Bommie ${Math.random().toString(36).slice(2, 8)}`,
  region: 'Victoria',
  latitude: -38.3,
  longitude: 144.7,
  description: 'A test reef with "quotes", commas, and\na line break.',
  skillLevel: 'Intermediate',
  depthRange: '8-18m',
  waterTemp: '12-19°C',
  visibility: '5-15m',
  bestTime: 'Summer',
  marineLife: 'Weedy seadragons, blue devils',
  hazards: 'Boat traffic',
  facilities: 'Car park',
  ...overrides,
});

const siteRepo = () => t.dataSource.getRepository(DiveSite);
const ratingRepo = () => t.dataSource.getRepository(DiveSiteRating);
/** A site of the seed, found by name. */
const seeded = (name: string) => siteRepo().findOneByOrFail({ name });
/** Each rating test posts from its own address (TRUST_PROXY=1), so the per-IP limit never links tests. */
let ipCounter = 10;
const nextIp = () => `203.0.113.${ipCounter++}`;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
  admin = await signInAsAdmin(t);
});

afterAll(() => t.close());

describe('GET /api/dive-sites', () => {
  it('answers a page of 100 sites by default, with the whole count and a Link to the next page (issue 31)', async () => {
    const total = await siteRepo().count();
    const first = await request(t.baseUrl).get('/api/dive-sites').expect(200);
    expect(first.body).toHaveLength(100);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe('</api/dive-sites?limit=100&offset=100>; rel="next"');
    const last = await request(t.baseUrl).get('/api/dive-sites').query({ offset: 200 }).expect(200);
    expect(last.body).toHaveLength(total - 200);
    expect(last.headers.link).toBe('</api/dive-sites?offset=100&limit=100>; rel="prev"');
    const search = await request(t.baseUrl).get('/api/dive-sites').query({ q: 'julian rocks', region: 'Northern New South Wales' }).expect(200);
    expect(search.body.map((site: { name: string }) => site.name)).toEqual(expect.arrayContaining(['Julian Rocks']));
    expect(search.headers['x-total-count']).toBe(String(search.body.length));
    const ids = (await request(t.baseUrl).get('/api/dive-sites/search/ids').query({ q: 'julian rocks' }).expect(200)).body;
    expect(ids.sort()).toEqual(search.body.map((site: { id: number }) => site.id).sort());
  });

  it('lists every seeded site (at least 244) sorted by name as a person reads it (case and accents aside), with latitude and longitude as text and every public field', async () => {
    const response = { body: await allPages<{ name: string; latitude: unknown; longitude: unknown }>(t.baseUrl, '/api/dive-sites') };
    expect(response.body.length).toBeGreaterThanOrEqual(244);
    const names: string[] = response.body.map((s: { name: string }) => s.name);
    const ordered = (await siteRepo().query('SELECT name FROM dive_sites ORDER BY name COLLATE "und-x-icu", id')).map((r: { name: string }) => r.name);
    expect(names).toEqual(ordered);
    const first = response.body[0];
    expect(typeof first.latitude).toBe('string');
    expect(typeof first.longitude).toBe('string');
    expect(Number.isFinite(Number(first.latitude))).toBe(true);
    expect(Object.keys(first).sort()).toEqual(
      [
        'bestTime',
        'blogSlug',
        'createdAt',
        'depthRange',
        'description',
        'facilities',
        'featured',
        'hazards',
        'id',
        'imageUrl',
        'latitude',
        'longitude',
        'marineLife',
        'name',
        'region',
        'reviewLink',
        'skillLevel',
        'videoThumbnail',
        'videoUrl',
        'visibility',
        'waterTemp',
        // Issue 30: what the site is, how it is reached, whether it is open, and where that comes from.
        'kind',
        'access',
        'status',
        'statusNote',
        'statusSince',
        'statusSource',
        'lastChecked',
        'sources',
        // Issue 46: the administrator's tide station (null: the nearest is chosen), and the exposure profile.
        'tideStation',
        'swellExposure',
        'onshoreWinds',
      ].sort(),
    );
  });

  it('filters by exact region', async () => {
    const response = await request(t.baseUrl).get('/api/dive-sites').query({ region: 'Tasmania' }).expect(200);
    expect(response.body.length).toBe(11);
    expect(response.body.every((s: { region: string }) => s.region === 'Tasmania')).toBe(true);
    expect((await request(t.baseUrl).get('/api/dive-sites').query({ region: 'tasmania' }).expect(200)).body).toEqual([]);
  });
});

describe('GET /api/dive-sites/search', () => {
  it('matches name, description, region and marine life case-insensitively', async () => {
    const byName = await request(t.baseUrl).get('/api/dive-sites/search').query({ q: 'JULIAN rocks' }).expect(200);
    expect(byName.body.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Julian Rocks', 'Julian Rocks Nursery', 'Julian Rocks Cod Hole']));
    const byRegion = await request(t.baseUrl).get('/api/dive-sites/search').query({ q: 'lord howe' }).expect(200);
    expect(byRegion.body.some((s: { region: string }) => s.region === 'Lord Howe Island')).toBe(true);
    const byMarineLife = await request(t.baseUrl).get('/api/dive-sites/search').query({ q: 'weedy seadragon' }).expect(200);
    expect(byMarineLife.body.length).toBeGreaterThan(0);
    expect(
      byMarineLife.body.every((s: { marineLife: string; description: string; name: string; region: string }) =>
        /weedy seadragon/i.test(`${s.name} ${s.region} ${s.description} ${s.marineLife}`),
      ),
    ).toBe(true);
  });

  it('treats % and _ literally and answers an empty list when nothing matches', async () => {
    expect((await request(t.baseUrl).get('/api/dive-sites/search').query({ q: '%_%' }).expect(200)).body).toEqual([]);
  });

  it('answers 400 without a search text', async () => {
    const response = await request(t.baseUrl).get('/api/dive-sites/search').expect(400);
    expect(response.body.error).toMatch(/q/);
  });
});

describe('GET /api/dive-sites/by-review-url', () => {
  it('returns the name and video of the site reviewed at a blog path', async () => {
    const site = await seeded('Fish Rock Cave');
    await siteRepo().update(site.id, { blogSlug: 'fish-rock-cave-guide', videoUrl: 'https://www.youtube.com/watch?v=abc123' });
    const response = await request(t.baseUrl).get('/api/dive-sites/by-review-url').query({ url: '/blog/fish-rock-cave-guide' }).expect(200);
    expect(response.body).toEqual({ name: 'Fish Rock Cave', videoUrl: 'https://www.youtube.com/watch?v=abc123' });
  });

  it('matches a review link too', async () => {
    const site = await seeded('Wolf Rock');
    await siteRepo().update(site.id, { reviewLink: '/blog/wolf-rock-review' });
    const response = await request(t.baseUrl).get('/api/dive-sites/by-review-url').query({ url: '/blog/wolf-rock-review' }).expect(200);
    expect(response.body.name).toBe('Wolf Rock');
  });

  it('answers 404 when no site has that review and 400 without a url', async () => {
    await request(t.baseUrl).get('/api/dive-sites/by-review-url').query({ url: '/blog/nothing-here' }).expect(404);
    await request(t.baseUrl).get('/api/dive-sites/by-review-url').expect(400);
  });
});

describe('GET /api/dive-sites/{id}', () => {
  it('returns one site', async () => {
    const site = await seeded('SS Yongala');
    const response = await request(t.baseUrl).get(`/api/dive-sites/${site.id}`).expect(200);
    expect(response.body).toMatchObject({ id: site.id, name: 'SS Yongala', latitude: site.latitude, skillLevel: site.skillLevel });
  });

  it('answers 400 for a non-numeric id and 404 for a missing site', async () => {
    const bad = await request(t.baseUrl).get('/api/dive-sites/abc').expect(400);
    expect(bad.body.error).toBe('Dive site id must be a positive whole number');
    const missing = await request(t.baseUrl).get('/api/dive-sites/999999').expect(404);
    expect(missing.body.error).toBe('Dive site not found');
  });
});

describe('ratings', () => {
  const post = (siteId: number | string, body: unknown, ip = nextIp()) =>
    request(t.baseUrl)
      .post(`/api/dive-sites/${siteId}/ratings`)
      .set('X-Forwarded-For', ip)
      .send(body as object);

  it('starts empty, then stores a rating with a trimmed comment and returns it first without the IP address', async () => {
    const site = await seeded('Cook Island');
    const empty = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings`).expect(200);
    expect(empty.body).toEqual({ ratings: [], summary: { average: 0, count: 0 } });

    await post(site.id, { rating: 3 }).expect(201);
    const created = await post(site.id, { rating: 5, comment: '  Turtles everywhere!  ' }, '198.51.100.7').expect(201);
    expect(created.body.rating).toEqual({ id: expect.any(Number), rating: 5, comment: 'Turtles everywhere!', links: [], createdAt: expect.any(String) });

    const list = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings`).expect(200);
    expect(list.body.summary).toEqual({ average: 4, count: 2 });
    expect(list.body.ratings[0]).toEqual({ id: created.body.rating.id, rating: 5, comment: 'Turtles everywhere!', links: [], createdAt: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toMatch(/198\.51\.100\.7|ipAddress|userEmail/);
    const stored = await ratingRepo().findOneByOrFail({ id: created.body.rating.id });
    expect(stored.ipAddress).toBe('198.51.100.7');
  });

  it("reads the latest ratings a page at a time, while the summary counts every one; a rating's answer carries the panel's five", async () => {
    const site = await seeded('Montague Island Seal Colony');
    const stars = [5, 4, 4, 3, 5, 2, 4, 5];
    const ids: number[] = [];
    for (const rating of stars) ids.push((await post(site.id, { rating, comment: `Dive ${ids.length + 1}` }).expect(201)).body.rating.id);
    const newest = [...ids].reverse();
    const summary = { average: Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10, count: stars.length };

    const all = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings`).expect(200)).body;
    expect(all.ratings.map((rating: { id: number }) => rating.id)).toEqual(newest);
    expect(all.summary).toEqual(summary);
    const page = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings?limit=5`).expect(200)).body;
    expect(page.ratings.map((rating: { id: number }) => rating.id)).toEqual(newest.slice(0, 5));
    expect(page.summary).toEqual(summary);
    const rest = (await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings?limit=5&offset=5`).expect(200)).body;
    expect(rest.ratings.map((rating: { id: number }) => rating.id)).toEqual(newest.slice(5));

    const answer = (await post(site.id, { rating: 1 }).expect(201)).body;
    expect(answer.ratings).toHaveLength(5);
    expect(answer.ratings[0].id).toBe(answer.rating.id);
    expect(answer.summary.count).toBe(stars.length + 1);

    for (const [query, message] of [
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=abc', 'limit must be a whole number'],
      ['offset=-1', 'offset must be a whole number'],
    ]) {
      const refused = await request(t.baseUrl).get(`/api/dive-sites/${site.id}/ratings?${query}`).expect(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
  });

  it('omits an empty or blank comment', async () => {
    const site = await seeded('Julian Rocks');
    const created = await post(site.id, { rating: 4, comment: '   ' }).expect(201);
    expect(created.body.rating.comment).toBeNull();
  });

  it.each([
    [{ rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 'five' }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: '5' }, 'Rating must be a whole number from 1 to 5'],
    [{}, 'Please select a rating'],
    [{ rating: 4, comment: 'x'.repeat(501) }, 'Comment must be at most 500 characters'],
    [{ rating: 4, comment: 42 }, 'Comment must be text'],
    [{ rating: 4, ipAddress: '1.2.3.4' }, 'Unknown field: ipAddress'],
  ])('rejects %j with 400 "%s" and writes nothing', async (body, message) => {
    const site = await seeded('Fly Point (Nelson Bay)');
    const before = await ratingRepo().count();
    const response = await post(site.id, body).expect(400);
    expect(response.body.error).toBe(message);
    expect(response.body.statusCode).toBe(400);
    expect(await ratingRepo().count()).toBe(before);
  });

  it('refuses a rating whose hidden honeypot field was filled in (a bot), storing nothing', async () => {
    const site = await seeded('Fly Point (Nelson Bay)');
    const before = await ratingRepo().count();
    const response = await post(site.id, { rating: 5, comment: 'Best site ever, visit my shop', website: 'https://spam.example' }).expect(400);
    expect(response.body.error).toBe('Rating rejected');
    expect(await ratingRepo().count()).toBe(before);
  });

  it('accepts a comment of exactly 500 characters', async () => {
    const site = await seeded('Fly Point (Nelson Bay)');
    await post(site.id, { rating: 2, comment: 'y'.repeat(500) }).expect(201);
  });

  it('answers 400 for a non-numeric id and 404 for a missing site, writing nothing', async () => {
    const before = await ratingRepo().count();
    await post('abc', { rating: 4 }).expect(400);
    await request(t.baseUrl).get('/api/dive-sites/abc/ratings').expect(400);
    expect((await post(999999, { rating: 4 }).expect(404)).body.error).toBe('Dive site not found');
    await request(t.baseUrl).get('/api/dive-sites/999999/ratings').expect(404);
    expect(await ratingRepo().count()).toBe(before);
  });

  it('limits ratings per address (429) and stores nothing beyond the limit', async () => {
    const site = await seeded('Wolf Rock');
    const ip = '192.0.2.99';
    for (let i = 0; i < 10; i += 1) await post(site.id, { rating: 4 }, ip).expect(201);
    const before = await ratingRepo().count();
    const blocked = await post(site.id, { rating: 4 }, ip).expect(429);
    expect(blocked.body.error).toMatch(/Too many ratings/);
    expect(await ratingRepo().count()).toBe(before);
    await post(site.id, { rating: 4 }, '192.0.2.100').expect(201);
  });
});

describe('admin writes', () => {
  it.each([
    ['post', '/api/dive-sites'],
    ['put', '/api/dive-sites/1'],
    ['delete', '/api/dive-sites/1'],
    ['patch', '/api/dive-sites/1/photo'],
    ['patch', '/api/dive-sites/1/video'],
    ['patch', '/api/dive-sites/1/review-link'],
    ['get', '/api/dive-sites/export/csv'],
  ] as const)('%s %s answers 401 without a session and changes nothing', async (method, path) => {
    const before = await siteRepo().find({ order: { id: 'ASC' } });
    await request(t.baseUrl)[method](path).set('Origin', t.siteOrigin).send(newSite()).expect(401);
    expect(await siteRepo().find({ order: { id: 'ASC' } })).toEqual(before);
  });

  it('creates a site and returns it, coordinates as text', async () => {
    const body = newSite({ latitude: '-38.29', longitude: 144.71, featured: true, videoUrl: '' });
    const response = await admin.post('/api/dive-sites').send(body).expect(201);
    expect(response.body).toMatchObject({
      name: body.name,
      latitude: '-38.29000000',
      longitude: '144.71000000',
      skillLevel: 'Intermediate',
      featured: true,
      videoUrl: null,
      waterTemp: '12-19°C',
    });
    expect(await siteRepo().findOneBy({ id: response.body.id })).not.toBeNull();
  });

  it.each([
    [{ latitude: -91 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ latitude: 90.5 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ longitude: 181 }, 'longitude', 'Longitude must be between -180 and 180'],
    [{ longitude: 'east' }, 'longitude', 'Longitude must be a number between -180 and 180'],
    [{ skillLevel: 'Expert' }, 'skillLevel', 'Skill level must be one of: Beginner, Intermediate, Advanced'],
    [{ name: '  ' }, 'name', 'Site name is required'],
    [{ region: undefined }, 'region', 'Region is required'],
    [{ imageUrl: 'not a url' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ reviewLink: 'javascript:alert(1)' }, 'reviewLink', 'Review link must be a valid URL'],
    [{ featured: 'yes' }, 'featured', 'Featured must be true or false'],
  ])('rejects %j on create and on replace, naming %s', async (overrides, field, message) => {
    const target = await seeded('Rye Pier');
    const before = await siteRepo().count();
    const created = await admin.post('/api/dive-sites').send(newSite(overrides)).expect(400);
    expect(created.body.error).toBe(message);
    expect(created.body.fields[field]).toEqual([message]);
    expect(await siteRepo().count()).toBe(before);
    const replaced = await admin.put(`/api/dive-sites/${target.id}`).send(newSite(overrides)).expect(400);
    expect(replaced.body.fields[field]).toEqual([message]);
    expect(await seeded('Rye Pier')).toEqual(target);
  });

  it('replaces a whole site with PUT, accepting the site as GET gave it (featured toggle)', async () => {
    const target = await seeded('Portsea Pier');
    const current = (await request(t.baseUrl).get(`/api/dive-sites/${target.id}`).expect(200)).body;
    const toggled = await admin
      .put(`/api/dive-sites/${target.id}`)
      .send({ ...current, featured: !current.featured })
      .expect(200);
    expect(toggled.body).toEqual({ ...current, featured: !current.featured });

    const replaced = await admin
      .put(`/api/dive-sites/${target.id}`)
      .send(newSite({ name: 'Portsea Pier', skillLevel: 'Beginner', hazards: null }))
      .expect(200);
    expect(replaced.body).toMatchObject({ id: target.id, skillLevel: 'Beginner', region: 'Victoria', hazards: null, latitude: '-38.30000000' });
  });

  it('answers 400/404 for bad ids on admin writes', async () => {
    await admin.put('/api/dive-sites/abc').send(newSite()).expect(400);
    await admin.put('/api/dive-sites/999999').send(newSite()).expect(404);
    await admin.delete('/api/dive-sites/abc').expect(400);
    await admin.delete('/api/dive-sites/999999').expect(404);
    await admin.patch('/api/dive-sites/999999/photo').send({ imageUrl: 'https://example.com/a.jpg' }).expect(404);
  });

  it('updates the photo, the video with its thumbnail, and the review link', async () => {
    const target = await seeded('Blairgowrie Pier');
    const photo = await admin.patch(`/api/dive-sites/${target.id}/photo`).send({ imageUrl: 'https://example.com/blairgowrie.jpg' }).expect(200);
    expect(photo.body.imageUrl).toBe('https://example.com/blairgowrie.jpg');
    const video = await admin
      .patch(`/api/dive-sites/${target.id}/video`)
      .send({ videoUrl: 'https://vimeo.com/12345', videoThumbnail: 'https://example.com/thumb.jpg' })
      .expect(200);
    expect(video.body).toMatchObject({ videoUrl: 'https://vimeo.com/12345', videoThumbnail: 'https://example.com/thumb.jpg' });
    const link = await admin.patch(`/api/dive-sites/${target.id}/review-link`).send({ reviewLink: '/blog/blairgowrie-pier-night-dive' }).expect(200);
    expect(link.body.reviewLink).toBe('/blog/blairgowrie-pier-night-dive');
    expect(await seeded('Blairgowrie Pier')).toMatchObject({
      imageUrl: 'https://example.com/blairgowrie.jpg',
      videoUrl: 'https://vimeo.com/12345',
      reviewLink: '/blog/blairgowrie-pier-night-dive',
    });
  });

  it.each([
    ['photo', {}, 'Image URL is required'],
    [
      'photo',
      { imageUrl: 'http://localhost:5000/x.jpg' },
      'Image URL points to a local development host and will not work in published articles. Use a public URL.',
    ],
    ['video', { videoUrl: '' }, 'Video URL is required'],
    ['review-link', { reviewLink: 'nope' }, 'Review link must be a valid URL'],
  ])('rejects a bad %s update %j', async (what, body, message) => {
    const target = await seeded('Flinders Pier');
    const response = await admin.patch(`/api/dive-sites/${target.id}/${what}`).send(body).expect(400);
    expect(response.body.error).toBe(message);
    expect(await seeded('Flinders Pier')).toEqual(target);
  });

  it('deletes a site and its ratings', async () => {
    const created = await admin.post('/api/dive-sites').send(newSite()).expect(201);
    await request(t.baseUrl).post(`/api/dive-sites/${created.body.id}/ratings`).set('X-Forwarded-For', nextIp()).send({ rating: 5 }).expect(201);
    await admin.delete(`/api/dive-sites/${created.body.id}`).expect(204);
    await request(t.baseUrl).get(`/api/dive-sites/${created.body.id}`).expect(404);
    expect(await ratingRepo().countBy({ diveSiteId: created.body.id })).toBe(0);
  });
});

describe('exports', () => {
  it('CSV: every column of every site, round-tripped through a CSV parser, with the degree sign and a file name', async () => {
    // A site whose text needs quoting: commas, quotes, a line break and a degree sign.
    await admin
      .post('/api/dive-sites')
      .send(newSite({ name: 'Quote, "Comma" Reef' }))
      .expect(201);
    const response = await admin.get('/api/dive-sites/export/csv').buffer(true).parse(asBytes).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dive-sites-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('24-29°C');

    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
    const db = await siteRepo().find({ order: { name: 'ASC', id: 'ASC' } });
    expect(Object.keys(rows[0])).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBe(db.length);
    const byId = new Map(db.map((site) => [String(site.id), site]));
    for (const row of rows) {
      const site = byId.get(row.id)!;
      expect(site).toBeDefined();
      for (const column of CSV_COLUMNS) {
        const value = site[column];
        // A cell a spreadsheet would run as a formula carries OWASP's leading quote (test/api/hostile-input-media.spec.ts).
        // A site's sources are their addresses, one a line; an exposure profile its compass points ('none': sheltered from all).
        const points = (list: readonly string[]) => (list.length ? list.join(' ') : 'none');
        const cell = !Array.isArray(value)
          ? value
          : column === 'sources'
            ? value.map((source) => (source as { url: string }).url).join('\n')
            : points(value as string[]);
        const expected = cell === null ? '' : cell instanceof Date ? cell.toISOString() : spreadsheetSafe(String(cell));
        expect([column, row[column]]).toEqual([column, expected]);
      }
    }
    expect(rows.find((row) => row.name === 'Quote, "Comma" Reef')?.description).toBe('A test reef with "quotes", commas, and\na line break.');
  });

  it('GeoJSON: a FeatureCollection of points [lon, lat], filtered like the page', async () => {
    const all = await request(t.baseUrl).get('/api/dive-sites/export/geojson').expect(200);
    expect(all.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(all.headers['content-disposition']).toBe('attachment; filename="dive-sites.geojson"');
    const collection = JSON.parse(all.text);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.length).toBe(await siteRepo().count());
    const yongala = await seeded('SS Yongala');
    const feature = collection.features.find((f: { properties: { name: string } }) => f.properties.name === 'SS Yongala');
    expect(feature).toMatchObject({ type: 'Feature', geometry: { type: 'Point', coordinates: [Number(yongala.longitude), Number(yongala.latitude)] } });
    expect(feature.properties.url).toBe(`${t.config.siteUrl}/dive-sites/${yongala.id}`);

    const filtered = JSON.parse(
      (await request(t.baseUrl).get('/api/dive-sites/export/geojson').query({ region: 'Tasmania', skill: 'Advanced', depth: 'deep', q: 'wreck' }).expect(200))
        .text,
    );
    const tasmania = await siteRepo().findBy({ region: 'Tasmania', skillLevel: 'Advanced' });
    const expected = tasmania
      .filter((s) => /wreck/i.test(`${s.name} ${s.description} ${s.region} ${s.marineLife}`))
      .filter((s) => Math.max(...s.depthRange.match(/\d+(\.\d+)?/g)!.map(Number)) > 20)
      .map((s) => s.name)
      .sort();
    expect(filtered.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual(expected);
  });

  it('GPX: GPX 1.1 waypoints with name, description and link', async () => {
    const response = await request(t.baseUrl).get('/api/dive-sites/export/gpx').query({ region: 'Lord Howe Island' }).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="dive-sites.gpx"');
    const xml = response.text;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"');
    expect(xml.match(/<wpt /g)?.length).toBe(6);
    const ball = await seeded("Ball's Pyramid");
    expect(xml).toContain(`<wpt lat="${Number(ball.latitude)}" lon="${Number(ball.longitude)}">`);
    expect(xml).toContain("<name>Ball's Pyramid</name>");
  });

  it('rejects unknown filter values', async () => {
    expect((await request(t.baseUrl).get('/api/dive-sites/export/geojson').query({ skill: 'Expert' }).expect(400)).body.error).toBe(
      'skill must be one of: all, Beginner, Intermediate, Advanced',
    );
    await request(t.baseUrl).get('/api/dive-sites/export/gpx').query({ depth: 'abyssal' }).expect(400);
  });
});
