import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'metrics-test-token-0123456789';

/** A sample's value in Prometheus text, e.g. value(text, 'page_cache_hits_total'), or null when absent. */
function value(text: string, sample: string): number | null {
  const line = text.split('\n').find((row) => row.startsWith(`${sample} `));
  return line === undefined ? null : Number(line.slice(sample.length + 1));
}

describe('/metrics', () => {
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    on = await startTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE: 'true' });
    off = await startTestApp({}, { databaseUrl: on.databaseUrl });
  });

  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  it('does not exist unless METRICS_TOKEN is set', async () => {
    await request(off.baseUrl).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('asks for the token: 401 without it or with a wrong one, never cached', async () => {
    const without = await request(on.baseUrl).get('/metrics').expect(401);
    expect(without.body).toEqual(expect.objectContaining({ statusCode: 401, error: expect.stringContaining('METRICS_TOKEN') }));
    expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(without.headers['cache-control']).toBe('no-store');
    await request(on.baseUrl).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(on.baseUrl).get('/metrics').set('Authorization', TOKEN).expect(401);
    expect(without.text).not.toContain('http_request_duration_seconds');
  });

  it('counts requests by route and status, the page cache, the pool, mail, image work and the event loop', async () => {
    const scrape = async () => {
      const response = await request(on.baseUrl).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-page-cache']).toBeUndefined();
      return response.text;
    };
    const before = await scrape();
    const [article] = (await request(on.baseUrl).get('/api/articles').expect(200)).body as { slug: string }[];
    const rendered = await request(on.baseUrl).get(`/blog/${article.slug}`).expect(200);
    const hit = await request(on.baseUrl).get(`/blog/${article.slug}`).expect(200);
    expect([rendered.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    await request(on.baseUrl).get('/no-such-page').expect(404);
    const after = await scrape();

    // The render and the hit (answered ahead of Express) both count under the route's pattern.
    const blog = 'http_request_duration_seconds_count{method="GET",route="/blog/:slug",status="200"}';
    expect(value(after, blog)! - (value(before, blog) ?? 0)).toBe(2);
    expect(value(after, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'page_cache_hits_total')! - value(before, 'page_cache_hits_total')!).toBeGreaterThanOrEqual(1);
    expect(value(after, 'page_cache_misses_total')! - value(before, 'page_cache_misses_total')!).toBeGreaterThanOrEqual(1);
    expect(value(after, 'page_cache_evictions_total')).toBe(0);
    expect(value(after, 'page_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'db_pool_connections_idle')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'db_pool_waiting')).toBe(0);
    expect(value(after, 'mail_queue_depth')).toBe(0);
    expect(value(after, 'image_work_queue{kind="encode",state="waiting"}')).toBe(0);
    expect(value(after, 'image_work_queue{kind="download",state="running"}')).toBe(0);
    expect(value(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // No raw path becomes a label.
    expect(after).not.toContain(article.slug);
  });
});
