import type { Agent } from '../support/admin';
import { signInAsAdmin } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 46: the admin lists' totals (X-Total-Count of the comments and the ratings, '{n} Total Subscribers'
 * and '{n} Active' of the newsletter tab) come from totals the database keeps with triggers, not from a count
 * of every row. Whoever writes (the API, SQL, an import), in one row or many, by a change of the flag or a
 * TRUNCATE, each total stays what a count of the rows answers.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAsAdmin(t);
});

afterAll(async () => {
  await t.close();
});

const counted = async (sql: string): Promise<number> => Number((await t.dataSource.query(sql))[0].n);

/** What each admin list says against what its rows count. */
async function totals() {
  const all = await admin.get('/api/admin/comments?filter=all').expect(200);
  const approved = await admin.get('/api/admin/comments?filter=approved').expect(200);
  const pending = await admin.get('/api/admin/comments?filter=pending').expect(200);
  const ratings = await admin.get('/api/admin/ratings').expect(200);
  const subscribers = await admin.get('/api/newsletter/subscribers').expect(200);
  const posts = async (path: string) => Number((await admin.get(path).expect(200)).headers['x-total-count']);
  return {
    shown: {
      comments: Number(all.headers['x-total-count']),
      approved: Number(approved.headers['x-total-count']),
      pending: Number(pending.headers['x-total-count']),
      ratings: Number(ratings.headers['x-total-count']),
      subscribers: Number(subscribers.headers['x-total-count']),
      active: Number(subscribers.headers['x-active-count']),
      articles: await posts('/api/articles?admin=true'),
      publishedArticles: await posts('/api/articles?admin=true&status=published'),
      draftArticles: await posts('/api/articles?admin=true&status=draft'),
      reviews: await posts('/api/reviews?admin=true'),
      publishedReviews: await posts('/api/reviews?admin=true&status=published'),
      draftReviews: await posts('/api/reviews?admin=true&status=draft'),
    },
    counted: {
      comments: await counted('SELECT count(*) AS n FROM comments'),
      approved: await counted('SELECT count(*) AS n FROM comments WHERE approved'),
      pending: await counted('SELECT count(*) AS n FROM comments WHERE NOT approved'),
      ratings: await counted('SELECT count(*) AS n FROM dive_site_ratings'),
      subscribers: await counted('SELECT count(*) AS n FROM newsletters'),
      active: await counted('SELECT count(*) AS n FROM newsletters WHERE subscribed'),
      articles: await counted('SELECT count(*) AS n FROM articles'),
      publishedArticles: await counted('SELECT count(*) AS n FROM articles WHERE published'),
      draftArticles: await counted('SELECT count(*) AS n FROM articles WHERE NOT published'),
      reviews: await counted('SELECT count(*) AS n FROM reviews'),
      publishedReviews: await counted('SELECT count(*) AS n FROM reviews WHERE published'),
      draftReviews: await counted('SELECT count(*) AS n FROM reviews WHERE NOT published'),
    },
  };
}

async function expectExact() {
  const { shown, counted: rows } = await totals();
  expect(shown).toEqual(rows);
  return shown;
}

it('the totals follow writes of one row and of many, changes of the flag, deletions and TRUNCATE', async () => {
  const before = await expectExact();
  const [{ id: articleId }] = await t.dataSource.query('SELECT id FROM articles ORDER BY id LIMIT 1');
  const [{ id: siteId }] = await t.dataSource.query('SELECT id FROM dive_sites ORDER BY id LIMIT 1');

  // Many rows in one statement each, half the comments waiting for approval, a third of the subscribers gone.
  await t.dataSource.query(
    `INSERT INTO comments ("articleId", name, content, approved) SELECT $1, 'Kept ' || g, 'A kept comment', g % 2 = 0 FROM generate_series(1, 40) g`,
    [articleId],
  );
  await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating) SELECT $1, 1 + g % 5 FROM generate_series(1, 30) g`, [siteId]);
  await t.dataSource.query(
    `INSERT INTO newsletters (email, "unsubscribeToken", subscribed) SELECT 'kept' || g || '@example.com', 'kept-token-' || g, g % 3 <> 0 FROM generate_series(1, 30) g`,
  );
  const grown = await expectExact();
  expect(grown.comments).toBe(before.comments + 40);
  expect(grown.pending).toBe(before.pending + 20);
  expect(grown.ratings).toBe(before.ratings + 30);
  expect(grown.active).toBe(before.active + 20);

  // Posts copied as drafts by SQL, then one published and one withdrawn through the API.
  for (const [table, own] of [
    ['articles', ''],
    ['reviews', ', price, "purchaseLink", rating'],
  ]) {
    await t.dataSource.query(
      `INSERT INTO ${table} (title, slug, excerpt, content, category, "imageUrl", author, published, "createdAt"${own})
       SELECT title || ' (kept ' || g || ')', slug || '-kept-' || g, excerpt, content, category, "imageUrl", author, false, now()${own}
       FROM ${table}, generate_series(1, 3) g WHERE id = (SELECT min(id) FROM ${table})`,
    );
  }
  const [draft] = await t.dataSource.query(`SELECT id FROM articles WHERE slug LIKE '%-kept-1'`);
  await admin.patch(`/api/articles/${draft.id}`).send({ published: true }).expect(200);
  await t.dataSource.query(`UPDATE reviews SET published = false WHERE id = (SELECT min(id) FROM reviews WHERE published)`);
  await expectExact();

  // The flags changed: approvals, an unsubscribe and a resubscribe in one statement.
  await t.dataSource.query(`UPDATE comments SET approved = true WHERE name IN ('Kept 1', 'Kept 3', 'Kept 5')`);
  await t.dataSource.query(`UPDATE newsletters SET subscribed = NOT subscribed WHERE email IN ('kept1@example.com', 'kept3@example.com')`);
  await expectExact();

  // Deleted through the API and by SQL, and by a cascade from the article.
  const [{ id: ratingId }] = await t.dataSource.query(`SELECT id FROM dive_site_ratings ORDER BY id DESC LIMIT 1`);
  await admin.delete(`/api/admin/ratings/${ratingId}`).expect(204);
  const [{ id: commentId }] = await t.dataSource.query(`SELECT id FROM comments WHERE name = 'Kept 2'`);
  await admin.delete(`/api/admin/comments/${commentId}`).expect(204);
  await t.dataSource.query(`DELETE FROM newsletters WHERE email LIKE 'kept1_@example.com'`);
  await t.dataSource.query(`DELETE FROM articles WHERE id = $1`, [articleId]);
  const shrunk = await expectExact();
  expect(shrunk.comments).toBeLessThan(grown.comments);

  await t.dataSource.query(`DELETE FROM reviews WHERE slug LIKE '%-kept-%'`);
  await expectExact();
  await t.dataSource.query('TRUNCATE comments, dive_site_ratings, newsletters CASCADE');
  expect((await expectExact()).comments).toBe(0);
});

it('a search still counts what it finds', async () => {
  await t.dataSource.query(
    `INSERT INTO newsletters (email, "unsubscribeToken") SELECT 'findme' || g || '@example.com', 'findme-token-' || g FROM generate_series(1, 3) g`,
  );
  const found = await admin.get('/api/newsletter/subscribers?q=findme').expect(200);
  expect(found.headers['x-total-count']).toBe('3');
  expect(found.body).toHaveLength(3);
  expect(Number(found.headers['x-active-count'])).toBe(await counted('SELECT count(*) AS n FROM newsletters WHERE subscribed'));
});
