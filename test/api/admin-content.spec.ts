import request from 'supertest';
import { startAdminApp, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';

/**
 * The administrator's content calls of SPEC section 7 on the real database, signed in for real:
 * what a write stores, what a bad write answers (400 naming the field, nothing stored), and that every
 * action lands in the audit log.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => ({ t, admin } = await startAdminApp()));

afterAll(() => t.close());

async function count(table: string): Promise<number> {
  const rows: { n: string }[] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

async function lastAudit(): Promise<{ action: string; resource: string; details: Record<string, unknown> }> {
  const rows = await t.dataSource.query('SELECT action, resource, details FROM audit_logs ORDER BY id DESC LIMIT 1');
  return rows[0];
}

const articleBody = {
  title: 'Night Diving at Nelson Bay: What Comes Out After Dark',
  content:
    '## Why night dive?\n\nThe pipeline at Fly Point wakes up after sunset: **blue-ringed octopus**, cuttlefish and decorator crabs.\n\n- Carry a primary and a backup torch\n- Stay on the reef edge',
  category: 'Marine Life',
  imageUrl: '/media/scene-nudibranch.svg',
};

describe('articles', () => {
  it('saves a draft with only a title, generating the slug, default author and no public trace', async () => {
    const response = await admin.post('/api/articles').send({ title: 'Shore Entry Tips: Kurnell & Bare Island!' }).expect(201);
    expect(response.body).toMatchObject({ slug: 'shore-entry-tips-kurnell-bare-island', published: false, author: 'Australian Dive Guide Team' });
    await request(t.baseUrl).get(`/api/articles/slug/${response.body.slug}`).expect(404);
    const admins = (await admin.get('/api/articles?admin=true').expect(200)).body;
    expect(admins.map((a: { id: number }) => a.id)).toContain(response.body.id);
  });

  it('publishes with the excerpt defaulted to the first 150 characters plus an ellipsis, then shows it publicly', async () => {
    const created = (
      await admin
        .post('/api/articles')
        .send({ ...articleBody, published: true })
        .expect(201)
    ).body;
    expect(created.published).toBe(true);
    expect(created.publishedAt).toEqual(expect.any(String));
    expect(created.excerpt).toMatch(/…$|\.\.\.$/);
    expect(created.excerpt.replace(/(…|\.\.\.)$/, '').length).toBeLessThanOrEqual(150);
    const publicList = (await request(t.baseUrl).get('/api/articles').expect(200)).body;
    expect(publicList[0].slug).toBe(created.slug);
    await request(t.baseUrl).get(`/blog/${created.slug}`).expect(200);
  });

  it('gives a second article with the same title a unique slug', async () => {
    const title = 'Diving the Cod Grounds Marine Park';
    const first = (await admin.post('/api/articles').send({ title }).expect(201)).body;
    const second = (await admin.post('/api/articles').send({ title }).expect(201)).body;
    expect(first.slug).toBe('diving-the-cod-grounds-marine-park');
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug.startsWith(first.slug)).toBe(true);
  });

  it('unpublishes, edits and deletes an article (its comments go with it)', async () => {
    const created = (
      await admin
        .post('/api/articles')
        .send({ ...articleBody, title: 'Fly Point After Dark', published: true })
        .expect(201)
    ).body;
    await request(t.baseUrl)
      .post(`/api/articles/${created.id}/comments`)
      .send({ name: 'Mel', content: 'Saw three blue-ringed octopus on my last night dive there.' })
      .expect(201);
    const unpublished = (await admin.patch(`/api/articles/${created.id}`).send({ published: false, title: 'Fly Point After Dark (updated)' }).expect(200)).body;
    expect(unpublished).toMatchObject({ published: false, title: 'Fly Point After Dark (updated)' });
    await request(t.baseUrl).get(`/api/articles/slug/${created.slug}`).expect(404);
    await admin.delete(`/api/articles/${created.id}`).expect(204);
    const comments = await t.dataSource.query('SELECT id FROM comments WHERE "articleId" = $1', [created.id]);
    expect(comments).toHaveLength(0);
    await admin.delete(`/api/articles/${created.id}`).expect(404);
    expect(await lastAudit()).toMatchObject({ resource: `/api/articles/${created.id}` });
  });

  it.each([
    ['no title', { content: 'x' }, 'title', 'Please provide at least a title to save the draft.'],
    [
      'an unknown category',
      { title: 'T', category: 'Spearfishing' },
      'category',
      'Category must be one of: Gear Reviews, Dive Sites, Safety, Marine Life, Tips, News',
    ],
    ['a local development image', { title: 'T', imageUrl: 'http://localhost:5173/reef.jpg' }, 'imageUrl', expect.stringContaining('local development host')],
    ['a published date that is not a date', { title: 'T', publishedAt: 'next Tuesday' }, 'publishedAt', 'Published Date must be a date and time'],
  ])('refuses %s with a 400 naming the field and stores nothing', async (_label, body, field, message) => {
    const before = await count('articles');
    const response = await admin.post('/api/articles').send(body).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
    expect(await count('articles')).toBe(before);
  });

  it('refuses to publish without the required fields, leaving the draft as it was', async () => {
    const draft = (await admin.post('/api/articles').send({ title: 'Half-written wreck guide' }).expect(201)).body;
    const response = await admin.patch(`/api/articles/${draft.id}`).send({ published: true, title: 'Changed' }).expect(400);
    expect(response.body.error).toBe('Please fill in all required fields to publish the article.');
    expect(Object.keys(response.body.fields).sort()).toEqual(['category', 'content', 'imageUrl']);
    const [row] = await t.dataSource.query('SELECT title, published FROM articles WHERE id = $1', [draft.id]);
    expect(row).toEqual({ title: 'Half-written wreck guide', published: false });
  });

  it('answers 400 for a non-numeric id and 404 for a missing one', async () => {
    await admin.patch('/api/articles/abc').send({ title: 'x' }).expect(400);
    await admin.patch('/api/articles/987654').send({ title: 'x' }).expect(404);
  });
});

describe('reviews', () => {
  const reviewBody = {
    title: 'Apeks XTX50 Regulator Review',
    category: 'Regulators',
    imageUrl: '/media/gear-regulator.svg',
    content: '## Verdict\n\nCold-water ready.\n\n### Pros\n- Breathes easily at 30 m\n\n### Cons\n- Heavy for travel',
    purchaseLink: 'https://www.scubawarehouse.com.au/search?q=apeks+xtx50',
    price: '$1,150 AUD',
    rating: '5',
  };

  it('creates a published review that appears in its public category, and a draft that does not', async () => {
    const published = (
      await admin
        .post('/api/reviews')
        .send({ ...reviewBody, published: true })
        .expect(201)
    ).body;
    expect(published).toMatchObject({ slug: 'apeks-xtx50-regulator-review', published: true });
    const draft = (await admin.post('/api/reviews').send({ title: 'Draft torch review' }).expect(201)).body;
    expect(draft.rating).toBeNull();
    const category = (await request(t.baseUrl).get('/api/reviews/category/Regulators').expect(200)).body;
    expect(category.map((r: { slug: string }) => r.slug)).toContain(published.slug);
    const all = (await request(t.baseUrl).get('/api/reviews/published').expect(200)).body;
    expect(all.map((r: { slug: string }) => r.slug)).not.toContain(draft.slug);
    const html = (await request(t.baseUrl).get('/gear-reviews').expect(200)).text;
    expect(html).toContain('Apeks XTX50 Regulator Review');
  });

  it('refuses to publish a review without its required fields', async () => {
    const before = await count('reviews');
    const response = await admin.post('/api/reviews').send({ title: 'Incomplete', published: true }).expect(400);
    expect(response.body.error).toBe('Please fill in all required fields to publish the review.');
    expect(Object.keys(response.body.fields).sort()).toEqual(['category', 'content', 'imageUrl', 'purchaseLink']);
    expect(await count('reviews')).toBe(before);
  });

  it('refuses an unknown review category with a 400 naming the field', async () => {
    const response = await admin
      .post('/api/reviews')
      .send({ ...reviewBody, category: 'Snorkels' })
      .expect(400);
    expect(Object.keys(response.body.fields)).toEqual(['category']);
  });

  it('deletes a review', async () => {
    const review = (await admin.post('/api/reviews').send({ title: 'Short-lived review' }).expect(201)).body;
    await admin.delete(`/api/reviews/${review.id}`).expect(204);
    await admin.delete(`/api/reviews/${review.id}`).expect(404);
  });
});

describe('carousel slides', () => {
  it('creates, edits and deletes a slide; optional fields empty become null; drafts stay off the home page', async () => {
    const created = (
      await admin
        .post('/api/carousel-videos')
        .send({ title: '  Manta Season at Lady Elliot  ', videoUrl: '/media/video/manta.mp4', description: '', ctaText: '', ctaUrl: null, published: false })
        .expect(201)
    ).body;
    expect(created).toMatchObject({ title: 'Manta Season at Lady Elliot', description: null, ctaText: null, published: false });
    const publicSlides = (await request(t.baseUrl).get('/api/carousel-videos').expect(200)).body;
    expect(publicSlides.map((s: { id: number }) => s.id)).not.toContain(created.id);

    const edited = (
      await admin.patch(`/api/carousel-videos/${created.id}`).send({ published: true, ctaText: 'See the sites', ctaUrl: '/dive-sites' }).expect(200)
    ).body;
    expect(edited).toMatchObject({ published: true, ctaText: 'See the sites', ctaUrl: '/dive-sites' });
    expect((await request(t.baseUrl).get('/api/carousel-videos').expect(200)).body.map((s: { id: number }) => s.id)).toContain(created.id);

    await admin.delete(`/api/carousel-videos/${created.id}`).expect(204);
    expect((await request(t.baseUrl).get('/api/carousel-videos').expect(200)).body.map((s: { id: number }) => s.id)).not.toContain(created.id);
  });

  it.each([
    ['a blank title', { title: '   ', videoUrl: '/media/video/x.mp4' }, 'title'],
    ['no video URL', { title: 'Slide' }, 'videoUrl'],
    ['a negative ordering', { title: 'Slide', videoUrl: '/media/video/x.mp4', ordering: -1 }, 'ordering'],
    ['a poster that is not a URL', { title: 'Slide', videoUrl: '/media/video/x.mp4', posterImageUrl: 'poster please' }, 'posterImageUrl'],
  ])('refuses %s with an error field, storing nothing', async (_label, body, field) => {
    const before = await count('carousel_videos');
    const response = await admin.post('/api/carousel-videos').send(body).expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(Object.keys(response.body.fields)).toContain(field);
    expect(await count('carousel_videos')).toBe(before);
  });
});

describe('products', () => {
  it('creates, updates and deletes a product', async () => {
    const created = (
      await admin
        .post('/api/products')
        .send({
          name: 'Scubapro Seawing Nova Fins',
          category: 'Fins',
          price: 289,
          affiliateLink: 'https://www.scubawarehouse.com.au/search?q=seawing+nova',
          published: true,
        })
        .expect(201)
    ).body;
    expect(created.name).toBe('Scubapro Seawing Nova Fins');
    const updated = (await admin.patch(`/api/products/${created.id}`).send({ price: 279.95 }).expect(200)).body;
    expect(Number(updated.price)).toBe(279.95);
    await admin.delete(`/api/products/${created.id}`).expect(204);
  });

  it('refuses a negative price with a 400 naming the field', async () => {
    const response = await admin.post('/api/products').send({ name: 'Odd', price: -5 }).expect(400);
    expect(response.body.fields.price).toEqual(['Price cannot be negative']);
  });
});

describe('comments', () => {
  it('lists comments with the commenter email and article for the administrator, filters, and deletes', async () => {
    const [article] = (await request(t.baseUrl).get('/api/articles').expect(200)).body;
    const posted = (
      await request(t.baseUrl)
        .post(`/api/articles/${article.id}/comments`)
        .send({ name: 'Jordan', email: 'jordan@example.com', content: 'Great write-up, the current notes were spot on.' })
        .expect(201)
    ).body;
    expect(posted.email).toBeUndefined();

    const all = (await admin.get('/api/admin/comments?filter=all').expect(200)).body;
    const mine = all.find((c: { id: number }) => c.id === posted.id);
    expect(mine).toMatchObject({ name: 'Jordan', email: 'jordan@example.com', approved: true, article: { id: article.id, title: article.title } });
    const approved = (await admin.get('/api/admin/comments?filter=approved').expect(200)).body;
    expect(approved.map((c: { id: number }) => c.id)).toContain(posted.id);
    const pending = (await admin.get('/api/admin/comments?filter=pending').expect(200)).body;
    expect(pending.map((c: { id: number }) => c.id)).not.toContain(posted.id);
    await admin.get('/api/admin/comments?filter=spam').expect(400);

    await admin.delete(`/api/admin/comments/${posted.id}`).expect(204);
    const after = (await request(t.baseUrl).get(`/api/articles/${article.id}/comments`).expect(200)).body;
    expect(after.map((c: { id: number }) => c.id)).not.toContain(posted.id);
    await admin.delete(`/api/admin/comments/${posted.id}`).expect(404);
  });
});

describe('sitemap and audit', () => {
  it('regenerates the sitemap and returns its timestamp', async () => {
    const response = await admin.post('/api/admin/update-sitemap').expect(200);
    expect(new Date(response.body.timestamp).toString()).not.toBe('Invalid Date');
    expect(await lastAudit()).toMatchObject({ action: 'update_sitemap', resource: '/api/admin/update-sitemap' });
  });

  it('audits every admin write with the fields it sent but never their values', async () => {
    await admin.post('/api/products').send({ name: 'Audit check mask', category: 'Masks' }).expect(201);
    const entry = await lastAudit();
    expect(entry.resource).toBe('/api/products');
    expect(entry.details).toMatchObject({ outcome: 'success', fields: ['name', 'category'] });
    expect(JSON.stringify(entry.details)).not.toContain('Audit check mask');

    await admin.post('/api/products').send({ name: '' }).expect(400);
    expect((await lastAudit()).details).toMatchObject({ outcome: 'failed', status: 400 });
  });
});

async function rate(siteId: number, rating: number, comment: string, ip: string) {
  await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating, comment, "ipAddress") VALUES ($1, $2, $3, $4)`, [siteId, rating, comment, ip]);
}

describe('ratings moderation', () => {
  it('lists the latest ratings across every site with site, stars, comment and time, never the IP address', async () => {
    const [first, second] = await t.dataSource.query(`SELECT id, name FROM dive_sites ORDER BY id LIMIT 2`);
    await rate(first.id, 5, 'Superb visibility', '203.0.113.7');
    await rate(second.id, 2, 'Blown out by the swell', '203.0.113.8');
    const list = (await admin.get('/api/admin/ratings').expect(200)).body as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id: expect.any(Number),
      rating: 2,
      comment: 'Blown out by the swell',
      createdAt: expect.any(String),
      site: { id: second.id, name: second.name },
    });
    expect(list[1]).toMatchObject({ rating: 5, comment: 'Superb visibility', site: { id: first.id, name: first.name } });
    expect(JSON.stringify(list)).not.toContain('203.0.113');
  });

  it('deletes one, audited, and answers 404 for it afterwards and 400 for a bad id', async () => {
    const [target] = (await admin.get('/api/admin/ratings').expect(200)).body;
    await admin.delete(`/api/admin/ratings/${target.id}`).expect(204);
    const ratings = (await request(t.baseUrl).get(`/api/dive-sites/${target.site.id}/ratings`).expect(200)).body;
    expect(ratings.ratings.map((r: { id: number }) => r.id)).not.toContain(target.id);
    const [audit] = await t.dataSource.query(`SELECT action, resource FROM audit_logs ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ action: 'delete_rating', resource: `/api/admin/ratings/${target.id}` });

    const missing = await admin.delete(`/api/admin/ratings/${target.id}`).expect(404);
    expect(missing.body.message).toBe('Rating not found');
    const bad = await admin.delete('/api/admin/ratings/abc').expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect(bad.headers['content-type']).toMatch(/json/);
  });

  it("is the administrator's only", async () => {
    await request(t.baseUrl).get('/api/admin/ratings').expect(401);
    const [rating] = await t.dataSource.query(`SELECT id FROM dive_site_ratings LIMIT 1`);
    await request(t.baseUrl).delete(`/api/admin/ratings/${rating.id}`).set('Origin', t.siteOrigin).expect(401);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM dive_site_ratings WHERE id = $1`, [rating.id]))[0].n).toBe(1);
  });
});
