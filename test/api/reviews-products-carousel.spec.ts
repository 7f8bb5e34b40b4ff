import request from 'supertest';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { Product } from 'src/products/product.entity';
import { Review } from 'src/reviews/review.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let draftReview: Review;
let publishedReview: Review;

beforeAll(async () => {
  t = await startTestApp();
  const reviews = t.dataSource.getRepository(Review);
  publishedReview = await reviews.save(
    reviews.create({
      title: 'Test Fins Review',
      slug: 'test-fins-review',
      excerpt: 'Stiff blades',
      content: '## Pros\n\n- Powerful\n\n## Cons\n\n- Heavy',
      category: 'Masks & Fins',
      imageUrl: '/media/gear-fins.svg',
      purchaseLink: 'https://shop.example/fins',
      rating: '4.0',
      price: '$249',
      published: true,
      // Now: newer than every seeded review, and public (a date ahead would schedule it).
      publishedAt: new Date(),
    }),
  );
  draftReview = await reviews.save(
    reviews.create({
      title: 'Unreleased Computer',
      slug: 'unreleased-computer',
      excerpt: 'Secret',
      content: 'Embargoed',
      category: 'Dive Computers',
      imageUrl: '/media/gear-dive-computer.svg',
      purchaseLink: 'https://shop.example/x',
      published: false,
    }),
  );
});

afterAll(() => t.close());

describe('reviews', () => {
  it('lists published reviews newest first with purchaseLink and rating, never drafts', async () => {
    const response = await request(t.baseUrl).get('/api/reviews/published').expect(200);
    expect(response.body[0]).toMatchObject({ slug: publishedReview.slug, purchaseLink: 'https://shop.example/fins', rating: '4.0' });
    expect(response.body.map((r: { slug: string }) => r.slug)).not.toContain(draftReview.slug);
    expect(response.body[0]).not.toHaveProperty('content');
  });

  it('filters by category (URL-encoded), published only', async () => {
    const response = await request(t.baseUrl)
      .get(`/api/reviews/category/${encodeURIComponent('Masks & Fins')}`)
      .expect(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.every((r: { category: string }) => r.category === 'Masks & Fins')).toBe(true);
    const computers = await request(t.baseUrl).get('/api/reviews/category/Dive%20Computers').expect(200);
    expect(computers.body.map((r: { slug: string }) => r.slug)).not.toContain(draftReview.slug);
  });

  it('answers 400 for an unknown category', async () => {
    const response = await request(t.baseUrl).get('/api/reviews/category/Spearguns').expect(400);
    expect(response.body.error).toMatch(/Category must be one of/);
  });

  it('finds a published review by slug and hides drafts', async () => {
    await request(t.baseUrl).get(`/api/reviews/slug/${publishedReview.slug}`).expect(200);
    const missing = await request(t.baseUrl).get(`/api/reviews/slug/${draftReview.slug}`).expect(404);
    expect(missing.body.error).toBe('Review not found');
  });

  it('keeps the admin list and writes behind the session', async () => {
    await request(t.baseUrl).get('/api/reviews?admin=true').expect(401);
    await request(t.baseUrl).post('/api/reviews').send({ title: 'x' }).expect(401);
  });
});

describe('products and locations', () => {
  it('lists published products and the featured ones', async () => {
    const products = t.dataSource.getRepository(Product);
    await products.save(
      products.create({
        name: 'Hidden Prototype Torch',
        category: 'Accessories',
        description: 'x',
        affiliateLink: 'https://shop.example/t',
        imageUrl: '/media/gear-torch.svg',
        published: false,
        featured: true,
      }),
    );
    const all = await request(t.baseUrl).get('/api/products').expect(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.map((p: { name: string }) => p.name)).not.toContain('Hidden Prototype Torch');
    expect(typeof all.body[0].price === 'number' || all.body[0].price === null).toBe(true);
    const featured = await request(t.baseUrl).get('/api/products/featured').expect(200);
    expect(featured.body.every((p: { featured: boolean }) => p.featured)).toBe(true);
    expect(featured.body.map((p: { name: string }) => p.name)).not.toContain('Hidden Prototype Torch');
  });

  it('answers the featured locations call with a list', async () => {
    const response = await request(t.baseUrl).get('/api/locations/featured').expect(200);
    expect(Array.isArray(response.body)).toBe(true);
  });
});

describe('carousel', () => {
  it('lists published slides by ordering with the displayed fields only', async () => {
    const slides = t.dataSource.getRepository(CarouselVideo);
    await slides.save(slides.create({ title: 'Draft slide', videoUrl: 'https://videos.example/draft.mp4', ordering: 0, published: false }));
    const response = await request(t.baseUrl).get('/api/carousel-videos').expect(200);
    expect(response.body.length).toBeGreaterThanOrEqual(3);
    expect(response.body.map((s: { title: string }) => s.title)).not.toContain('Draft slide');
    expect(Object.keys(response.body[0]).sort()).toEqual(['ctaText', 'ctaUrl', 'description', 'id', 'posterImageUrl', 'title', 'videoUrl']);
    const stored = await slides.find({ where: { published: true }, order: { ordering: 'ASC', id: 'ASC' } });
    expect(response.body.map((s: { id: number }) => s.id)).toEqual(stored.map((s) => s.id));
  });
});

describe('global search', () => {
  const search = (q: string) => request(t.baseUrl).get(`/api/search?q=${encodeURIComponent(q)}`);

  it('needs at least 2 characters', async () => {
    expect((await search('y').expect(200)).body.results).toEqual([]);
  });

  it('finds a dive site, an article and a review, case-insensitively, at most 3 per type', async () => {
    const yongala = await search('YONGALA').expect(200);
    const types = yongala.body.results.map((r: { type: string }) => r.type);
    expect(types).toContain('dive-site');
    expect(types).toContain('article');
    const site = yongala.body.results.find((r: { type: string }) => r.type === 'dive-site');
    expect(site.link).toBe(`/dive-sites/${site.id}`);
    const reef = await search('reef').expect(200);
    for (const type of ['article', 'dive-site', 'product', 'review']) {
      expect(reef.body.results.filter((r: { type: string }) => r.type === type).length).toBeLessThanOrEqual(3);
    }
    const fins = await search('test fins').expect(200);
    expect(fins.body.results).toContainEqual(expect.objectContaining({ type: 'review', link: '/gear-reviews/test-fins-review' }));
  });

  it('links products to the filtered review list and never returns drafts', async () => {
    const product = (await search('Shearwater').expect(200)).body.results.find((r: { type: string }) => r.type === 'product');
    expect(product.link).toBe(`/gear-reviews?search=${encodeURIComponent(product.title)}`);
    expect((await search('Embargoed').expect(200)).body.results).toEqual([]);
    expect((await search('Unreleased').expect(200)).body.results).toEqual([]);
  });

  it('treats % and _ literally', async () => {
    expect((await search('%%').expect(200)).body.results).toEqual([]);
  });

  it('rejects a repeated or missing q with a 400', async () => {
    await request(t.baseUrl).get('/api/search?q=a&q=b').expect(400);
    await request(t.baseUrl).get('/api/search').expect(400);
  });
});

describe('feeds', () => {
  it('lists public pages, published content and dive sites in the sitemap, with lastmod', async () => {
    const response = await request(t.baseUrl).get('/sitemap.xml').expect(200);
    expect(response.type).toBe('application/xml');
    expect(response.text).toContain('<loc>http://localhost:3000/gear-reviews/test-fins-review</loc>');
    expect(response.text).toContain('<loc>http://localhost:3000/learn-to-dive</loc>');
    expect(response.text).toMatch(/<loc>http:\/\/localhost:3000\/dive-sites\/\d+<\/loc>/);
    expect(response.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(response.text).not.toContain('unreleased-computer');
  });

  it('publishes an RSS feed of articles and reviews without drafts', async () => {
    const response = await request(t.baseUrl).get('/rss.xml').expect(200);
    expect(response.type).toBe('application/rss+xml');
    expect(response.text).toContain('<title>Test Fins Review</title>');
    expect(response.text).toContain('/blog/diving-the-ss-yongala-queenslands-greatest-wreck');
    expect(response.text).not.toContain('Unreleased Computer');
  });

  it('points robots at the sitemap and keeps crawlers out of the admin', async () => {
    const response = await request(t.baseUrl).get('/robots.txt').expect(200);
    expect(response.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(response.text).toContain('Disallow: /admin');
  });

  it('keeps sitemap regeneration behind the admin session', async () => {
    await request(t.baseUrl).post('/api/admin/update-sitemap').expect(401);
  });
});
