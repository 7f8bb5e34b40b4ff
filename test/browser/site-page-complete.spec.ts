import axe from 'axe-core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import request from 'supertest';
import { dayIn } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ForecastService } from 'src/forecast/forecast.service';
import { ReportPhotosService } from 'src/reports/report-photos.service';
import { browserSuite } from '../support/browser-suite';
import { forecastStandInForSuite } from '../support/forecast-stand-in';
import { hydrateIslands } from '../support/page-tour';
import { noiseJpeg } from '../support/report-images';

/**
 * Issues 45 to 47 on one page, as Lighthouse's bench measures it (bench/lib/lighthouse-site.mjs): a site's
 * page with its stored forecast and outlook beside the tides, divers' reports with approved photos in a
 * gallery, and one of them the site's own picture, on a phone. axe finds nothing on it, every image keeps its
 * box before it arrives, and only the first screen's image is fetched first. And the explorer's 'Near me'
 * appears without moving the list (Lighthouse's layout shift on a phone's /dive-sites).
 */
const env: Record<string, string> = {};
const forecast = forecastStandInForSuite(env);
const suite = browserSuite({ page: false, env, overrides: [forecast.override] });
jest.setTimeout(120_000);

/** Lighthouse's phone (a Moto G Power): 412 x 823 at 1.75 device pixels a CSS pixel, touch. */
const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

let site: DiveSite;
let picture: string;

function daysAgo(days: number): string {
  const today = dayIn(new Date(), suite.t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  const { t } = suite;
  expect(await t.app.get(ForecastService).refreshAll()).toMatchObject({ failed: 0 });
  site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Julian Rocks Nursery' });
  await t.dataSource.query('DELETE FROM rate_limits');
  const post = request(t.baseUrl)
    .post(`/api/dive-sites/${site.id}/reports`)
    .field('date', daysAgo(2))
    .field('visibility', '15')
    .field('waterTemperature', '22')
    .field('current', 'light')
    .field('surge', 'some')
    .field('comment', 'Leopard sharks on the sand.')
    .field('name', 'Kim')
    .field('photoAlt', 'Leopard shark resting on the sand')
    .field('photoAlt', 'Turtle at the cleaning station')
    .attach('photos', await noiseJpeg(1200, 900), 'shark.jpg')
    .attach('photos', await noiseJpeg(900, 1200), 'turtle.jpg');
  await post.expect(201);
  await request(t.baseUrl)
    .post(`/api/dive-sites/${site.id}/reports`)
    .send({ date: daysAgo(9), visibility: 8, current: 'moderate' })
    .expect(201);
  for (let i = 0; i < 300; i++) {
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM report_photos WHERE status = 'processing'`);
    if (n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const photos: { id: number }[] = await t.dataSource.query('SELECT id FROM report_photos ORDER BY id');
  expect(photos).toHaveLength(2);
  // The administrator's actions (their API and screen: report-photos.spec.ts), before any page is cached.
  const service = t.app.get(ReportPhotosService);
  for (const photo of photos) await service.setStatus(photo.id, 'approved');
  ({ imageUrl: picture } = await service.makeSitePicture(photos[0].id));
}, 120_000);

async function axeViolations(on: Page): Promise<string[]> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(axe.source);
  return on.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`));
  });
}

it('shows the conditions, the reports, the gallery and its own photo on a phone, and axe finds nothing before or after its islands run', async () => {
  const page = await suite.open(PHONE);
  await page.goto(`${suite.t.baseUrl}/dive-sites/${site.id}`);
  for (const part of ['tides-today', 'tide-curve', 'site-forecast', 'site-reported-conditions', 'site-report', 'site-gallery'])
    await page.getByTestId(part).first().waitFor({ state: 'attached' });
  await expect(page.getByTestId('site-gallery').locator('img').count()).resolves.toBe(2);
  await expect(page.locator(`main img[alt="${site.name}"]`).getAttribute('src')).resolves.toContain(encodeURIComponent(picture));
  expect(await axeViolations(page)).toEqual([]);
  await hydrateIslands(page);
  expect(await axeViolations(page)).toEqual([]);
});

it("keeps every image's box before it arrives, lets the photos below the first screen wait, and offers each photo in sizes to choose from", async () => {
  const page = await suite.open({ ...PHONE, javaScriptEnabled: false });
  await page.goto(`${suite.t.baseUrl}/dive-sites/${site.id}`);
  const images = await page.locator('main img').evaluateAll((found) =>
    found.map((image) => ({
      src: image.getAttribute('src') ?? '',
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      priority: image.getAttribute('fetchpriority'),
      srcset: image.getAttribute('srcset'),
      sizes: image.getAttribute('sizes'),
      below: image.getBoundingClientRect().top > window.innerHeight,
    })),
  );
  // The site's picture, the gallery's two photos, the report's own two, and the site's card in the explorer below.
  expect(images.filter((image) => image.src.startsWith('/img?')).length).toBe(6);
  for (const image of images) {
    expect({ src: image.src, width: Number(image.width) > 0, height: Number(image.height) > 0 }).toEqual({ src: image.src, width: true, height: true });
    if (image.below) expect({ src: image.src, loading: image.loading, priority: image.priority }).toEqual({ src: image.src, loading: 'lazy', priority: null });
    if (image.src.startsWith('/img?'))
      expect({ src: image.src, srcset: !!image.srcset, sizes: !!image.sizes }).toEqual({ src: image.src, srcset: true, sizes: true });
  }
});

it("brings the explorer's 'Near me' on a phone without moving the list below it", async () => {
  const page = await suite.open(PHONE);
  await page.goto(`${suite.t.baseUrl}/dive-sites`);
  await page.locator('[data-island="DiveSiteExplorer"][data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Near me' }).waitFor();
  // Every layout shift since the page began (the browser keeps them for a new observer, delivered at its next
  // turn; with none, none come).
  const shifts = await page.evaluate(
    () =>
      new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            (list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[])
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => ({ value: entry.value, nodes: entry.sources.map((source) => (source.node instanceof Element ? source.node.className : '')) })),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve([]), 1000);
      }),
  );
  const moved = shifts.filter((shift) => shift.nodes.some((name) => name.includes('site-card')));
  expect(moved).toEqual([]);
});
