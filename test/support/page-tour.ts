import type { Page } from 'playwright-core';
import type { TestApp } from './test-app';
import { openSection } from './admin-browser';

/** A page a visitor can open, named for the reports of the tests that walk them. */
export interface TourStop {
  name: string;
  path: string;
}

/**
 * One address of every public page type: listings, a published article and review, a dive site, the
 * top-rated listing, the static pages, the newsletter pages (an unsubscribe that worked and one that did
 * not, a sign-up's confirmation that worked and one that did not) and the not-found pages.
 */
export async function publicPages(t: TestApp): Promise<TourStop[]> {
  const [article] = await t.dataSource.query(`SELECT slug FROM articles WHERE published ORDER BY id LIMIT 1`);
  const [review] = await t.dataSource.query(`SELECT slug FROM reviews WHERE published ORDER BY id LIMIT 1`);
  const [site] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
  // A closed site's page shows its status note and source (issue 30).
  const [closed] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE status = 'closed' ORDER BY id LIMIT 1`);
  const [{ unsubscribeToken }] = await t.dataSource.query(
    `INSERT INTO newsletters (email, subscribed, "unsubscribeToken") VALUES ('tour.' || md5(random()::text) || '@example.com', true, md5(random()::text))
     RETURNING "unsubscribeToken"`,
  );
  // A sign-up waiting for its owner's click (double opt-in): the tour's visit confirms it.
  const [{ confirmToken }] = await t.dataSource.query(
    `INSERT INTO newsletters (email, subscribed, "unsubscribeToken", "confirmToken", "confirmRequestedAt")
     VALUES ('tour.' || md5(random()::text) || '@example.com', false, md5(random()::text), md5(random()::text), now())
     RETURNING "confirmToken"`,
  );
  return [
    { name: 'home', path: '/' },
    { name: 'blog', path: '/blog' },
    { name: 'article', path: `/blog/${article.slug}` },
    { name: 'article not found', path: '/blog/no-such-article' },
    { name: 'gear reviews', path: '/gear-reviews' },
    { name: 'review', path: `/gear-reviews/${review.slug}` },
    { name: 'review not found', path: '/gear-reviews/no-such-review' },
    { name: 'dive sites', path: '/dive-sites' },
    { name: 'dive sites, top rated', path: '/dive-sites?sort=top-rated' },
    { name: 'dive site', path: `/dive-sites/${site.id}` },
    ...(closed ? [{ name: 'dive site, closed', path: `/dive-sites/${closed.id}` }] : []),
    { name: 'learn to dive', path: '/learn-to-dive' },
    { name: 'about', path: '/about' },
    { name: 'contact', path: '/contact' },
    { name: 'affiliate disclosure', path: '/affiliate-disclosure' },
    { name: 'privacy policy', path: '/privacy-policy' },
    { name: 'terms of service', path: '/terms-of-service' },
    { name: 'newsletter', path: '/newsletter' },
    { name: 'unsubscribed', path: `/newsletter/unsubscribe?token=${unsubscribeToken}` },
    { name: 'unsubscribe link not valid', path: '/newsletter/unsubscribe?token=not-a-token' },
    { name: 'subscription confirmed', path: `/newsletter/confirm?token=${confirmToken}` },
    { name: 'confirmation link not valid', path: '/newsletter/confirm?token=not-a-token' },
    { name: 'search results', path: '/search?q=reef' },
    { name: 'search, too short', path: '/search?q=a' },
    { name: 'search, no results', path: '/search?q=no-such-thing-anywhere' },
    { name: 'offline notice', path: '/offline' },
    { name: '404', path: '/no-such-page' },
  ];
}

/**
 * Brings every island of the page to life the way a visitor would: scrolled to (the islands that
 * hydrate when visible), pointed at (those that hydrate on interaction), then waits until each one has.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  const visible = page.locator('[data-island][data-hydrate="visible"]');
  for (let i = 0; i < (await visible.count()); i++) {
    await visible.nth(i).locator(':scope > [data-island-root] > *').first().scrollIntoViewIfNeeded();
    await page.locator('[data-island][data-hydrate="visible"]').nth(i).and(page.locator('[data-hydrated="true"]')).waitFor();
  }
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document
      .querySelectorAll('[data-island][data-hydrate="interaction"]')
      .forEach((island) => island.dispatchEvent(new PointerEvent('pointerenter', { bubbles: false })));
  });
  const waiting = () =>
    page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated="true"])')].map((island) => island.dataset.island));
  await page
    .waitForFunction(() => !document.querySelector('[data-island]:not([data-hydrated="true"])'), null, { timeout: 15_000 })
    .catch(async () => {
      throw new Error(`${page.url()}: islands not hydrated: ${(await waiting()).join(', ')}`);
    });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** The dashboard's tabs, in their order, each opened and left once its panel has loaded. */
export async function eachDashboardTab(page: Page, visit: (tab: string) => Promise<void>): Promise<void> {
  const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts();
  for (const tab of tabs) {
    await openSection(page, tab);
    const panel = page.getByRole('tabpanel', { name: tab });
    await panel.waitFor();
    // Each tab loads its rows when first opened ('Loading posts...').
    // A tab may load two lists at once (the Newsletter tab: issues and subscribers): wait for every one.
    const loading = panel.getByText(/^Loading .*\.\.\.$/);
    while ((await loading.count()) > 0) await loading.first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await visit(tab);
  }
}

/** Rows for the admin's lists and tables (subscribers, comments, ratings, suggested corrections), so they show as in use. */
export async function seedAdminRows(t: TestApp): Promise<void> {
  const [article] = await t.dataSource.query(`SELECT id FROM articles WHERE published ORDER BY id LIMIT 1`);
  const [site] = await t.dataSource.query(`SELECT id FROM dive_sites ORDER BY id LIMIT 1`);
  await t.dataSource.query(
    `INSERT INTO newsletters (email, subscribed, "unsubscribeToken")
     SELECT 'a.rather.long.subscriber.address.' || md5(random()::text) || '@example.com', n % 3 > 0, md5(random()::text) FROM generate_series(1, 3) n`,
  );
  // One waiting for its owner's click: 'Waiting for confirmation'.
  await t.dataSource.query(
    `INSERT INTO newsletters (email, subscribed, "unsubscribeToken", "confirmToken", "confirmRequestedAt")
     VALUES ('a.rather.long.waiting.address.' || md5(random()::text) || '@example.com', false, md5(random()::text), md5(random()::text), now())`,
  );
  await t.dataSource.query(
    `INSERT INTO comments ("articleId", name, email, content) VALUES ($1, 'Marnie from Byron', 'marnie@example.com', 'Julian Rocks in winter was magic, grey nurse sharks everywhere.')`,
    [article.id],
  );
  await t.dataSource.query(
    `INSERT INTO dive_site_ratings ("diveSiteId", rating, comment, "ipAddress") VALUES ($1, 4, 'Great visibility on the morning dive.', '198.51.100.7')`,
    [site.id],
  );
  await t.dataSource.query(
    `INSERT INTO site_corrections ("diveSiteId", field, suggestion, "sourceUrl", email) VALUES ($1, 'depthRange', '5-22m', 'https://www.example.org/dive-guide', 'diver@example.com')`,
    [site.id],
  );
}
