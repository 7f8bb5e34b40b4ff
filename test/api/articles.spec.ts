import request from 'supertest';
import { Article } from 'src/articles/article.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let published: Article;
let draft: Article;

beforeAll(async () => {
  t = await startTestApp();
  const articles = t.dataSource.getRepository(Article);
  published = await articles.save(
    articles.create({
      title: 'Night Diving at Nelson Bay',
      slug: 'night-diving-at-nelson-bay',
      excerpt: 'Torches on',
      content: 'Fly Point at night is alive with octopus.',
      category: 'Tips',
      imageUrl: '/media/scene-jetty.svg',
      published: true,
      // Now: newer than every seeded article, and public (a date ahead would schedule it).
      publishedAt: new Date(),
    }),
  );
  draft = await articles.save(
    articles.create({
      title: 'Secret Draft About Wolf Rock',
      slug: 'secret-draft-wolf-rock',
      excerpt: 'draft',
      content: 'Not yet',
      category: 'Dive Sites',
      imageUrl: '/media/scene-grey-nurse.svg',
      published: false,
    }),
  );
});

afterAll(() => t.close());

describe('GET /api/articles', () => {
  it('lists published articles only, newest first, with only the listed fields', async () => {
    const response = await request(t.baseUrl).get('/api/articles').expect(200);
    expect(response.body[0].slug).toBe(published.slug);
    expect(response.body.map((a: { slug: string }) => a.slug)).not.toContain(draft.slug);
    expect(Object.keys(response.body[0]).sort()).toEqual(['author', 'category', 'createdAt', 'excerpt', 'id', 'imageUrl', 'publishedAt', 'slug', 'title']);
    const dates = response.body.map((a: { publishedAt: string; createdAt: string }) => new Date(a.publishedAt ?? a.createdAt).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('keeps the admin list behind the admin session', async () => {
    await request(t.baseUrl).get('/api/articles?admin=true').expect(401);
  });
});

describe('GET /api/articles/slug/{slug}', () => {
  it('returns a published article with its content', async () => {
    const response = await request(t.baseUrl).get(`/api/articles/slug/${published.slug}`).expect(200);
    expect(response.body).toMatchObject({ title: published.title, content: published.content });
  });

  it('answers 404 for a draft and for an unknown slug', async () => {
    expect((await request(t.baseUrl).get(`/api/articles/slug/${draft.slug}`)).status).toBe(404);
    const response = await request(t.baseUrl).get('/api/articles/slug/no-such-article').expect(404);
    expect(response.body.error).toBe('Article not found');
  });
});

describe('article writes without a session', () => {
  it.each([
    ['post', '/api/articles'],
    ['patch', '/api/articles/1'],
    ['delete', '/api/articles/1'],
  ] as const)('%s %s answers 401 and writes nothing', async (method, path) => {
    const before = await t.dataSource.getRepository(Article).count();
    await request(t.baseUrl)[method](path).send({ title: 'Sneaky' }).expect(401);
    expect(await t.dataSource.getRepository(Article).count()).toBe(before);
  });
});

describe('comments', () => {
  const post = (body: object, articleId = published.id) => request(t.baseUrl).post(`/api/articles/${articleId}/comments`).send(body);

  it('stores a valid comment and lists it without the email or IP address', async () => {
    const created = await post({ name: '  Mia  ', content: 'Saw a blue-ringed octopus right under the jetty!', email: 'mia@example.com' }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      articleId: published.id,
      name: 'Mia',
      content: 'Saw a blue-ringed octopus right under the jetty!',
      links: [],
      createdAt: expect.any(String),
    });
    const list = await request(t.baseUrl).get(`/api/articles/${published.id}/comments`).expect(200);
    expect(list.body[0]).toMatchObject({ name: 'Mia' });
    expect(JSON.stringify(list.body)).not.toMatch(/mia@example\.com|ipAddress|127\.0\.0\.1/);
  });

  it('marks the web links in a comment (only http and https) for the page to show with rel="ugc nofollow"', async () => {
    const content = 'Logged it on https://example.com/logs/42, ask me at mia@example.com or javascript:alert(1)';
    const created = await post({ name: 'Mia', content }).expect(201);
    expect(created.body.content).toBe(content);
    expect(created.body.links).toEqual([{ start: 13, end: 40, href: 'https://example.com/logs/42' }]);
    expect(content.slice(13, 40)).toBe('https://example.com/logs/42');
    const list = await request(t.baseUrl).get(`/api/articles/${published.id}/comments`).expect(200);
    expect(list.body.find((comment: { id: number }) => comment.id === created.body.id).links).toEqual(created.body.links);
  });

  it.each([
    [{ content: 'A perfectly good comment' }, 'Name is required'],
    [{ name: '   ', content: 'A perfectly good comment' }, 'Name is required'],
    [{ name: 'x'.repeat(101), content: 'A perfectly good comment' }, 'Name must be less than 100 characters'],
    [{ name: 'Sam', content: 'Too short' }, 'Comment must be at least 10 characters'],
    [{ name: 'Sam' }, 'Comment must be at least 10 characters'],
    [{ name: 'Sam', content: 'y'.repeat(1001) }, 'Comment must be less than 1000 characters'],
    [{ name: 'Sam', content: 'A perfectly good comment', email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ name: 'Sam', content: 'A perfectly good comment', approved: false }, 'Unknown field: approved'],
    [{ name: 'Sam', content: 'A perfectly good comment', ipAddress: '1.2.3.4' }, 'Unknown field: ipAddress'],
  ])('rejects %p with "%s" and writes nothing', async (body, message) => {
    const before = await t.dataSource.query('SELECT count(*)::int AS n FROM comments');
    const response = await post(body).expect(400);
    expect(response.body.error).toBe(message);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM comments')).toEqual(before);
  });

  it('accepts exactly 100-character names and 1000-character comments', async () => {
    await post({ name: 'n'.repeat(100), content: 'c'.repeat(1000) }).expect(201);
  });

  it('answers 404 for comments on a draft or a missing article and 400 for a bad id', async () => {
    await post({ name: 'Sam', content: 'A perfectly good comment' }, draft.id).expect(404);
    await post({ name: 'Sam', content: 'A perfectly good comment' }, 999999).expect(404);
    const bad = await request(t.baseUrl).post('/api/articles/abc/comments').send({ name: 'Sam', content: 'A perfectly good comment' }).expect(400);
    expect(bad.body.error).toMatch(/Article id/);
  });

  it('rejects a filled honeypot', async () => {
    await post({ name: 'Bot', content: 'Buy cheap fins now!!!', website: 'http://spam.example' }).expect(400);
  });
});

describe('comment rate limit', () => {
  it('answers 429 after too many comments from one address', async () => {
    const other = await startTestApp({}, { databaseUrl: t.databaseUrl });
    try {
      await t.dataSource.query('DELETE FROM rate_limits');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await request(other.baseUrl)
          .post(`/api/articles/${published.id}/comments`)
          .send({ name: 'Flood', content: `Comment number ${i} for the flood test` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await t.dataSource.query('DELETE FROM rate_limits');
      await other.close();
    }
  });
});
