import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

/**
 * Issue 47's design in a browser: the type system (item 1), the cards and the site page (item 2), the
 * review's verdict (item 5) and what reads right without JavaScript (item 7).
 */
const suite = browserSuite({ page: false });
let t: TestApp;
let page: Page;

beforeEach(() => {
  t = suite.t;
});

const ARTICLE = '/blog/fish-rock-cave-south-west-rocks';

async function axeViolations(on: Page): Promise<string[]> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(axe.source);
  return on.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}

describe('the type system', () => {
  it('preloads the two web fonts of the first view, draws the interface in Inter and the article in Source Serif 4 at 18 px and about 68 characters a line, without moving the page', async () => {
    page = await suite.open({ ...DESKTOP });
    // Layout shifts from the first paint on, kept by the browser for the page.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    const preloaded = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute('href') ?? '', type: link.getAttribute('type'), crossOrigin: link.getAttribute('crossorigin') })),
      );
    expect(preloaded.map(({ href }) => href.replace(/-[0-9a-f]{10}\.woff2$/, '.woff2'))).toEqual([
      '/assets/fonts/inter-latin-wght-normal.woff2',
      '/assets/fonts/source-serif-4-latin-wght-normal.woff2',
    ]);
    expect(preloaded.every(({ type, crossOrigin }) => type === 'font/woff2' && crossOrigin === 'anonymous')).toBe(true);

    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const loaded = [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/"/g, '')} ${face.style}`);
      const fetched = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.woff2'));
      const prose = document.querySelector('.prose-body') as HTMLElement;
      const paragraph = prose.querySelector('p') as HTMLElement;
      const zero = document.createElement('span');
      zero.textContent = '0';
      paragraph.append(zero);
      const chWidth = zero.getBoundingClientRect().width;
      zero.remove();
      return {
        loaded,
        fetched,
        interReady: document.fonts.check('16px "Inter Variable"'),
        serifReady: document.fonts.check('18px "Source Serif 4 Variable"'),
        body: getComputedStyle(document.body).fontFamily,
        title: getComputedStyle(document.querySelector('h1') as HTMLElement).fontFamily,
        titleWeight: Number(getComputedStyle(document.querySelector('h1') as HTMLElement).fontWeight),
        metaWeight: Number(getComputedStyle(document.querySelector('p.meta') as HTMLElement).fontWeight),
        proseFamily: getComputedStyle(paragraph).fontFamily,
        proseSize: parseFloat(getComputedStyle(paragraph).fontSize),
        charactersPerLine: paragraph.getBoundingClientRect().width / chWidth,
        shifts: (window as unknown as { shifts: number[] }).shifts,
      };
    });
    expect(fonts.interReady && fonts.serifReady).toBe(true);
    expect(fonts.loaded).toEqual(expect.arrayContaining(['Inter Variable normal', 'Source Serif 4 Variable normal']));
    // Each preloaded file is fetched once: the preload is the request the page's @font-face uses.
    for (const { href } of preloaded) expect(fonts.fetched.filter((path) => path === href)).toHaveLength(1);
    expect(fonts.body).toMatch(/^"Inter Variable"/);
    expect(fonts.title).toMatch(/^"Source Serif 4 Variable"/);
    expect(fonts.proseFamily).toMatch(/^"Source Serif 4 Variable"/);
    expect(fonts.proseSize).toBe(18);
    expect(fonts.charactersPerLine).toBeGreaterThan(55);
    expect(fonts.charactersPerLine).toBeLessThanOrEqual(68.5);
    expect(fonts.metaWeight).toBeLessThan(fonts.titleWeight);
    expect(fonts.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);

    expect(await axeViolations(page)).toEqual([]);

    // The font files are the site's own, long-cached.
    const font = await page.request.get(`${t.baseUrl}${preloaded[0].href}`);
    expect(font.status()).toBe(200);
    expect(font.headers()['content-type']).toBe('font/woff2');
    expect(font.headers()['cache-control']).toContain('immutable');
  });
});

describe('the dive-site cards', () => {
  it('lead with a picture, the name, the region and three facts; cut text at a word; show stars only when rated; share their row height', async () => {
    const [rated] = await t.dataSource.query<{ id: number; name: string }[]>(`SELECT id, name FROM dive_sites ORDER BY name LIMIT 1`);
    await t.dataSource.query(`DELETE FROM dive_site_ratings`);
    await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating) VALUES ($1, 4), ($1, 5)`, [rated.id]);
    const descriptions = new Map(
      (await t.dataSource.query<{ name: string; description: string }[]>(`SELECT name, description FROM dive_sites`)).map((row) => [row.name, row.description]),
    );
    page = await suite.open({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${t.baseUrl}/dive-sites`);
    const grid = page.getByRole('region', { name: 'Dive sites', exact: true });
    await grid.locator('article').first().waitFor();
    await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
    const cards = await grid.locator('article').evaluateAll((articles) =>
      articles.map((card) => {
        const box = card.getBoundingClientRect();
        return {
          name: (card.querySelector('h2') as HTMLElement).innerText,
          text: (card.textContent ?? '').replace(/\s+/g, ' '),
          description: (card.querySelector('[data-testid="site-description"]') as HTMLElement).innerText,
          pictures: card.querySelectorAll('img, [data-testid="site-art"]').length,
          stars: card.querySelector('[data-testid="site-rating"]')?.textContent ?? null,
          top: Math.round(box.top),
          height: Math.round(box.height),
        };
      }),
    );
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const card of cards) {
      expect(card.pictures).toBe(1);
      expect(card.text).not.toContain('No ratings yet');
      expect(card.text).toMatch(/Level: (Beginner|Intermediate|Advanced)/);
      expect(card.text).toMatch(/Depth: \S/);
      expect(card.text).toMatch(/Access: (Shore|Boat|Shore or boat)/);
      const full = descriptions.get(card.name) as string;
      if (card.description.endsWith('...')) {
        const kept = card.description.slice(0, -3);
        expect(full.startsWith(kept)).toBe(true);
        // What was cut starts at a word's end: a space or punctuation, never the rest of a word.
        expect(full.slice(kept.length)).toMatch(/^[\s,.;:!?)–-]/);
      } else {
        expect(card.description).toBe(full);
      }
      expect(card.stars !== null).toBe(card.name === rated.name);
    }
    expect(cards.find((card) => card.name === rated.name)?.stars).toContain('Rated 4.5 out of 5 from 2 ratings');
    // The cards of each row are as tall as each other.
    const rows = new Map<number, Set<number>>();
    for (const card of cards) rows.set(card.top, (rows.get(card.top) ?? new Set()).add(card.height));
    expect(rows.size).toBeGreaterThan(1);
    for (const heights of rows.values()) expect(heights.size).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("a dive site's page", () => {
  it.each([false, true])(
    'names the site once, opens with the glance strip and, on a 360 px phone, the emergency line in the first screen (JavaScript %s)',
    async (javaScriptEnabled) => {
      const [site] = await t.dataSource.query<{ id: number; name: string; depthRange: string; waterTemp: string }[]>(
        `SELECT id, name, "depthRange", "waterTemp" FROM dive_sites WHERE name = 'Julian Rocks'`,
      );
      page = await suite.open({ viewport: { width: 360, height: 640 }, javaScriptEnabled });
      await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
      // Once above the explorer (whose card of the site, further down, is its own).
      const titles = await page.evaluate(
        (name) =>
          [...document.querySelectorAll('h1, h2, h3, h4')].filter(
            (heading) => heading.textContent?.trim() === name && !heading.closest('[data-island="DiveSiteExplorer"]'),
          ).length,
        site.name,
      );
      expect(titles).toBe(1);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(site.name);
      const strip = page.getByTestId('key-facts');
      const facts = await strip.locator('dt').allInnerTexts();
      expect(facts).toEqual(['Level', 'Depth', 'Entry', 'Best months', 'Water', 'Visibility']);
      const text = await strip.innerText();
      expect(text).toContain(site.depthRange);
      expect(text).toContain(site.waterTemp);
      const line = page.getByTestId('emergency-line');
      await expect(line.getByRole('link', { name: '000' }).getAttribute('href')).resolves.toBe('tel:000');
      await expect(line.getByRole('link', { name: '1800 088 200' }).getAttribute('href')).resolves.toBe('tel:1800088200');
      const chamber = (await page.getByTestId('nearest-chamber').innerText()).split(',')[0];
      await expect(line.innerText()).resolves.toContain(`Nearest chamber: ${chamber}`);
      const bottom = async (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
      expect(await bottom(strip)).toBeLessThanOrEqual(640);
      expect(await bottom(line)).toBeLessThanOrEqual(640);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    },
  );

  it.each([
    ['a phone', { viewport: { width: 390, height: 844 } }],
    ['a desktop', DESKTOP],
  ])("lands an in-page link's target below the sticky header, not under it, on %s", async (_, options) => {
    const [site] = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM dive_sites WHERE name = 'Julian Rocks'`);
    page = await suite.open(options);
    /** The target's top and the header's bottom, in the viewport, once the scroll has settled. */
    const placed = async (id: string) => {
      await page.waitForFunction(() => window.scrollY > 0);
      await page.waitForTimeout(100);
      return page.evaluate(
        (target) => ({
          header: document.querySelector('header')!.getBoundingClientRect().bottom,
          top: document.getElementById(target)!.getBoundingClientRect().top,
          height: window.innerHeight,
        }),
        id,
      );
    };
    // An address with its anchor, as a shared link opens it.
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}#site-ratings`);
    const shared = await placed('site-ratings');
    expect(shared.top).toBeGreaterThanOrEqual(shared.header);
    expect(shared.top).toBeLessThan(shared.height);
    // A link of the page's own (the safety brief, from the glance strip or the emergency line).
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await page.locator('a[href="#site-safety"]:visible').first().click();
    const clicked = await placed('site-safety');
    expect(clicked.top).toBeGreaterThanOrEqual(clicked.header);
    expect(clicked.top).toBeLessThan(clicked.height);
  });

  it('keeps the emergency line to phones: a desktop has the safety brief beside the facts', async () => {
    const [site] = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM dive_sites WHERE name = 'Julian Rocks'`);
    page = await suite.open({ ...DESKTOP });
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    await expect(page.getByTestId('emergency-line').isVisible()).resolves.toBe(false);
    const top = (testId: string) => page.getByTestId(testId).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(await top('safety-brief')).toBeLessThan(900);
    expect(await top('key-facts')).toBeLessThan(900);
  });
});

describe('a gear review', () => {
  it('opens with the verdict (score, who it suits, three pros and three cons from the review), a specification table, and buttons that name the shop they search', async () => {
    const [review] = await t.dataSource.query<{ slug: string; rating: string; content: string }[]>(
      `SELECT slug, rating::text AS rating, content FROM reviews WHERE slug = 'apeks-xtx50-regulator-review-cold-water-confidence'`,
    );
    const listUnder = (heading: string) =>
      (new RegExp(`## ${heading}\\n\\n((?:- .+\\n?)+)`).exec(review.content)?.[1] ?? '')
        .trim()
        .split('\n')
        .map((line) => line.replace(/^- /, ''));
    page = await suite.open({ viewport: { width: 390, height: 844 } });
    await page.goto(`${t.baseUrl}/gear-reviews/${review.slug}`);
    const verdict = page.getByRole('region', { name: 'The verdict' });
    await expect(verdict.getByTestId('verdict-score').innerText()).resolves.toBe(`${Number(review.rating)} out of 5`);
    await expect(verdict.innerText()).resolves.toMatch(/Who it suits: .*suits/);
    const items = async (name: string) =>
      (await verdict.getByRole('list', { name }).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/^[+−]\s*/, ''));
    await expect(items('Pros')).resolves.toEqual(listUnder('Pros').slice(0, 3));
    await expect(items('Cons')).resolves.toEqual(listUnder('Cons').slice(0, 3));
    // The verdict comes before the body.
    const top = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element.getBoundingClientRect().top);
    expect(await top(verdict)).toBeLessThan(await top(page.locator('.prose-body')));
    const spec = page.getByTestId('specification');
    await expect(spec.locator('th').allInnerTexts()).resolves.toEqual(['Category', 'Price at review', 'Our score', 'Key features']);
    await expect(spec.innerText()).resolves.toContain(listUnder('Key features')[0]);
    // The stored link is Amazon Australia's search: each button says so, and keeps SPEC's 'Check Price'.
    const buttons = page.getByRole('link', { name: /^Check Price/ });
    await expect(buttons.count()).resolves.toBe(2);
    for (const text of await buttons.allInnerTexts()) expect(text.replace(/\s+/g, ' ')).toMatch(/^Check Price Search at Amazon Australia for /);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('comes back from the newsletter form to the form itself: the redirect carries its anchor and the outcome is in view', async () => {
    await t.dataSource.query(`DELETE FROM rate_limits`);
    page = await suite.open({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    await page
      .locator('#newsletter')
      .getByLabel('Email address')
      .fill(`design.${Date.now().toString(36)}@example.com`);
    await Promise.all([page.waitForNavigation(), page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click()]);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.hash}`).toBe(`${ARTICLE}#newsletter`);
    const outcome = page.locator('#newsletter').getByText('Successfully subscribed!');
    await outcome.waitFor();
    // In the window the browser scrolled to, not at the foot of a page shown from its top.
    const box = await outcome.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
  });

  it('shows the home hero as its poster with working links, and no video controls or buttons that cannot work', async () => {
    page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/`);
    const hero = page.getByRole('region', { name: 'Featured dive videos' });
    await expect(hero.locator('video').count()).resolves.toBe(0);
    await expect(hero.getByRole('button').count()).resolves.toBe(0);
    const poster = hero.locator('img').first();
    await expect(poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
    const links = hero.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))) {
      const answer = await page.request.get(`${t.baseUrl}${href}`);
      expect([href, answer.status()]).toEqual([href, 200]);
    }
  });

  it('lights the chosen number of rating stars: choosing 5 lights all five, choosing 2 the first two', async () => {
    const [site] = await t.dataSource.query<{ id: number }[]>(`SELECT id FROM dive_sites WHERE name = 'Julian Rocks'`);
    page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    const colours = async () => panel.locator('.star-choice label').evaluateAll((labels) => labels.map((label) => getComputedStyle(label).color));
    const unlit = (await colours())[0];
    await panel.getByRole('radio', { name: '5 stars' }).check();
    const five = await colours();
    expect(new Set(five).size).toBe(1);
    expect(five[0]).not.toBe(unlit);
    await panel.getByRole('radio', { name: '2 stars' }).check();
    const two = await colours();
    expect(two.slice(0, 2)).toEqual([five[0], five[0]]);
    expect(two.slice(2)).toEqual([unlit, unlit, unlit]);
  });
});
