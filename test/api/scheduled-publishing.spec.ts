import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Scheduled publishing (issue 16): an article and a review published with a date ahead stay off every
 * public page, list, feed, the sitemap and search until then, and appear on their own at that moment,
 * in both of two processes (as behind a load balancer), through the page cache: each public answer is
 * kept in the cache beforehand, so the test shows the kept answers expire at the scheduled moment.
 */
let a: TestApp;
let b: TestApp;
let admin: Agent;

beforeAll(async () => {
  a = await startTestApp({ PAGE_CACHE: 'true' });
  b = await startTestApp({ PAGE_CACHE: 'true' }, { databaseUrl: a.databaseUrl });
  admin = await signInAsAdmin(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Far enough ahead for the checks before it, on a busy machine. */
const LEAD_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(t: TestApp, path: string, status = 200): Promise<request.Response> {
  return request(t.baseUrl).get(path).expect(status);
}

/** Whether the answer shows something named `word` (search echoes its query, so only its results count). */
function shows(response: request.Response, word: string): boolean {
  const body = response.body as { results?: unknown } | undefined;
  // Case aside: the sitemap and the feed's links name them by slug.
  return (body?.results !== undefined ? JSON.stringify(body.results) : response.text).toLowerCase().includes(word.toLowerCase());
}

/**
 * The answer once it comes from the cache. The process reads when the next scheduled post is due just
 * after each write it hears of, and keeps nothing until it knows, so the first render may not be kept.
 */
async function keptAnswer(t: TestApp, path: string): Promise<request.Response> {
  let answer = await get(t, path);
  for (let tries = 0; tries < 5 && answer.headers['x-page-cache'] !== 'hit'; tries++) answer = await get(t, path);
  return answer;
}

describe('a post or review published with a date ahead', () => {
  it('stays off every public answer until its moment, then appears in each process without a stale cached page', async () => {
    const word = `Quokkafish${Date.now().toString(36)}`;
    const publishAt = new Date(Date.now() + LEAD_MS).toISOString();
    const article = (
      await admin
        .post('/api/articles')
        .send({
          title: `Night at the ${word} Wall`,
          content: '## After dark\n\nThe wall wakes up at dusk: cuttlefish, crabs and a resident wobbegong.',
          category: 'Dive Sites',
          imageUrl: '/media/scene-nudibranch.svg',
          published: true,
          publishedAt: publishAt,
        })
        .expect(201)
    ).body;
    const review = (
      await admin
        .post('/api/reviews')
        .send({
          title: `${word} Torch Review`,
          category: 'Other',
          imageUrl: '/media/gear-regulator.svg',
          content: '## Verdict\n\nBright, small and it survived a season of night dives.',
          purchaseLink: 'https://www.scubawarehouse.com.au/search?q=torch',
          published: true,
          publishedAt: publishAt,
        })
        .expect(201)
    ).body;
    expect(article).toMatchObject({ published: true, publishedAt: publishAt });
    expect(review).toMatchObject({ published: true, publishedAt: publishAt });

    // The administrator still sees both, as published (the dashboard labels them 'Scheduled for ...').
    const adminArticles = (await admin.get('/api/articles?admin=true').expect(200)).body as { id: number; published: boolean }[];
    expect(adminArticles.find((item) => item.id === article.id)?.published).toBe(true);
    const adminReviews = (await admin.get('/api/reviews?admin=true').expect(200)).body as { id: number }[];
    expect(adminReviews.map((item) => item.id)).toContain(review.id);

    const lists = ['/', '/blog', '/gear-reviews', '/rss.xml', '/sitemap.xml', '/api/articles', '/api/reviews/published', `/api/search?q=${word}`];
    const pages = [`/blog/${article.slug}`, `/gear-reviews/${review.slug}`, `/api/articles/slug/${article.slug}`, `/api/reviews/slug/${review.slug}`];

    // Before the moment: not on any list or in search, in either process, and each list now kept in the cache.
    for (const t of [a, b]) {
      for (const path of lists) {
        const kept = await keptAnswer(t, path);
        expect({ path, cache: kept.headers['x-page-cache'] }).toEqual({ path, cache: 'hit' });
        expect({ path, shows: shows(kept, word) }).toEqual({ path, shows: false });
      }
      for (const path of pages) await get(t, path, 404);
    }

    // After it: everything shows them, in both processes, with no write in between to drop the cache.
    const deadline = Date.parse(publishAt) + 30_000;
    for (const t of [a, b]) {
      for (const path of lists) {
        let shown = false;
        while (!shown && Date.now() < deadline) {
          shown = shows(await get(t, path), word);
          if (!shown) await sleep(250);
        }
        expect({ path, shown }).toEqual({ path, shown: true });
      }
      for (const path of pages) {
        let status = 404;
        while (status === 404 && Date.now() < deadline) {
          status = (await request(t.baseUrl).get(path)).status;
          if (status === 404) await sleep(250);
        }
        expect({ path, status }).toEqual({ path, status: 200 });
      }
    }
    const rss = (await get(b, '/rss.xml')).text;
    expect(rss).toContain(`/blog/${article.slug}</link>`);
    expect(rss).toContain(`/gear-reviews/${review.slug}</link>`);
    const sitemap = (await get(b, '/sitemap.xml')).text;
    expect(sitemap).toContain(`/blog/${article.slug}</loc>`);
    expect(sitemap).toContain(`/gear-reviews/${review.slug}</loc>`);
    const found = (await get(b, `/api/search?q=${word}`)).body as { results: { type: string; link: string }[] };
    expect(found.results.map((result) => result.link).sort()).toEqual([`/blog/${article.slug}`, `/gear-reviews/${review.slug}`]);
    // And the page itself is kept again once public.
    await get(a, `/blog/${article.slug}`);
    expect((await get(a, `/blog/${article.slug}`)).headers['x-page-cache']).toBe('hit');
  }, 120_000);

  it('a post published with a date in the past is public at once', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const article = (
      await admin
        .post('/api/articles')
        .send({
          title: 'Backdated Wreck Notes',
          content: 'Notes from last week.',
          category: 'Dive Sites',
          imageUrl: '/media/scene-nudibranch.svg',
          published: true,
          publishedAt: past,
        })
        .expect(201)
    ).body;
    await get(b, `/blog/${article.slug}`);
    await get(a, `/api/articles/slug/${article.slug}`);
  });
});
