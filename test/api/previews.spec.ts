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
  // The page cache is on, as in production: a preview must never be kept in it.
  t = await startTestApp({ PAGE_CACHE: 'true' });
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

const shareLinks = (kind: string, id: number | string) => `/api/admin/${kind}/${id}/share-links`;

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
    expect((await admin.post(shareLinks('reviews', 'abc')).send({}).expect(400)).body.message).toBe('Post id must be a positive whole number');
    await request(t.baseUrl).post(shareLinks('articles', draft.id)).set('Origin', t.siteOrigin).send({}).expect(401);
    await request(t.baseUrl).get(shareLinks('articles', draft.id)).expect(401);
  });

  it('makes a link for a review scheduled for later, which is not yet public', async () => {
    const [review] = await t.dataSource.query(`SELECT id FROM reviews ORDER BY id LIMIT 1`);
    await t.dataSource.query(`UPDATE reviews SET published = true, "publishedAt" = now() + interval '3 days' WHERE id = $1`, [review.id]);
    await admin.post(shareLinks('reviews', review.id)).send({ days: 2 }).expect(201);
  });
});

describe('the preview page', () => {
  const page = (path: string) => request(t.baseUrl).get(path);
  const preview = (id = draft.id) => `/preview/articles/${id}`;

  it('shows a draft to the signed-in administrator, marked Preview, noindex, never cached, sending no Referer', async () => {
    const response = await admin.get(preview()).expect(200);
    expect(response.text).toContain(draft.title);
    expect(response.text).toContain('<strong>two torches</strong>');
    expect(response.text).toMatch(/<strong[^>]*>Preview<\/strong> · Draft\. Readers cannot see this page until it is published\./);
    expect(response.text).toMatch(/<meta name="robots" content="noindex/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('answers everyone else 404 without a word of the draft', async () => {
    const response = await page(preview()).expect(404);
    expect(response.text).toContain('Preview not available');
    expect(response.text).not.toContain(draft.title);
    await page(`/blog/${draft.slug}`).expect(404);
  });

  it('opens the draft to anyone holding a live share link, and to nothing else', async () => {
    const made = (await admin.post(shareLinks('articles', draft.id)).send({ days: 1 }).expect(201)).body;
    const share = new URL(made.url).searchParams.get('share')!;
    const opened = await page(`${preview()}?share=${share}`).expect(200);
    expect(opened.text).toContain(draft.title);
    expect(opened.headers['cache-control']).toBe('no-store');
    // Asked again: rendered again, never a page-cache hit.
    expect((await page(`${preview()}?share=${share}`).expect(200)).headers['x-page-cache']).toBeUndefined();

    // Not another post, not an altered token, not a made-up one.
    await page(`${preview(published.id)}?share=${share}`).expect(404);
    await page(`/preview/reviews/${draft.id}?share=${share}`).expect(404);
    const [id, expiry, signature] = share.split('.');
    await page(`${preview()}?share=${id}.${Number(expiry) + DAY_MS}.${signature}`).expect(404);
    await page(`${preview()}?share=${id}.${expiry}.${signature.slice(0, -2)}AA`).expect(404);
    await page(`${preview()}?share=nonsense`).expect(404);

    // Expired a day later, and withdrawn for good.
    clock.advance(DAY_MS + 1000);
    await page(`${preview()}?share=${share}`).expect(404);
    clock.reset();
    await page(`${preview()}?share=${share}`).expect(200);
    await admin.delete(`${shareLinks('articles', draft.id)}/${made.id}`).expect(204);
    expect((await page(`${preview()}?share=${share}`).expect(404)).text).toContain('Preview not available');
  });

  it('says when a scheduled review will be published', async () => {
    const [review] = await t.dataSource.query(`SELECT id, title FROM reviews ORDER BY id DESC LIMIT 1`);
    await t.dataSource.query(`UPDATE reviews SET published = true, "publishedAt" = '2030-03-01T00:00:00Z' WHERE id = $1`, [review.id]);
    const response = await admin.get(`/preview/reviews/${review.id}`).expect(200);
    expect(response.text).toContain(review.title.replace(/&/g, '&amp;'));
    expect(response.text).toMatch(/Preview<\/strong> · Scheduled for [^.]*2030/);
  });

  it('answers 404 to a kind or id that is no post', async () => {
    await admin.get('/preview/articles/999999').expect(404);
    await admin.get('/preview/comments/1').expect(404);
    await admin.get('/preview/articles/abc').expect(404);
  });
});
