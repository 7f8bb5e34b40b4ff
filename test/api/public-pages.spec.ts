import request from 'supertest';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Review } from 'src/reviews/review.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t.close());

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe('home', () => {
  it('renders the hero carousel, the three cards, the three newest items and both View All links', async () => {
    const response = await request(t.baseUrl).get('/').expect(200);
    const html = response.text;
    expect(html).toContain('data-island="HeroCarousel"');
    expect(html).toContain('244+ Dive Sites');
    expect(html).toContain('View All Articles');
    expect(html).toContain('View All Reviews');
    const latest = html.slice(html.indexOf('id="latest-heading"'), html.indexOf('id="newsletter-heading"'));
    expect(latest.match(/<article /g)).toHaveLength(3);
    expect(latest).toMatch(/href="\/(blog|gear-reviews)\//);
  });

  it('falls back to the SPEC slide when no slide has a video', async () => {
    await t.dataSource.query('UPDATE carousel_videos SET published = false');
    try {
      const html = (await request(t.baseUrl).get('/').expect(200)).text;
      expect(html).toContain('Discover Australia&#x27;s Best Scuba Diving Sites');
      expect(html).toContain('Explore 244+ Dive Sites');
    } finally {
      await t.dataSource.query('UPDATE carousel_videos SET published = true');
    }
  });
});

describe('blog', () => {
  it('lists articles with the latest as hero and filters by category', async () => {
    const all = (await request(t.baseUrl).get('/blog').expect(200)).text;
    const newest = (await request(t.baseUrl).get('/api/articles')).body[0];
    expect(all).toContain(`href="/blog/${newest.slug}"`);
    const safety = (await request(t.baseUrl).get('/blog?category=Safety').expect(200)).text;
    expect(safety).toMatch(/aria-current="true"[^>]*>Safety</);
    const safetyArticles = (await request(t.baseUrl).get('/api/articles')).body.filter((a: { category: string }) => a.category === 'Safety');
    for (const article of safetyArticles) expect(safety).toContain(`/blog/${article.slug}`);
  });

  it('renders an article with its body, comments island, Article JSON-LD and breadcrumbs', async () => {
    const html = (await request(t.baseUrl).get('/blog/diving-the-ss-yongala-queenslands-greatest-wreck').expect(200)).text;
    expect(html).toContain('<h2>');
    expect(html).toContain('data-island="ArticleComments"');
    const types = jsonLd(html).map((data) => data['@type']);
    expect(types).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
    expect(html).toContain('<meta property="og:type" content="article"/>');
    // The body's [video](url) line becomes a player of the site's own file.
    expect(html).toMatch(/<video controls preload="metadata" playsinline><source src="\/media\/video\/wreck-loop\.mp4" type="video\/mp4">/);
  });

  it('shows the dive-site video found through the review link', async () => {
    const sites = t.dataSource.getRepository(DiveSite);
    const site = await sites.findOneByOrFail({ name: 'SS Yongala' });
    await sites.update(site.id, {
      reviewLink: '/blog/diving-the-ss-yongala-queenslands-greatest-wreck',
      videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    const html = (await request(t.baseUrl).get('/blog/diving-the-ss-yongala-queenslands-greatest-wreck').expect(200)).text;
    expect(html).toContain('Dive-site video: SS Yongala');
    expect(html).toContain('https://www.youtube.com/embed/abcdefghijk');
  });

  it('answers 404 with Article Not Found for drafts and unknown slugs', async () => {
    const articles = t.dataSource.getRepository(Article);
    await articles.save(
      articles.create({
        title: 'Page Draft',
        slug: 'page-draft',
        excerpt: 'x',
        content: 'x',
        category: 'Tips',
        imageUrl: '/media/scene-boat.svg',
        published: false,
      }),
    );
    for (const path of ['/blog/page-draft', '/blog/nothing-here']) {
      const response = await request(t.baseUrl).get(path).expect(404);
      expect(response.text).toContain('Article Not Found');
      expect(response.text).toContain('The article you&#x27;re looking for doesn&#x27;t exist.');
    }
  });
});

describe('gear reviews', () => {
  it('shows the latest review, the category buttons and the Suggest a Product link', async () => {
    const html = (await request(t.baseUrl).get('/gear-reviews').expect(200)).text;
    for (const label of ['All Reviews', 'BCDs', 'Dive Computers', 'Masks &amp; Fins', 'Wetsuits', 'Cameras', 'Regulators'])
      expect(html).toContain(`>${label}</a>`);
    expect(html).toContain('Latest Gear Review');
    expect(html).toContain('href="/contact"');
    expect(html).toContain('Suggest a Product');
    expect(html).toContain('rel="sponsored nofollow noopener"');
  });

  it('adds the buying guide and heading for Dive Computers', async () => {
    const html = (await request(t.baseUrl).get('/gear-reviews?category=Dive%20Computers').expect(200)).text;
    expect(html).toContain('All Dive Computers');
    expect(html).toContain('For beginners');
  });

  it('shows the empty state of a category with no reviews', async () => {
    await t.dataSource.query(`UPDATE reviews SET published = false WHERE category = 'Wetsuits'`);
    try {
      const html = (await request(t.baseUrl).get('/gear-reviews?category=Wetsuits').expect(200)).text;
      expect(html).toContain('No products found');
      expect(html).toContain('No products available in the &quot;Wetsuits&quot; category yet. Check back soon for new reviews!');
    } finally {
      await t.dataSource.query(`UPDATE reviews SET published = true WHERE category = 'Wetsuits' AND "publishedAt" IS NOT NULL`);
    }
  });

  it('renders a review with SPEC title, affiliate notice, two Check Price links and Product/Review JSON-LD', async () => {
    const review = (await request(t.baseUrl).get('/api/reviews/published')).body[0];
    const html = (await request(t.baseUrl).get(`/gear-reviews/${review.slug}`).expect(200)).text;
    expect(html).toContain(`<title>${review.title.replace(/&/g, '&amp;')} - Expert Gear Review</title>`);
    expect(html).toContain('Interested in this gear?');
    expect(html).toContain('Affiliate Link - We earn from qualified purchases');
    expect(html).toContain('Ready to upgrade your diving gear?');
    expect(html).toContain('Browse More Reviews');
    expect(html.match(/>Check Price</g)).toHaveLength(2);
    const product = jsonLd(html).find((data) => data['@type'] === 'Product');
    expect(product.review.reviewRating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(product.review.author.name).toBe('Australian Dive Guide');
    expect(product.offers.priceCurrency).toBe('AUD');
    // A date (UTC) 90 days on from the day the page was rendered.
    const daysOn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect(product.offers.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([daysOn(90), daysOn(89.99)]).toContain(product.offers.priceValidUntil);
    expect(product.review.positiveNotes.itemListElement.length).toBeGreaterThan(0);
  });

  it('answers 404 with Review Not Found for drafts and unknown slugs', async () => {
    const reviews = t.dataSource.getRepository(Review);
    const draft = await reviews.findOneByOrFail({ published: false });
    for (const path of [`/gear-reviews/${draft.slug}`, '/gear-reviews/not-a-review']) {
      const response = await request(t.baseUrl).get(path).expect(404);
      expect(response.text).toContain('Review Not Found');
      expect(response.text).toContain('Back to Reviews');
    }
  });
});
