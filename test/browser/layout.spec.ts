import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite();
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

describe('shared layout', () => {
  it('shows the seven navigation items in order with the current one highlighted', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${t.baseUrl}/learn-to-dive`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').allInnerTexts()).resolves.toEqual(['Home', 'News', 'Gear Reviews', 'Dive Sites', 'Learn to Dive', 'About', 'Contact']);
    await expect(nav.getByRole('link', { name: 'Learn to Dive' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBeNull();
  });

  it('has the footer links SPEC lists, including the plain sitemap link', async () => {
    await page.goto(`${t.baseUrl}/about`);
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/gear-reviews',
        '/dive-sites',
        '/learn-to-dive',
        '/blog',
        '/about',
        '/contact',
        '/affiliate-disclosure',
        '/privacy-policy',
        '/terms-of-service',
        '/sitemap.xml',
      ]),
    );
    await expect(footer.innerText()).resolves.toContain('Affiliate links help support content creation');
  });

  it('toggles the menu and the search separately on a small screen, each closing the other', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/about`);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    const searchBox = page.locator('#search-mobile');
    expect(await mobileNav.isVisible()).toBe(false);
    expect(await searchBox.isVisible()).toBe(false);

    await page.getByText('Menu', { exact: true }).or(page.locator('summary[aria-label="Menu"]')).first().click();
    expect(await mobileNav.isVisible()).toBe(true);
    expect(await searchBox.isVisible()).toBe(false);

    await page.locator('summary[aria-label="Search"]').click();
    expect(await searchBox.isVisible()).toBe(true);
    expect(await mobileNav.isVisible()).toBe(false);

    await page.locator('summary[aria-label="Search"]').click();
    expect(await searchBox.isVisible()).toBe(false);
    expect(await mobileNav.isVisible()).toBe(false);

    await page.locator('summary[aria-label="Menu"]').click();
    await mobileNav.getByRole('link', { name: 'Learn to Dive' }).click();
    await page.waitForURL(`${t.baseUrl}/learn-to-dive`);
    expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
  });

  it('shows the 404 page for an unknown path', async () => {
    const response = await page.goto(`${t.baseUrl}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('404 Page Not Found');
    // Issue 47: it speaks to readers (not of a router) and offers a search and the ways on.
    await expect(page.locator('main').innerText()).resolves.not.toMatch(/router/);
    await page.getByText('If you followed a link here, the page may have moved or been removed.', { exact: false }).waitFor();
    const search = page.getByRole('search', { name: 'Search the site' });
    await search.getByRole('searchbox').fill('wreck');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=wreck/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search');
  });

  it('renders a static page with its content and hydrates the search without errors', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${t.baseUrl}/learn-to-dive`);
    await expect(page.title()).resolves.toContain('Learn');
    for (const step of ['Basic Theory', 'Pool Training', 'Open Water', 'Certified Diver']) {
      expect(await page.getByRole('heading', { name: step }).isVisible()).toBe(true);
    }
    const search = page.locator('#search-desktop');
    await search.focus();
    await page.locator('[data-island="SearchBox"][data-hydrated="true"]').first().waitFor();
    await search.fill('a');
    await page.getByText('Type at least 2 characters to search').waitFor();
    expect(errors).toEqual([]);
  });

  it('loads the main page types with no Content-Security-Policy violation', async () => {
    const violations: string[] = [];
    page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    for (const path of ['/', '/blog', '/blog/diving-the-ss-yongala-queenslands-greatest-wreck', '/gear-reviews', '/learn-to-dive']) {
      await page.goto(`${t.baseUrl}${path}`, { waitUntil: 'networkidle' });
    }
    expect(violations).toEqual([]);
  });
});
