import request from 'supertest';
import { Clock } from 'src/common/clock';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 32: draft preview and share links. The administrator makes a signed, expiring link to a draft or
 * scheduled article or review; the link opens that post's preview without a session until it expires or
 * is withdrawn, and nothing else. Bad input gets a 4xx naming what is wrong.
 */
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: Agent;
let clock: Clock;
let draft: { id: number; slug: string; title: string };
let published: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
  clock = t.app.get(Clock);
  [published] = await t.dataSource.query(`SELECT id FROM articles WHERE published = true ORDER BY id LIMIT 1`);
  [draft] = await t.dataSource.query(
    `INSERT INTO articles (title, slug, excerpt, content, category, "imageUrl", published)
     VALUES ('Night diving at Nelson Bay', 'night-diving-nelson-bay-draft', 'What to pack for a night dive.', 'Bring **two torches**.', 'Tips', '/media/hero.jpg', false)
     RETURNING id, slug, title`,
  );
});

afterEach(() => clock.reset());
afterAll(() => t.close());

const shareLinks = (kind: string, id: number) => `/api/admin/${kind}/${id}/share-links`;

describe('share links', () => {
  it('makes a link of 7 days by default, on the site’s address, listed until withdrawn', async () => {
    const made = (await admin.post(shareLinks('articles', draft.id)).send({}).expect(201)).body;
    const url = new URL(made.url);
    expect(url.origin).toBe(t.siteOrigin);
    expect(url.pathname).toBe(`/preview/articles/${draft.id}`);
    expect(url.searchParams.get('share')).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    expect((await admin.get(shareLinks('articles', draft.id)).expect(200)).body.map((link: { id: string }) => link.id)).toContain(made.id);

    await admin.delete(`${shareLinks('articles', draft.id)}/${made.id}`).expect(204);
    expect((await admin.get(shareLinks('articles', draft.id)).expect(200)).body.map((link: { id: string }) => link.id)).not.toContain(made.id);
    await admin.delete(`${shareLinks('articles', draft.id)}/${made.id}`).expect(404);
  });

  it.each([
    [{ days: 0 }, 'days must be a whole number from 1 to 30'],
    [{ days: 31 }, 'days must be a whole number from 1 to 30'],
    [{ days: 'soon' }, 'days must be a whole number from 1 to 30'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const response = await admin.post(shareLinks('articles', draft.id)).send(body).expect(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await admin.get(shareLinks('articles', draft.id)).then((r) => r.body.length)).toBe(0);
  });

  it('refuses a published post (409), a missing post (404), another kind (404), a bad id (400), and anyone without a session (401)', async () => {
    expect((await admin.post(shareLinks('articles', published.id)).send({}).expect(409)).body.message).toBe(
      'This post is published: share its address instead',
    );
    expect((await admin.post(shareLinks('articles', 999_999)).send({}).expect(404)).body.message).toBe('Article not found');
    await admin.post(shareLinks('comments', draft.id)).send({}).expect(404);
    expect((await admin.post(shareLinks('reviews', 0)).send({}).expect(400)).body.message).toBe('Post id must be a positive whole number');
    await request(t.baseUrl).post(shareLinks('articles', draft.id)).set('Origin', t.siteOrigin).send({}).expect(401);
    await request(t.baseUrl).get(shareLinks('articles', draft.id)).expect(401);
  });

  it('makes a link for a review scheduled for later, which is not yet public', async () => {
    const [review] = await t.dataSource.query(`SELECT id FROM reviews ORDER BY id LIMIT 1`);
    await t.dataSource.query(`UPDATE reviews SET published = true, "publishedAt" = now() + interval '3 days' WHERE id = $1`, [review.id]);
    await admin.post(shareLinks('reviews', review.id)).send({ days: 2 }).expect(201);
  });
});
