import type { Page } from 'playwright-core';
import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import { islandReady, offlineContext, signInOnDashboard } from '../support/admin-browser';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * Stored XSS: cheat-sheet payloads go in through every form a visitor or the administrator writes to
 * (comment names and bodies, rating comments, contact and newsletter fields, articles, reviews,
 * carousel slides), then every page that shows them is loaded in Chromium. No dialog opens, no payload
 * script runs, and no `on*` attribute or `javascript:` URL is in the DOM.
 *
 * Comments and rating comments are text; only the web links the server finds in them become links,
 * each with `rel="ugc nofollow"`: the test checks every link in them, and that markup stays text.
 */
const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload="window.__xss=1;alert(1)">',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<a href="javascript:window.__xss=1;alert(1)">click</a>',
  '[click](javascript:window.__xss=1)',
  '![x](javascript:window.__xss=1)',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '</textarea><script>window.__xss=1</script>',
  '</script><script>window.__xss=1</script>',
  '<input autofocus onfocus=window.__xss=1>',
  '<a href="jav&#x09;ascript:window.__xss=1">x</a>',
  '<object data="javascript:window.__xss=1"></object>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '<style>@import "javascript:window.__xss=1"</style>',
  'https://example.com/visit-me <b>bold</b>',
];

const suite = browserSuite({ env: { TRUST_PROXY: '1' } });
let t: TestApp;
let admin: Agent;
let ip = 0;
const from = () => ({ 'X-Forwarded-For': `10.77.${(++ip >> 8) & 255}.${ip & 255}` });

beforeAll(async () => {
  t = suite.t;
  admin = await signInAsAdmin(t);
});

interface Findings {
  path: string;
  dialogs: string[];
  ran: boolean;
  handlers: string[];
  scriptUrls: string[];
}

const dialogs: string[] = [];

/** Everything in the current DOM that would show a payload ran or could run. */
async function scan(page: Page, path: string): Promise<Findings> {
  const found = await page.evaluate(() => {
    const handlers: string[] = [];
    const scriptUrls: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) handlers.push(`${element.tagName}[${attribute.name}]`);
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme, so the check must too
        const value = attribute.value.replace(/[\u0000-\u001f]/g, '');
        if (/href|src|action|data|formaction/i.test(attribute.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(value)) {
          scriptUrls.push(`${element.tagName}[${attribute.name}=${attribute.value.slice(0, 40)}]`);
        }
      }
    }
    return { ran: (window as unknown as { __xss?: unknown }).__xss !== undefined, handlers, scriptUrls };
  });
  return { path, dialogs: dialogs.splice(0), ...found };
}

/** Loads a page, lets its islands hydrate (scrolled to the end, so the visible ones do too), scans it. */
async function inspect(page: Page, path: string, ready?: () => Promise<unknown>): Promise<Findings> {
  await page.goto(`${t.baseUrl}${path}`, { waitUntil: 'load' });
  if (ready) await ready();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  return scan(page, path);
}

const clean = (path: string) => ({ path, dialogs: [], ran: false, handlers: [], scriptUrls: [] });

describe('stored XSS payloads', () => {
  it('never run on the public pages or in the admin screens that show them', async () => {
    const [article] = await t.dataSource.query(`SELECT id, slug FROM articles WHERE published = true ORDER BY id LIMIT 1`);
    const [site] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);

    for (const [i, payload] of PAYLOADS.entries()) {
      // Visitors: comment name and body, rating comment, contact form, newsletter.
      await request(t.baseUrl)
        .post(`/api/articles/${article.id}/comments`)
        .set(from())
        .send({ name: payload.slice(0, 100), content: `${payload} (comment ${i})` });
      await request(t.baseUrl)
        .post(`/api/dive-sites/${site.id}/ratings`)
        .set(from())
        .send({ rating: 1 + (i % 5), comment: payload.slice(0, 500) });
      await request(t.baseUrl)
        .post('/api/contact')
        .set(from())
        .send({ name: payload.slice(0, 100), email: `x${i}@example.com`, subject: payload.slice(0, 200), message: `${payload} message ${i}` });
      await request(t.baseUrl)
        .post('/api/newsletter/subscribe')
        .set(from())
        .send({ email: `"${payload.replace(/["\\\s]/g, '')}"@example.com` });
      await request(t.baseUrl)
        .post('/api/newsletter/subscribe')
        .set(from())
        .send({ email: `xss${i}@example.com` });
    }
    const stored = await t.dataSource.query(`SELECT count(*)::int AS n FROM comments WHERE content LIKE '%(comment %'`);
    expect(stored[0].n).toBe(PAYLOADS.length);

    // The administrator: an article, a review and a carousel slide carrying every payload.
    const all = PAYLOADS.join('\n\n');
    const created = await admin.post('/api/articles').send({
      title: `XSS ${PAYLOADS[1]}`.slice(0, 200),
      slug: 'xss-article',
      excerpt: PAYLOADS[0],
      content: all,
      category: 'Tips',
      author: PAYLOADS[2],
      imageUrl: '/media/gear-mask.svg',
      published: true,
    });
    expect(created.status).toBe(201);
    const review = await admin.post('/api/reviews').send({
      title: `XSS review ${PAYLOADS[4]}`.slice(0, 200),
      slug: 'xss-review',
      excerpt: PAYLOADS[3],
      content: all,
      category: 'Masks & Fins',
      author: PAYLOADS[1],
      imageUrl: '/media/gear-mask.svg',
      purchaseLink: 'https://www.amazon.com.au/dp/xss',
      published: true,
    });
    expect({ status: review.status, body: review.status === 201 ? null : review.body }).toEqual({ status: 201, body: null });
    for (const ctaUrl of ['javascript:window.__xss=1', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      expect((await admin.post('/api/carousel-videos').send({ title: 'Bad link', videoUrl: '/media/video/yongala.mp4', ctaUrl })).status).toBe(400);
    }
    const slide = await admin.post('/api/carousel-videos').send({
      title: `Slide ${PAYLOADS[1]}`.slice(0, 200),
      description: PAYLOADS[0],
      ctaText: PAYLOADS[2].slice(0, 50),
      ctaUrl: '/dive-sites',
      videoUrl: '/media/video/yongala.mp4',
      ordering: 0,
      published: true,
    });
    expect(slide.status).toBe(201);
    for (const [field, value] of [
      ['imageUrl', 'javascript:alert(1)'],
      ['videoUrl', 'javascript:alert(1)'],
    ] as const) {
      expect((await admin.patch(`/api/dive-sites/${site.id}/${field === 'imageUrl' ? 'photo' : 'video'}`).send({ [field]: value })).status).toBe(400);
    }

    const context = await offlineContext(suite.browser);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const results: Findings[] = [];
    for (const path of [
      '/',
      '/blog',
      `/blog/${article.slug}`,
      '/blog/xss-article',
      '/gear-reviews',
      '/gear-reviews/xss-review',
      '/dive-sites',
      `/dive-sites/${site.id}`,
      '/search?q=xss',
      `/nothing-here-${encodeURIComponent(PAYLOADS[1])}`,
      `/blog?category=${encodeURIComponent(PAYLOADS[0])}`,
    ]) {
      results.push(await inspect(page, path));
    }
    // A web link in a comment or a rating comment is a link that search engines do not credit; markup stays text.
    const userLinks = async (list: string) =>
      page.locator(list).evaluateAll((lists) =>
        lists.flatMap((element) =>
          Array.from(element.querySelectorAll('a')).map((a) => ({
            href: a.getAttribute('href'),
            rel: a.getAttribute('rel'),
            target: a.getAttribute('target'),
            text: a.textContent,
          })),
        ),
      );
    const ugcLink = { href: 'https://example.com/visit-me', rel: 'ugc nofollow noopener noreferrer', target: '_blank', text: 'https://example.com/visit-me' };
    await page.goto(`${t.baseUrl}/blog/${article.slug}`);
    // As the server rendered them, then as the island shows them once hydrated (when scrolled into view).
    await expect(userLinks('section[aria-labelledby="comments-heading"] ul')).resolves.toEqual([ugcLink]);
    await page.locator('#comments-heading').scrollIntoViewIfNeeded();
    await islandReady(page, 'ArticleComments');
    await expect(userLinks('section[aria-labelledby="comments-heading"] ul')).resolves.toEqual([ugcLink]);
    await expect(page.locator('section[aria-labelledby="comments-heading"] ul').innerText()).resolves.toContain('https://example.com/visit-me <b>bold</b>');
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    const ratingsList = page.getByRole('list', { name: 'Recent reviews' });
    await expect(userLinks('[aria-label="Recent reviews"]')).resolves.toEqual([ugcLink]);
    await ratingsList.scrollIntoViewIfNeeded();
    await islandReady(page, 'SiteRatings');
    await expect(userLinks('[aria-label="Recent reviews"]')).resolves.toEqual([ugcLink]);
    await expect(ratingsList.innerText()).resolves.toContain('https://example.com/visit-me <b>bold</b>');

    // The admin screens that list what visitors and the administrator wrote.
    await signInOnDashboard(page, t);
    results.push(await inspect(page, '/admin', () => islandReady(page, 'AdminDashboard')));
    for (const tab of await page.getByRole('tab').all()) {
      const name = await tab.innerText();
      await tab.click();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      results.push(await scan(page, `/admin (${name} tab)`));
    }
    results.push(await inspect(page, '/admin/comments', () => islandReady(page, 'AdminComments')));
    results.push(await inspect(page, '/admin/dive-sites'));
    await context.close();

    expect(results).toEqual(results.map((result) => clean(result.path)));
  }, 180_000);
});
