import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Revisions of articles and reviews on the real database, signed in for real: each edit keeps the
 * version it replaced, credited to the administrator; a restore puts a version back and is itself kept;
 * a post keeps at most 50; the calls are the administrator's only. The page cache is on, so a restore
 * must also reach the public page at once.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE: 'true' });
  admin = await signInAsAdmin(t);
});

afterAll(() => t.close());

const article = {
  title: 'Julian Rocks: First Light',
  content: 'Leopard sharks rest on the sand at Cod Hole from December.',
  category: 'Dive Sites',
  imageUrl: '/media/scene-nudibranch.svg',
  published: true,
};

interface RevisionItem {
  id: number;
  createdAt: string;
  author: string;
  title: string;
  changedFields: string[];
}

async function createArticle(title = article.title): Promise<{ id: number; slug: string }> {
  return (
    await admin
      .post('/api/articles')
      .send({ ...article, title })
      .expect(201)
  ).body;
}

async function revisionsOf(path: string): Promise<RevisionItem[]> {
  return (await admin.get(`${path}/revisions`).expect(200)).body;
}

describe('article revisions', () => {
  it('keeps the version each edit replaced, newest first, with who replaced it and what differs now', async () => {
    const created = await createArticle('Julian Rocks: First Light');
    const path = `/api/admin/articles/${created.id}`;
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Julian Rocks: Second Look' }).expect(200);
    await admin
      .patch(`/api/articles/${created.id}`)
      .send({ title: 'Julian Rocks: Third Time', content: 'Grey nurse sharks gather at the Nursery in winter.' })
      .expect(200);

    const revisions = await revisionsOf(path);
    expect(revisions.map((revision) => revision.title)).toEqual(['Julian Rocks: Second Look', 'Julian Rocks: First Light']);
    expect(revisions.every((revision) => revision.author === 'admin')).toBe(true);
    expect(revisions[0].changedFields).toEqual(['title', 'content']);
    expect(revisions[1].changedFields).toEqual(['title', 'content']);

    const oldest = (await admin.get(`${path}/revisions/${revisions[1].id}`).expect(200)).body;
    expect(oldest.snapshot).toMatchObject({
      title: 'Julian Rocks: First Light',
      slug: created.slug,
      content: article.content,
      category: 'Dive Sites',
      published: true,
    });
    expect(JSON.stringify(oldest)).not.toMatch(/scrypt|password/i);
  });

  it('keeps no version for a save that changes nothing', async () => {
    const created = await createArticle('Fish Rock Cave at Slack Water');
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Fish Rock Cave at Slack Water' }).expect(200);
    expect(await revisionsOf(`/api/admin/articles/${created.id}`)).toEqual([]);
  });

  it('restores a version: the words come back, the post stays published, the public page shows it, and the replaced version is kept', async () => {
    const created = await createArticle('Nelson Bay Pipeline at Dusk');
    const path = `/api/admin/articles/${created.id}`;
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Nelson Bay Pipeline by Night', content: 'A new body.' }).expect(200);
    // Read once so the page cache holds the edited page, which the restore must then drop.
    const before = await request(t.baseUrl).get(`/blog/${created.slug}`).expect(200);
    expect(before.text).toContain('Nelson Bay Pipeline by Night');
    expect((await request(t.baseUrl).get(`/blog/${created.slug}`).expect(200)).headers['x-page-cache']).toBe('hit');

    const [first] = await revisionsOf(path);
    const restored = (await admin.post(`${path}/revisions/${first.id}/restore`).expect(200)).body;
    expect(restored).toMatchObject({ title: 'Nelson Bay Pipeline at Dusk', content: article.content, slug: created.slug, published: true });
    const [audit] = await t.dataSource.query('SELECT action FROM audit_logs ORDER BY id DESC LIMIT 1');
    expect(audit.action).toBe('restore_article_revision');

    const page = await request(t.baseUrl).get(`/blog/${created.slug}`).expect(200);
    expect(page.text).toContain('Nelson Bay Pipeline at Dusk');
    expect(page.text).not.toContain('Nelson Bay Pipeline by Night');

    const after = await revisionsOf(path);
    expect(after.map((revision) => revision.title)).toEqual(['Nelson Bay Pipeline by Night', 'Nelson Bay Pipeline at Dusk']);
    expect(after[1].changedFields).toEqual([]);
  });

  it('restores the words of a draft version without taking the live post off the site', async () => {
    const created = (
      await admin
        .post('/api/articles')
        .send({ ...article, title: 'Byron Bay Draft', published: false })
        .expect(201)
    ).body;
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Byron Bay Live', published: true }).expect(200);
    const [draft] = await revisionsOf(`/api/admin/articles/${created.id}`);
    expect(draft.changedFields).toEqual(expect.arrayContaining(['title', 'published']));
    const restored = (await admin.post(`/api/admin/articles/${created.id}/revisions/${draft.id}/restore`).expect(200)).body;
    expect(restored).toMatchObject({ title: 'Byron Bay Draft', published: true });
  });

  it('keeps no version of an edit that is refused', async () => {
    const taken = await createArticle('Bare Island Taken');
    const created = await createArticle('Bare Island Free');
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Bare Island Moved', slug: taken.slug }).expect(409);
    await admin.patch(`/api/articles/${created.id}`).send({ category: null }).expect(400);
    expect(await revisionsOf(`/api/admin/articles/${created.id}`)).toEqual([]);
  });

  it('keeps only the newest 50 versions of a post', async () => {
    const created = await createArticle('Save 0');
    for (let n = 1; n <= 52; n++)
      await admin
        .patch(`/api/articles/${created.id}`)
        .send({ title: `Save ${n}` })
        .expect(200);
    const revisions = await revisionsOf(`/api/admin/articles/${created.id}`);
    expect(revisions).toHaveLength(50);
    expect(revisions[0].title).toBe('Save 51');
    expect(revisions[49].title).toBe('Save 2');
  });

  it('takes its versions with a deleted article', async () => {
    const created = await createArticle('Seal Rocks Soon Gone');
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Seal Rocks Gone' }).expect(200);
    await admin.delete(`/api/articles/${created.id}`).expect(204);
    const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM content_revisions WHERE "articleId" = $1', [created.id]);
    expect(Number(rows[0].n)).toBe(0);
    const missing = await admin.get(`/api/admin/articles/${created.id}/revisions`).expect(404);
    expect(missing.body.message).toBe('Article not found');
  });

  it('refuses a version of another post, an unknown version and a bad id with a JSON answer, changing nothing', async () => {
    const one = await createArticle('South West Rocks One');
    const other = await createArticle('South West Rocks Other');
    await admin.patch(`/api/articles/${other.id}`).send({ title: 'South West Rocks Other, Edited' }).expect(200);
    const [foreign] = await revisionsOf(`/api/admin/articles/${other.id}`);

    const refused = await admin.post(`/api/admin/articles/${one.id}/revisions/${foreign.id}/restore`).expect(404);
    expect(refused.body.message).toBe('Revision not found');
    await admin.get(`/api/admin/articles/${one.id}/revisions/${foreign.id}`).expect(404);
    await admin.get(`/api/admin/articles/${one.id}/revisions/2147483647`).expect(404);
    const bad = await admin.get(`/api/admin/articles/${one.id}/revisions/abc`).expect(400);
    expect(bad.body.message).toBe('Revision id must be a positive whole number');
    expect((await admin.get(`/api/admin/articles/2147483647/revisions`).expect(404)).body.message).toBe('Article not found');

    const unchanged = (await admin.get('/api/articles?admin=true').expect(200)).body.find((a: { id: number }) => a.id === one.id);
    expect(unchanged.title).toBe('South West Rocks One');
    expect(await revisionsOf(`/api/admin/articles/${one.id}`)).toEqual([]);
  });

  it('answers 401 without the administrator session, and restores nothing', async () => {
    const created = await createArticle('Shelly Beach Locked');
    await admin.patch(`/api/articles/${created.id}`).send({ title: 'Shelly Beach Locked, Edited' }).expect(200);
    const [revision] = await revisionsOf(`/api/admin/articles/${created.id}`);
    const stranger = request(t.baseUrl);
    await stranger.get(`/api/admin/articles/${created.id}/revisions`).expect(401);
    await stranger.get(`/api/admin/articles/${created.id}/revisions/${revision.id}`).expect(401);
    await stranger.post(`/api/admin/articles/${created.id}/revisions/${revision.id}/restore`).set('Origin', t.siteOrigin).expect(401);
    expect((await revisionsOf(`/api/admin/articles/${created.id}`)).length).toBe(1);
  });
});

describe('review revisions', () => {
  it('keeps, lists and restores versions of a review, its own fields included', async () => {
    const created = (
      await admin
        .post('/api/reviews')
        .send({ title: 'Scubapro MK25 First Look', content: 'Balanced piston first stage.', category: 'Regulators', price: '$899', rating: '4' })
        .expect(201)
    ).body;
    const path = `/api/admin/reviews/${created.id}`;
    await admin.patch(`/api/reviews/${created.id}`).send({ title: 'Scubapro MK25 Long Term', price: '$949' }).expect(200);
    await admin.patch(`/api/reviews/${created.id}`).send({ rating: '5' }).expect(200);

    const revisions = await revisionsOf(path);
    expect(revisions).toHaveLength(2);
    expect(revisions[1]).toMatchObject({ title: 'Scubapro MK25 First Look', author: 'admin' });
    expect(revisions[1].changedFields).toEqual(expect.arrayContaining(['title', 'price', 'rating']));
    const first = (await admin.get(`${path}/revisions/${revisions[1].id}`).expect(200)).body;
    expect(first.snapshot).toMatchObject({ price: '$899', rating: '4' });

    const restored = (await admin.post(`${path}/revisions/${revisions[1].id}/restore`).expect(200)).body;
    expect(restored).toMatchObject({ title: 'Scubapro MK25 First Look', price: '$899', rating: '4' });
    expect(await revisionsOf(path)).toHaveLength(3);

    await request(t.baseUrl).get(`${path}/revisions`).expect(401);
    const articleId = (await createArticle('Not A Review')).id;
    await admin.post(`/api/admin/articles/${articleId}/revisions/${revisions[1].id}/restore`).expect(404);
  });
});
