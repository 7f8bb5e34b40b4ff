import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellKey } from 'core/outlook/forecast';
import { OFFLINE_TIDE_DAYS } from 'core/offline';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ForecastService } from 'src/forecast/forecast.service';
import { ServiceWorkerService } from 'src/offline/service-worker.service';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import { forecastStandInForSuite } from '../support/forecast-stand-in';

/**
 * Issue 46, item 6: a site's page saved for offline keeps 14 days of tides computed when it was saved, and
 * says how old its forecast is when it is opened later without signal.
 */
jest.setTimeout(90_000);

const built = readFileSync(join(__dirname, '../../dist/public/sw.js'), 'utf8');
const env: Record<string, string> = { SERVICE_WORKER: 'true' };
const forecast = forecastStandInForSuite(env);
const suite = browserSuite({ env, overrides: [{ provide: ServiceWorkerService, useValue: { script: () => built } }, forecast.override], page: false });

it('a saved site page opens offline with 14 days of tides, and its forecast counted from its fetch to the reader’s clock', async () => {
  const { t } = suite;
  expect(await t.app.get(ForecastService).refreshAll()).toMatchObject({ failed: 0 });
  const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Rapid Bay Jetty' });
  // The forecast was fetched 5 hours ago.
  await t.dataSource.query(`UPDATE forecast_cells SET fetched_at = now() - interval '5 hours' WHERE cell = $1`, [
    cellKey(Number(site.latitude), Number(site.longitude)),
  ]);

  const page = await suite.open({ ...DESKTOP, serviceWorkers: 'allow' });
  const context = page.context();
  context.setDefaultTimeout(15_000);
  await page.clock.install();
  const path = `/dive-sites/${site.id}`;
  await page.goto(`${t.baseUrl}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Online, the page shows a week.
  const conditions = page.getByRole('region', { name: 'Conditions', exact: true });
  expect(await conditions.getByTestId('tides-next').locator('tbody tr').count()).toBe(6);
  await page.locator('[data-island="SaveForOffline"][data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Save for offline', exact: true }).click();
  await page.getByRole('button', { name: 'Saved for offline' }).waitFor();

  // Two hours later, on the boat.
  await page.clock.fastForward('02:00:00');
  await context.setOffline(true);
  await page.goto(`${t.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: 'Rapid Bay Jetty', exact: true }).waitFor();
  expect(await conditions.getByTestId('tides-next').locator('tbody tr').count()).toBe(OFFLINE_TIDE_DAYS - 1);
  expect(await conditions.getByTestId('tides-today').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
  await page.locator('[data-island="ForecastAge"][data-hydrated="true"]').waitFor();
  await page.getByTestId('forecast-age').filter({ hasText: 'Forecast fetched 7 hours ago' }).waitFor();
});
