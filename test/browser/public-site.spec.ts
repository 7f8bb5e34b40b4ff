import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ context: DESKTOP });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  ({ t, page } = suite);
  // No internet, except the shop a 'Check Price' link opens, answered locally (a route added later runs first).
  await page.context().route(/^https:\/\/www\.amazon\.com\.au\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Shop</title>' }));
});

const hydrated = (name: string) => page.locator(`[data-island="${name}"][data-hydrated="true"]`).first().waitFor();

describe('blog article and comments', () => {
  const articlePath = '/blog/fish-rock-cave-south-west-rocks';

  it('reads an article and posts a comment that then shows', async () => {
    await page.goto(`${t.baseUrl}${articlePath}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Fish Rock');
    await page.getByRole('heading', { name: /Leave a comment/ }).scrollIntoViewIfNeeded();
    await hydrated('ArticleComments');
    await page.getByLabel('Name', { exact: true }).fill('Jess from Coffs');
    await page.getByLabel('Comment', { exact: true }).fill('Dived the cave last winter, wobbegongs everywhere. Go with the tide!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Comment submitted!').first().waitFor();
    await page.getByText('Your comment has been posted successfully.').first().waitFor();
    await page.getByRole('button', { name: 'Add Another Comment' }).waitFor();
    const list = page.locator('section[aria-labelledby="comments-heading"] ul');
    await expect(list.innerText()).resolves.toContain('Dived the cave last winter, wobbegongs everywhere.');
    await page.getByRole('button', { name: 'Add Another Comment' }).click();
    await page.getByRole('button', { name: 'Post Comment' }).waitFor();

    await page.reload();
    await expect(page.locator('section[aria-labelledby="comments-heading"]').innerText()).resolves.toContain('Jess from Coffs');
  });

  it('shows the comment validation messages', async () => {
    await page.goto(`${t.baseUrl}${articlePath}`);
    await page.getByRole('heading', { name: /Leave a comment/ }).scrollIntoViewIfNeeded();
    await hydrated('ArticleComments');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Comment must be at least 10 characters').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(101));
    await page.getByLabel('Comment', { exact: true }).fill('y'.repeat(1001));
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Name must be less than 100 characters').waitFor();
    await page.getByText('Comment must be less than 1000 characters').waitFor();
  });
});

describe('gear reviews', () => {
  it('filters by category and shows the empty state of an empty category', async () => {
    await t.dataSource.query(`UPDATE reviews SET published = false WHERE category = 'Regulators'`);
    try {
      await page.goto(`${t.baseUrl}/gear-reviews`);
      await page.getByRole('navigation', { name: 'Review categories' }).getByRole('link', { name: 'Cameras' }).click();
      await page.waitForURL(/category=Cameras/);
      const categories = await page.locator('main article').evaluateAll((cards) => cards.map((card) => card.querySelector('span')?.textContent ?? ''));
      expect(categories.length).toBeGreaterThan(0);
      expect(categories).toEqual(categories.map(() => 'Cameras'));
      await page.getByRole('navigation', { name: 'Review categories' }).getByRole('link', { name: 'Regulators' }).click();
      await page.getByRole('heading', { name: 'No products found' }).waitFor();
      await page.getByText('No products available in the "Regulators" category yet. Check back soon for new reviews!').waitFor();
    } finally {
      await t.dataSource.query(`UPDATE reviews SET published = true WHERE category = 'Regulators' AND "publishedAt" IS NOT NULL`);
    }
  });

  it('opens a review whose Check Price link opens the shop in a new tab as a sponsored link', async () => {
    await page.goto(`${t.baseUrl}/gear-reviews`);
    const first = page.locator('main article h3 a').first();
    const title = await first.innerText();
    await first.click();
    await page.waitForURL(/\/gear-reviews\/[\w-]+$/);
    await expect(page.title()).resolves.toBe(`${title} - Expert Gear Review`);
    const checkPrice = page.getByRole('link', { name: /^Check Price/ });
    expect(await checkPrice.count()).toBe(2);
    for (const link of await checkPrice.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('sponsored nofollow noopener');
    }
    // Through the site's counted /go/ link (issue 32), which sends the reader on to the shop.
    expect(await checkPrice.first().getAttribute('href')).toMatch(/^\/go\/review\//);
    expect(await checkPrice.first().getAttribute('title')).toMatch(/^https:\/\/www\.amazon\.com\.au\/s\?k=/);
    // The new tab goes on to the shop (outside the machine, so its request fails here; the headless shell then
    // shows its error page's own address, the full browser the shop's).
    const shop = page.context().waitForEvent('request', (request) => /^https:\/\/www\.amazon\.com\.au\/s\?k=/.test(request.url()));
    const [popup] = await Promise.all([page.waitForEvent('popup'), checkPrice.first().click()]);
    const request = await shop;
    expect(request.isNavigationRequest()).toBe(true);
    expect(request.frame().page()).toBe(popup);
    await popup.close();
  });
});

describe('broken images', () => {
  it('replaces a review image that fails to load with the SPEC notice', async () => {
    await t.dataSource.query(
      `INSERT INTO reviews (title, slug, excerpt, content, category, "imageUrl", "purchaseLink", published, "publishedAt")
       VALUES ('Broken Image Mask', 'broken-image-mask', 'x', 'Body text', 'Masks & Fins', 'https://images.example/missing.jpg', 'https://www.amazon.com.au/s?k=mask', true, now())`,
    );
    await page.goto(`${t.baseUrl}/gear-reviews/broken-image-mask`);
    await page.getByText('Review image unavailable').waitFor();
    await page.getByText('Content still accessible').waitFor();
  });
});

describe('global search', () => {
  async function searchAndFollow(term: string, label: string) {
    await page.goto(`${t.baseUrl}/about`);
    const box = page.locator('#search-desktop');
    await box.focus();
    await hydrated('SearchBox');
    await box.fill(term);
    await page.getByText(/\d+ results? found/).waitFor();
    const result = page.locator('a', { has: page.getByText(label, { exact: true }) }).first();
    const href = await result.getAttribute('href');
    await result.click();
    await page.waitForURL(`${t.baseUrl}${href}`);
    return href;
  }

  it('finds a dive site, an article and a review and follows each result', async () => {
    expect(await searchAndFollow('Julian Rocks', 'Dive Site')).toMatch(/^\/dive-sites\/\d+$/);
    expect(await searchAndFollow('Julian Rocks', 'Article')).toBe('/blog/julian-rocks-byron-bay-through-the-seasons');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Julian Rocks');
    expect(await searchAndFollow('Peregrine', 'Review')).toMatch(/^\/gear-reviews\/[\w-]+$/);
  });

  it('explains the minimum length and says when nothing matches', async () => {
    await page.goto(`${t.baseUrl}/about`);
    const box = page.locator('#search-desktop');
    await box.focus();
    await hydrated('SearchBox');
    await box.fill('z');
    await page.getByText('Type at least 2 characters to search').waitFor();
    await box.fill('zzqqxx');
    await page.getByText('No results found for "zzqqxx"').waitFor();
    await page.mouse.click(5, 600);
    expect(await page.getByText('No results found').count()).toBe(0);
  });
});

describe('home carousel', () => {
  it('starts paused, its Play button ready, for a visitor who asks for less motion', async () => {
    // The test browser's pages ask for reduced motion (test/support/browser.ts).
    await page.goto(`${t.baseUrl}/`);
    await hydrated('HeroCarousel');
    await page.getByRole('button', { name: 'Play' }).waitFor();
    expect(await page.locator('section[aria-roledescription="carousel"] video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  describe('for a visitor who has not asked for less motion', () => {
    beforeEach(() => page.emulateMedia({ reducedMotion: 'no-preference' }));

    it('plays the seeded hero video from the site itself, muted, with no internet', async () => {
      await page.goto(`${t.baseUrl}/`);
      await hydrated('HeroCarousel');
      const video = page.locator('section[aria-roledescription="carousel"] video');
      expect(await video.getAttribute('src')).toMatch(/^\/media\/video\/[a-z]+-loop\.mp4$/);
      await page.waitForFunction(() => {
        const element = document.querySelector<HTMLVideoElement>('section[aria-roledescription="carousel"] video');
        return !!element && !element.paused && element.currentTime > 0.2 && element.videoWidth === 1280;
      });
    });

    it('pauses, plays, unmutes and mutes the hero video', async () => {
      await page.goto(`${t.baseUrl}/`);
      await hydrated('HeroCarousel');
      const video = page.locator('section[aria-roledescription="carousel"] video');
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Play' }).waitFor();
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await page.getByRole('button', { name: 'Unmute' }).click();
      await page.getByRole('button', { name: 'Mute' }).waitFor();
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
      await page.getByRole('button', { name: 'Mute' }).click();
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
    });

    it('moves to another slide from its indicator', async () => {
      await page.goto(`${t.baseUrl}/`);
      await hydrated('HeroCarousel');
      const heading = page.locator('section[aria-roledescription="carousel"] h1');
      const first = await heading.innerText();
      await page.getByRole('button', { name: /^Show slide 2:/ }).click();
      await expect(heading.innerText()).resolves.not.toBe(first);
    });
  });
});
