import request from 'supertest';
import { dayIn, reportedConditions } from 'core/reports';
import { ForecastService } from 'src/forecast/forecast.service';
import { startForecastApp, type ForecastStandIn } from '../support/forecast-stand-in';
import type { TestApp } from '../support/test-app';

/** Issue 45 item 6: the newest recent report beside the forecast's outlook on a site's page. */
let t: TestApp;
let standIn: ForecastStandIn;
let siteId: number;

beforeAll(async () => {
  ({ t, standIn } = await startForecastApp({ FORECAST_API_KEY: 'test-key-12345' }));
  [{ id: siteId }] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE name = 'Julian Rocks Nursery'`);
  await t.app.get(ForecastService).refreshAll();
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

function daysAgo(days: number): string {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const forecastPart = async () => {
  const html = (await request(t.baseUrl).get(`/dive-sites/${siteId}`).expect(200)).text.replace(/<!-- -->/g, '');
  const start = html.indexOf('data-testid="site-forecast"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('Forecast and outlook', start));
};

it('shows the newest report of the last few days beside the forecast, and nothing once it is older', async () => {
  await t.dataSource.query('DELETE FROM condition_reports');
  expect(await forecastPart()).not.toContain('Reported:');

  await request(t.baseUrl)
    .post(`/api/dive-sites/${siteId}/reports`)
    .send({ date: daysAgo(5), visibility: 6 })
    .expect(201);
  expect(await forecastPart()).not.toContain('Reported:');

  await request(t.baseUrl)
    .post(`/api/dive-sites/${siteId}/reports`)
    .send({ date: daysAgo(2), visibility: 15, current: 'light' })
    .expect(201);
  const line = reportedConditions({ date: daysAgo(2), visibility: 15, current: 'light' }, daysAgo(0)) as string;
  expect(line).toMatch(/^Reported: 15 m visibility, light current, [A-Z][a-z]+day$/);
  expect(await forecastPart()).toContain(line);
});
