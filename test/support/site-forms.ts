import { dayIn } from 'core/reports';
import { DESKTOP, type BrowserSuite } from './browser-suite';
import type { TestApp } from './test-app';

/** The forms on a dive site's page: each one's anchor, island and test id. */
const SITE_FORMS = {
  report: { anchor: 'site-reports', island: 'SiteReportForm', testId: 'site-report-form' },
  correction: { anchor: 'suggest-correction', island: 'SuggestCorrection', testId: 'suggest-correction' },
};

/**
 * A dive site's page opened at one of its forms in a fresh desktop window, once the form's island has
 * hydrated (`attached`: present though maybe not shown yet, for a test that goes offline at once).
 */
export async function openSiteForm(suite: BrowserSuite, siteId: number, which: keyof typeof SITE_FORMS, state: 'visible' | 'attached' = 'visible') {
  const { anchor, island, testId } = SITE_FORMS[which];
  const page = await suite.open(DESKTOP);
  await page.goto(`${suite.t.baseUrl}/dive-sites/${siteId}#${anchor}`);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ state });
  return { page, form: page.getByTestId(testId) };
}

/** The day `days` before today as the site's zone counts it. */
export function daysAgo(t: TestApp, days: number): string {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
