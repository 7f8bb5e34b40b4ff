import { SITE_ACCESSES, SITE_KINDS } from 'core/dive-sites/fields';
import request from 'supertest';
import { decodeMapPayload } from 'core/dive-sites/map-payload';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Product } from 'src/products/product.entity';
import { Review } from 'src/reviews/review.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

// BENCH_SQL_COUNT: answers say how many SQL queries they issued (X-SQL-Queries) and the cache is bypassable.
beforeAll(async () => {
  t = await startTestApp({ BENCH_SQL_COUNT: 'true' });
});

afterAll(() => t.close());

const day = 86_400_000;
const get = (path: string) => request(t.baseUrl).get(path).set('X-Page-Cache', 'bypass');
const link = (html: string, rel: string) => html.match(new RegExp(`<link rel="${rel}" href="([^"]*)"`))?.[1]?.replace(/&amp;/g, '&') ?? null;
/** The page's text as read, without React's separators between adjacent text parts. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
const queries = async (path: string) => Number((await get(path).expect(200)).headers['x-sql-queries']);

/** Published articles (or reviews) dated one a day back from `from`, newest first by index. */
async function addPosts(kind: 'articles' | 'reviews', count: number, tag: string, category: string, from = Date.now()) {
  const repository = kind === 'articles' ? t.dataSource.getRepository(Article) : t.dataSource.getRepository(Review);
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `${tag} ${i}`,
    slug: `${tag}-${i}`,
    excerpt: `Excerpt of ${tag} ${i}`,
    content: `Body of ${tag} ${i}. `.repeat(50),
    category,
    imageUrl: '/media/scene-wreck.svg',
    published: true,
    publishedAt: new Date(from - i * day),
    ...(kind === 'reviews' ? { purchaseLink: 'https://shop.example/item', rating: '4.5', price: '$100', featured: false } : {}),
  }));
  await repository.insert(rows as never[]);
  return rows.map((row) => row.slug);
}

describe('the pages that show a fixed number of items read a fixed amount', () => {
  it('home, the feed, /blog, /gear-reviews and /dive-sites issue the same queries and answer about the same size with hundreds more rows', async () => {
    // First enough old rows that every list is full (its page size, the feed's 50), then many more older ones.
    const longAgo = Date.UTC(2000, 0, 1);
    await addPosts('articles', 60, 'old-article', 'News', longAgo);
    await addPosts('reviews', 60, 'old-review', 'Masks & Fins', longAgo);
    const paths = ['/', '/rss.xml', '/gear-reviews', '/dive-sites', '/blog'];
    // Each page asked once first: what a process reads once and keeps (the stored forecasts' outlooks) is not a query a page makes.
    for (const path of paths) await get(path);
    const before = await Promise.all(paths.map(async (path) => ({ queries: await queries(path), bytes: (await get(path)).text.length })));
    await addPosts('articles', 300, 'older-article', 'News', longAgo - 100 * day);
    await addPosts('reviews', 300, 'older-review', 'Masks & Fins', longAgo - 100 * day);
    await t.dataSource.getRepository(DiveSite).insert(
      Array.from({ length: 400 }, (_, i) => ({
        name: `Zz Bulk Site ${i}`,
        region: 'Tasmania',
        latitude: '-42.00000000',
        longitude: '147.00000000',
        waterTemp: '12-17°C',
        skillLevel: 'Beginner' as const,
        depthRange: '5-12m',
        description: 'A bulk test site. '.repeat(10),
      })),
    );
    // Again once first: the sites' revision moved, so the kept outlooks are read again, once.
    for (const path of paths) await get(path);
    for (const [index, path] of paths.entries()) {
      const response = await get(path).expect(200);
      expect({ path, queries: Number(response.headers['x-sql-queries']) }).toEqual({ path, queries: before[index].queries });
      // Within a card's size: the counts and page numbers may gain a digit, the reviews' hero is a random site.
      const grown = response.text.length - before[index].bytes;
      expect({ path, grown: Math.abs(grown) < 1000 ? 'less than a card' : grown }).toEqual({ path, grown: 'less than a card' });
    }
    expect((await get('/rss.xml')).text.match(/<item>/g)).toHaveLength(50);
    expect((await get('/')).text).not.toContain('older-article');
    const sites = (await get('/dive-sites')).text;
    expect(sites.match(/<h2[^>]*><a href="\/dive-sites\/\d+"/g)).toHaveLength(24);
    const total = await t.dataSource.getRepository(DiveSite).count();
    expect(text(sites)).toContain(`Showing ${total} of ${total} dive sites`);
  });
});

describe('/blog and /gear-reviews in pages of 12', () => {
  let articles: string[];
  let seedArticles: number;

  beforeAll(async () => {
    seedArticles = await t.dataSource.getRepository(Article).countBy({ published: true });
    // Newer than everything else, so they lead the list in this order (dated from now back: a date ahead would schedule them).
    articles = await addPosts('articles', 30, 'paged-article', 'Safety', Date.now() - 60_000);
  });

  it('shows 12 per page with previous and next links, a canonical address per page, and 404 past the end', async () => {
    const pages = Math.ceil((seedArticles + 30) / 12);
    const first = (await get('/blog').expect(200)).text;
    for (const slug of articles.slice(0, 12)) expect(first).toContain(`href="/blog/${slug}"`);
    expect(first).not.toContain(`href="/blog/${articles[12]}"`);
    expect(link(first, 'canonical')).toBe(`${t.config.siteUrl}/blog`);
    expect(link(first, 'prev')).toBeNull();
    expect(link(first, 'next')).toBe(`${t.config.siteUrl}/blog?page=2`);
    expect(text(first)).toContain(`Page 1 of ${pages}`);
    expect(first).toMatch(/<a href="\/blog\?page=2" rel="next"[^>]*>Next page<\/a>/);

    const second = (await get('/blog?page=2').expect(200)).text;
    expect(link(second, 'canonical')).toBe(`${t.config.siteUrl}/blog?page=2`);
    expect(link(second, 'prev')).toBe(`${t.config.siteUrl}/blog`);
    expect(link(second, 'next')).toBe(pages > 2 ? `${t.config.siteUrl}/blog?page=3` : null);
    expect(second).toMatch(/<a href="\/blog" rel="prev"[^>]*>Previous page<\/a>/);
    expect(second).toContain('<title>Diving News &amp; Articles - Page 2');
    for (const slug of articles.slice(12, 24)) expect(second).toContain(`href="/blog/${slug}"`);
    // The first page's articles are not listed again (the newest stays the hero's 'latest').
    for (const slug of articles.slice(1, 12)) expect(second).not.toContain(`href="/blog/${slug}"`);

    const last = (await get(`/blog?page=${pages}`).expect(200)).text;
    expect(link(last, 'next')).toBeNull();
    await get(`/blog?page=${pages + 1}`).expect(404);
    // Not a page number: the site's 404 page, not a copy of the first page.
    for (const bad of ['abc', '0', '-1', '1.5', '2e1']) {
      const response = await get(`/blog?page=${encodeURIComponent(bad)}`).expect(404);
      expect(response.type).toBe('text/html');
    }
    await get('/blog?page=2&page=3').expect(404);
    // The first page named explicitly is the first page, under its one canonical address.
    expect(link((await get('/blog?page=1').expect(200)).text, 'canonical')).toBe(`${t.config.siteUrl}/blog`);
  });

  it('keeps the category in the page links', async () => {
    const more = await addPosts('articles', 14, 'paged-tips', 'Tips', Date.now() - 60_000);
    const tips = await t.dataSource.getRepository(Article).countBy({ published: true, category: 'Tips' });
    const first = (await get('/blog?category=Tips').expect(200)).text;
    expect(link(first, 'next')).toBe(`${t.config.siteUrl}/blog?category=Tips&page=2`);
    expect(first).toContain('href="/blog?category=Tips&amp;page=2"');
    const second = (await get('/blog?category=Tips&page=2').expect(200)).text;
    expect(link(second, 'canonical')).toBe(`${t.config.siteUrl}/blog?category=Tips&page=2`);
    expect(link(second, 'prev')).toBe(`${t.config.siteUrl}/blog?category=Tips`);
    for (const slug of more.slice(12)) expect(second).toContain(`href="/blog/${slug}"`);
    await get(`/blog?category=Tips&page=${Math.ceil(tips / 12) + 1}`).expect(404);
  });

  it('pages /gear-reviews, its categories and its search the same way', async () => {
    const reviews = await addPosts('reviews', 26, 'paged-review', 'Wetsuits', Date.now() - 60_000);
    const first = (await get('/gear-reviews?category=Wetsuits').expect(200)).text;
    for (const slug of reviews.slice(0, 12)) expect(first).toContain(`href="/gear-reviews/${slug}"`);
    expect(first).not.toContain(`href="/gear-reviews/${reviews[12]}"`);
    expect(link(first, 'next')).toBe(`${t.config.siteUrl}/gear-reviews?category=Wetsuits&page=2`);
    const second = (await get('/gear-reviews?category=Wetsuits&page=2').expect(200)).text;
    for (const slug of reviews.slice(12, 24)) expect(second).toContain(`href="/gear-reviews/${slug}"`);
    expect(link(second, 'prev')).toBe(`${t.config.siteUrl}/gear-reviews?category=Wetsuits`);
    expect(link(second, 'canonical')).toBe(`${t.config.siteUrl}/gear-reviews?category=Wetsuits&page=2`);
    await get('/gear-reviews?page=x').expect(404);

    // The search keeps its term in the page links.
    const search = (await get('/gear-reviews?search=paged-review').expect(200)).text;
    expect(search).toContain('href="/gear-reviews?search=paged-review&amp;page=2"');
    const third = (await get('/gear-reviews?search=paged-review&page=3').expect(200)).text;
    for (const slug of reviews.slice(24)) expect(third).toContain(`href="/gear-reviews/${slug}"`);
    expect(link(third, 'next')).toBeNull();
    await get('/gear-reviews?search=paged-review&page=4').expect(404);
  });
});

describe('limit and offset on the list calls', () => {
  it.each(['/api/articles', '/api/reviews/published', '/api/reviews', '/api/products', '/api/dive-sites'])(
    '%s answers its first page without them and a slice of it with them',
    async (path) => {
      const whole = (await request(t.baseUrl).get(path).expect(200)).body as { id: number }[];
      expect(whole.length).toBeGreaterThan(3);
      expect((await request(t.baseUrl).get(path).query({ limit: '2', offset: '1' }).expect(200)).body).toEqual(whole.slice(1, 3));
      expect((await request(t.baseUrl).get(path).query({ offset: '1000000' }).expect(200)).body).toEqual([]);
      expect((await request(t.baseUrl).get(path).query({ limit: '1' }).expect(200)).body).toEqual(whole.slice(0, 1));
    },
  );

  it.each([
    ['limit', '0', 'limit must be between 1 and 100'],
    ['limit', '101', 'limit must be between 1 and 100'],
    ['limit', 'abc', 'limit must be a whole number'],
    ['limit', '1.5', 'limit must be a whole number'],
    ['limit', '1e1', 'limit must be a whole number'],
    ['offset', '-1', 'offset must be a whole number'],
    ['offset', '99999999999', 'offset must be a whole number'],
    ['offset', '2147483648', 'offset must be at most 2147483647'],
  ])('refuses %s=%s with a 400 naming the field', async (field, value, message) => {
    for (const path of ['/api/articles', '/api/reviews/published', '/api/products', '/api/dive-sites']) {
      const response = await request(t.baseUrl)
        .get(path)
        .query({ [field]: value })
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: message });
      expect(JSON.stringify(response.body)).toContain(field);
    }
  });

  it('slices the region filter of /api/dive-sites too', async () => {
    const tasmania = (await request(t.baseUrl).get('/api/dive-sites').query({ region: 'Tasmania' }).expect(200)).body;
    expect((await request(t.baseUrl).get('/api/dive-sites').query({ region: 'Tasmania', limit: '3', offset: '2' }).expect(200)).body).toEqual(
      tasmania.slice(2, 5),
    );
  });

  it('orders products by name then id, so slices never overlap', async () => {
    await t.dataSource
      .getRepository(Product)
      .insert(
        ['Same Name', 'Same Name', 'Same Name'].map(
          (name) => ({ name, category: 'Accessories', description: 'x', affiliateLink: '', imageUrl: '', published: true }) as never,
        ),
      );
    const whole = (await request(t.baseUrl).get('/api/products').expect(200)).body as { id: number }[];
    const pieces = [];
    for (let offset = 0; offset < whole.length; offset += 2) {
      pieces.push(
        ...(
          await request(t.baseUrl)
            .get('/api/products')
            .query({ limit: '2', offset: String(offset) })
            .expect(200)
        ).body,
      );
    }
    expect(pieces).toEqual(whole);
  });
});

describe('the map payload', () => {
  it('is one compact row per site, and the cards load by id', async () => {
    const payload = (await request(t.baseUrl).get('/api/dive-sites/map').expect(200)).body;
    expect(Object.keys(payload).sort()).toEqual(['regions', 'sites', 'skillLevels']);
    expect(payload.sites).toHaveLength(await t.dataSource.getRepository(DiveSite).count());
    for (const row of payload.sites) {
      expect(row).toHaveLength(10);
      const [id, name, latitude, longitude, region, skill, band, featured, kind, access] = row;
      expect([typeof id, typeof name, typeof latitude, typeof longitude]).toEqual(['number', 'string', 'number', 'number']);
      expect(payload.regions[region]).toEqual(expect.any(String));
      expect(payload.skillLevels[skill]).toEqual(expect.any(String));
      expect([0, 1, 2, 3]).toContain(band);
      expect([0, 1]).toContain(featured);
      expect(SITE_KINDS[kind]).toEqual(expect.any(String));
      expect(SITE_ACCESSES[access]).toEqual(expect.any(String));
    }
    const yongala = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
    expect(decodeMapPayload(payload).find((site) => site.id === yongala.id)).toEqual({
      id: yongala.id,
      name: 'SS Yongala',
      latitude: Math.round(Number(yongala.latitude) * 1e5) / 1e5,
      longitude: Math.round(Number(yongala.longitude) * 1e5) / 1e5,
      region: yongala.region,
      skillLevel: yongala.skillLevel,
      depth: 'deep',
      featured: yongala.featured,
      kind: 'wreck',
      access: 'boat',
    });
    // Sorted by name as a person reads them (case and accents aside: ICU's root order), as the grid lists them.
    const names: string[] = payload.sites.map((row: [number, string]) => row[1]);
    expect(names).toEqual([...names].sort(new Intl.Collator('und').compare));

    const cards = (
      await request(t.baseUrl)
        .get('/api/dive-sites/cards')
        .query({ ids: `${yongala.id},999999` })
        .expect(200)
    ).body;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: yongala.id, name: 'SS Yongala', region: yongala.region, depthRange: yongala.depthRange });
  });

  it.each([[''], ['abc'], ['1,,2'], ['0'], [Array.from({ length: 101 }, (_, i) => i + 1).join(',')]])(
    'refuses cards?ids=%s with a 400 naming ids',
    async (ids) => {
      const response = await request(t.baseUrl).get('/api/dive-sites/cards').query({ ids }).expect(400);
      expect(response.body.error).toBe('ids must be a comma-separated list of 1 to 100 site ids');
    },
  );

  it('refuses cards without ids', async () => {
    const response = await request(t.baseUrl).get('/api/dive-sites/cards').expect(400);
    expect(response.body.error).toContain('ids');
  });
});
