import request from 'supertest';
import { Clock } from 'src/common/clock';
import { HousekeepingService } from 'src/housekeeping/housekeeping.service';
import { PageViewsService } from 'src/insights/page-views.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 32: purchase-link clicks and page views counted on the site, by its rules (no bots, prefetches or
 * HEAD; a visitor's repeats within a minute once; no address, cookie or user agent kept), `/go/` never an
 * open redirect, and the admin's Insights report. TRUST_PROXY=1, so X-Forwarded-For names the visitor;
 * the page cache is on, so cached pages are counted too.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const MINUTE = 60_000;

let t: TestApp;
let clock: Clock;
let views: PageViewsService;
let admin: Agent;
let review: { slug: string; title: string; purchaseLink: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1', PAGE_CACHE: 'true' });
  clock = t.app.get(Clock);
  views = t.app.get(PageViewsService);
  [review] = await t.dataSource.query(`SELECT slug, title, "purchaseLink" FROM reviews WHERE published = true AND "purchaseLink" <> '' ORDER BY id LIMIT 1`);
  admin = await signInAsAdmin(t);
});

afterEach(() => clock.reset());

afterAll(() => t.close());

const go = (path: string, address: string, headers: Record<string, string> = { 'User-Agent': BROWSER }) =>
  request(t.baseUrl).get(path).set('X-Forwarded-For', address).set(headers).redirects(0);

async function clicks(kind = 'review', slug = review.slug): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT COALESCE(SUM(clicks), 0)::int AS n FROM link_clicks WHERE kind = $1 AND slug = $2`, [kind, slug]);
  return row.n;
}

async function pageViews(path: string): Promise<number> {
  await views.flush();
  const [row] = await t.dataSource.query(`SELECT COALESCE(SUM(views), 0)::int AS n FROM page_views WHERE path = $1`, [path]);
  return row.n;
}

describe('purchase links through /go/', () => {
  it("renders every 'Check Price' as the counted /go/ link, sponsored, with the destination on hover", async () => {
    for (const page of [`/gear-reviews/${review.slug}`, '/gear-reviews']) {
      const html = (await request(t.baseUrl).get(page).expect(200)).text;
      const links = html.match(/<a [^>]*>Check Price/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link).toMatch(/href="\/go\/review\/[\w-]+"/);
        expect(link).toContain('rel="sponsored nofollow noopener"');
        expect(link).toMatch(/title="https:\/\//);
      }
    }
    const reviewPage = (await request(t.baseUrl).get(`/gear-reviews/${review.slug}`).expect(200)).text;
    expect(reviewPage.split(`href="/go/review/${review.slug}"`)).toHaveLength(3);
    expect(reviewPage).not.toContain(`href="${review.purchaseLink}"`);
  });

  it('sends the reader on to the stored affiliate URL, uncached, and counts the click', async () => {
    const before = await clicks();
    const answer = await go(`/go/review/${review.slug}`, '198.51.100.1').expect(302);
    expect(answer.headers.location).toBe(new URL(review.purchaseLink).toString());
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(await clicks()).toBe(before + 1);
  });

  it("counts a visitor's repeat clicks within a minute once, another visitor's apart, and again after the minute", async () => {
    const before = await clicks();
    await go(`/go/review/${review.slug}`, '198.51.100.2').expect(302);
    await go(`/go/review/${review.slug}`, '198.51.100.2').expect(302);
    clock.advance(40_000);
    await go(`/go/review/${review.slug}`, '198.51.100.2').expect(302);
    expect(await clicks()).toBe(before + 1);
    await go(`/go/review/${review.slug}`, '198.51.100.3').expect(302);
    expect(await clicks()).toBe(before + 2);
    clock.advance(MINUTE);
    await go(`/go/review/${review.slug}`, '198.51.100.2').expect(302);
    expect(await clicks()).toBe(before + 3);
  });

  it('does not count crawlers, prefetches, HEAD or a request without a user agent, yet still redirects them', async () => {
    const before = await clicks();
    const path = `/go/review/${review.slug}`;
    await go(path, '198.51.100.10', { 'User-Agent': GOOGLEBOT }).expect(302);
    await go(path, '198.51.100.11', { 'User-Agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }).expect(302);
    await go(path, '198.51.100.12', { 'User-Agent': BROWSER, 'Sec-Purpose': 'prefetch' }).expect(302);
    await go(path, '198.51.100.13', { 'User-Agent': BROWSER, 'Sec-Purpose': 'prefetch;prerender' }).expect(302);
    await go(path, '198.51.100.14', { 'User-Agent': BROWSER, Purpose: 'prefetch' }).expect(302);
    await go(path, '198.51.100.15', {}).unset('User-Agent').expect(302);
    await request(t.baseUrl).head(path).set('X-Forwarded-For', '198.51.100.16').set('User-Agent', BROWSER).redirects(0).expect(302);
    expect(await clicks()).toBe(before);
  });

  it('answers 404, never a redirect, for an unknown kind or slug, a draft, or a stored link that is not http(s)', async () => {
    const [draft] = await t.dataSource.query(
      `INSERT INTO reviews (title, slug, excerpt, content, category, "imageUrl", "purchaseLink", published)
       VALUES ('Draft fins', 'draft-fins-insights', 'x', 'x', 'BCDs', '', 'https://shop.example/fins', false) RETURNING slug`,
    );
    const [script] = await t.dataSource.query(
      `INSERT INTO products (name, category, description, "affiliateLink", "imageUrl", published) VALUES ('Bad link', 'BCDs', 'x', 'javascript:alert(1)', '', true) RETURNING id`,
    );
    for (const path of [
      '/go/review/no-such-review',
      `/go/review/${draft.slug}`,
      `/go/article/${review.slug}`,
      '/go/review/https%3A%2F%2Fevil.example',
      '/go/review/%2F%2Fevil.example',
      `/go/product/${script.id}`,
      '/go/product/not-a-number',
      '/go/product/999999',
    ]) {
      const answer = await go(path, '198.51.100.20');
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers.location).toBeUndefined();
    }
    const [{ n }] = await t.dataSource.query(`SELECT COUNT(*)::int AS n FROM link_clicks WHERE slug NOT IN (SELECT slug FROM reviews WHERE published)`);
    expect(n).toBe(0);
  });

  it('follows and counts a published product by its id', async () => {
    const [product] = await t.dataSource.query(
      `INSERT INTO products (name, category, description, "affiliateLink", "imageUrl", published) VALUES ('Insight torch', 'Lights', 'x', 'https://shop.example/torch?tag=x', '', true) RETURNING id`,
    );
    const answer = await go(`/go/product/${product.id}`, '198.51.100.30').expect(302);
    expect(answer.headers.location).toBe('https://shop.example/torch?tag=x');
    expect(await clicks('product', String(product.id))).toBe(1);
  });

  it('keeps no address, user agent or cookie: the tables hold none, and the visitor hashes of past days are purged', async () => {
    const address = '203.0.113.77';
    await go(`/go/review/${review.slug}`, address).expect(302);
    await go(`/gear-reviews/${review.slug}`, address).expect(200);
    await views.flush();
    for (const table of ['link_clicks', 'page_views', 'click_visitors']) {
      const columns: { column_name: string }[] = await t.dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1`, [table]);
      expect(columns.map((c) => c.column_name).filter((name) => /ip|address|agent|cookie/i.test(name))).toEqual([]);
      const rows: object[] = await t.dataSource.query(`SELECT * FROM ${table}`);
      const text = JSON.stringify(rows);
      expect(text).not.toContain(address);
      expect(text).not.toContain('Chrome');
    }
    expect((await t.dataSource.query(`SELECT 1 FROM click_visitors`)).length).toBeGreaterThan(0);
    clock.advance(2 * 24 * 60 * MINUTE);
    await t.app.get(HousekeepingService).prune();
    expect(await t.dataSource.query(`SELECT 1 FROM click_visitors`)).toEqual([]);
  });
});

describe('page views', () => {
  const path = '/blog';

  it('counts a page per visitor once a minute, cache hits included, and not bots, prefetches, HEAD or the administrator', async () => {
    const before = await pageViews(path);
    const first = await go(path, '198.51.100.40').expect(200);
    const again = await go(path, '198.51.100.40').expect(200);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['set-cookie'] ?? first.headers['set-cookie']).toBeUndefined();
    expect(await pageViews(path)).toBe(before + 1);
    // A cache hit by another visitor counts.
    expect((await go(path, '198.51.100.41').expect(200)).headers['x-page-cache']).toBe('hit');
    expect(await pageViews(path)).toBe(before + 2);
    await go(path, '198.51.100.42', { 'User-Agent': GOOGLEBOT }).expect(200);
    await go(path, '198.51.100.43', { 'User-Agent': BROWSER, 'Sec-Purpose': 'prefetch' }).expect(200);
    await request(t.baseUrl).head(path).set('X-Forwarded-For', '198.51.100.44').set('User-Agent', BROWSER).expect(200);
    await admin.get(path).set('X-Forwarded-For', '198.51.100.45').set('User-Agent', BROWSER).expect(200);
    await go('/no-such-page-here', '198.51.100.46').expect(404);
    expect(await pageViews(path)).toBe(before + 2);
    expect(await pageViews('/no-such-page-here')).toBe(0);
    clock.advance(MINUTE + 1000);
    await go(path, '198.51.100.40').expect(200);
    expect(await pageViews(path)).toBe(before + 3);
  });
});

describe('the Insights report', () => {
  it('is for the administrator only, and refuses a period it does not offer', async () => {
    await request(t.baseUrl).get('/api/admin/insights').expect(401);
    await request(t.baseUrl).get('/api/admin/insights/csv').expect(401);
    const refused = await admin.get('/api/admin/insights?days=12').expect(400);
    expect(JSON.stringify(refused.body)).toContain('days must be 7, 30 or 90');
  });

  it("gives the period's series, the top pages and each review's clicks with the click-through rate, as JSON and CSV", async () => {
    await go(`/gear-reviews/${review.slug}`, '198.51.100.50').expect(200);
    await go(`/gear-reviews/${review.slug}`, '198.51.100.51').expect(200);
    await go(`/go/review/${review.slug}`, '198.51.100.50').expect(302);
    await views.flush();
    const report = (await admin.get('/api/admin/insights?days=7').expect(200)).body;
    expect(report.days).toBe(7);
    expect(report.daily).toHaveLength(7);
    expect(report.totals.views).toBeGreaterThanOrEqual(2);
    expect(report.totals.clicks).toBe(report.daily.reduce((sum: number, day: { clicks: number }) => sum + day.clicks, 0));
    expect(report.topReviews[0]).toMatchObject({ title: review.title, path: `/gear-reviews/${review.slug}` });
    const link = report.links.find((l: { kind: string; slug: string }) => l.kind === 'review' && l.slug === review.slug);
    expect(link.clicks).toBeGreaterThan(0);
    expect(link.views).toBeGreaterThan(0);
    expect(link.clickThroughRate).toBeCloseTo(link.clicks / link.views, 3);
    expect(report.topArticles.map((p: { path: string }) => p.path)).not.toContain('/blog');

    const csv = await admin.get('/api/admin/insights/csv?days=30').expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The site's one CSV writer (src/lists/csv.ts) quotes every text cell.
    expect(csv.text).toContain('"type","name","path","views","clicks","click_through_rate"');
    expect(csv.text).toContain(`"review link","${review.title.replaceAll('"', '""')}","/go/review/${review.slug}",`);
  });
});
