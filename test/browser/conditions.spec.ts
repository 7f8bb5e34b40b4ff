import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { browserSuite } from '../support/browser-suite';

/** The 'Conditions' section of a site page (issue 46): tides, sun and moon, drawn on the server. */
const suite = browserSuite();

const siteId = async (name: string) => (await suite.t.dataSource.getRepository(DiveSite).findOneByOrFail({ name })).id;

async function openSite(page: Page, name: string): Promise<void> {
  await page.goto(`${suite.t.baseUrl}/dive-sites/${await siteId(name)}`);
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}

it.each([
  ['Rapid Bay Jetty', 'Cape Jervis'],
  ['Lonsdale Wall', 'Point Lonsdale'],
  ["Pope's Eye", 'Queenscliff'],
  ['Julian Rocks', 'Brunswick Heads'],
])("%s's page shows today's tides from %s, the next days, the sun and the moon", async (name, station) => {
  const { page } = suite;
  await openSite(page, name);
  const section = page.getByRole('region', { name: 'Conditions', exact: true });
  await expect(section.isVisible()).resolves.toBe(true);
  await expect(section.getByTestId('tide-curve').isVisible()).resolves.toBe(true);
  const today = section.getByTestId('tides-today').locator('tbody tr');
  expect(await today.count()).toBeGreaterThanOrEqual(1);
  expect(await today.first().innerText()).toMatch(/^(High|Low)\s+\d\d:\d\d\s+-?\d+\.\d\d m$/);
  expect(await section.getByTestId('tides-next').locator('tbody tr').count()).toBe(6);
  expect(await section.getByTestId('tide-notice').innerText()).toBe('Predicted tide; not for navigation');
  const credit = await section.getByTestId('tide-station').innerText();
  expect(credit).toContain(station);
  expect(credit).toContain('CC BY 4.0');
  const sun = section.getByTestId('sun-moon').locator('tbody tr');
  expect(await sun.count()).toBe(7);
  expect(await sun.first().innerText()).toMatch(/\d\d:\d\d.*\d\d:\d\d.*\d\d:\d\d.*\d\d:\d\d.*(moon|quarter|crescent|gibbous)/is);
});

it('a freshwater sinkhole says it has no tide, and still gives its sun and moon', async () => {
  const { page } = suite;
  await openSite(page, 'Kilsby Sinkhole');
  const section = page.getByRole('region', { name: 'Conditions', exact: true });
  expect(await section.getByTestId('no-tide').innerText()).toContain('has no tide');
  expect(await section.getByTestId('tide-curve').count()).toBe(0);
  expect(await section.getByTestId('sun-moon').locator('tbody tr').count()).toBe(7);
});

it('shows the same conditions without JavaScript', async () => {
  const context = await suite.browser.newContext({ javaScriptEnabled: false });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  try {
    await openSite(page, 'Rapid Bay Jetty');
    const section = page.getByRole('region', { name: 'Conditions', exact: true });
    await expect(section.getByTestId('tide-curve').isVisible()).resolves.toBe(true);
    expect(await section.getByTestId('tides-today').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    await openSite(page, 'Kilsby Sinkhole');
    expect(await page.getByTestId('no-tide').innerText()).toContain('has no tide');
  } finally {
    await context.close();
  }
});

it('finds no accessibility violation on a page with tides, nor on one without', async () => {
  const { page } = suite;
  const found: Record<string, string[]> = {};
  for (const name of ['Rapid Bay Jetty', 'Kilsby Sinkhole']) {
    await openSite(page, name);
    found[name] = await axeViolations(page);
  }
  expect(found).toEqual({ 'Rapid Bay Jetty': [], 'Kilsby Sinkhole': [] });
});
