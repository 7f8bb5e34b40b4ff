// The Lighthouse part's site page with everything issues 45 to 47 put on it (bench/README.md, section 3):
// the stored forecast and its outlook beside the tides (#46), divers' published reports with approved photos
// in a gallery (#45), and one of those photos made the site's own picture (#47). Made through the server's own
// API as a diver and an administrator would: the forecast refreshed from the Open-Meteo stand-in
// (bench/lib/forecast.mjs), reports posted as multipart with phone-sized photos, the photos approved and one
// made the site's picture in the admin's queue.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { databaseUrl, signIn } from './scale.mjs';
import { root } from './server.mjs';
import { refreshForecast } from './forecast.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

/** The site dressed up: a tidal reef (Byron Bay's tide station) whose own page has no photo in the seed. */
export const REPORTED_SITE = 'Julian Rocks Nursery';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A day `days` before today in Australia (UTC+10): within the fortnight a report may be dated. */
function daysAgo(days) {
  return new Date(Date.now() + 10 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A photo as a phone sends it: the seed's own underwater stock photo (1600 x 900) enlarged to a 12
 * megapixel 4:3 frame (4032 x 3024) and saved at JPEG quality 90, about what a phone's camera writes.
 */
async function phonePhoto(stock) {
  return sharp(readFileSync(join(root, 'public/media/stock', stock)))
    .resize(4032, 3024, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Posts one report as the site's form does without JavaScript's island (multipart, photos with their descriptions). */
async function postReport(base, siteId, fields, photos = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const photo of photos) form.append('photoAlt', photo.alt);
  for (const photo of photos) form.append('photos', new Blob([photo.bytes], { type: 'image/jpeg' }), photo.name);
  const response = await fetch(`${base}/api/dive-sites/${siteId}/reports`, { method: 'POST', headers: { origin: base }, body: form });
  if (response.status !== 201) throw new Error(`a report was refused: ${response.status} ${await response.text()}`);
  return (await response.json()).report;
}

/** The administrator's rows of this site's reports, every status, with their photos. */
async function adminReports(base, cookie, siteName) {
  const response = await fetch(`${base}/api/admin/reports?status=all&q=${encodeURIComponent(siteName)}&limit=100`, { headers: { cookie } });
  if (!response.ok) throw new Error(`the admin's reports answered ${response.status}: ${await response.text()}`);
  return (await response.json()).filter((report) => report.site.name === siteName);
}

async function admin(base, cookie, path, body) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Stores every site's forecast, then gives REPORTED_SITE three published reports (one a week old) with three
 * approved photos, the first made the site's picture. Answers the site's path, once its page shows all of it.
 */
export async function prepareReportedSite(server, log = () => {}) {
  const base = server.url;
  const { cookie } = await signIn(base);
  const db = new Client({ connectionString: databaseUrl(server.dataDir) });
  await db.connect();
  try {
    const { cells } = await refreshForecast({ base, cookie, db, timeoutMs: 180_000 });
    log(`forecast stored for ${cells} grid cells (the Open-Meteo stand-in)`);
  } finally {
    await db.end();
  }
  const site = (await (await fetch(`${base}/api/dive-sites?q=${encodeURIComponent(REPORTED_SITE)}`)).json()).find(
    (candidate) => candidate.name === REPORTED_SITE,
  );
  if (!site) throw new Error(`no site named ${REPORTED_SITE}`);

  const [reef, drift, wreck] = await Promise.all(['hero-reef.jpg', 'hero-drift.jpg', 'hero-wreck.jpg'].map(phonePhoto));
  log(
    `posting 3 reports with 3 photos of ${Math.round(reef.length / 1024)} to ${Math.round(Math.max(drift.length, wreck.length) / 1024)} KB (4032 x 3024 JPEG)`,
  );
  await postReport(
    base,
    site.id,
    {
      date: daysAgo(7),
      visibility: 10,
      waterTemperature: 21,
      current: 'moderate',
      surge: 'some',
      name: 'Sam',
      comment: 'Green water on the outside, clearer in the gutters.',
    },
    [{ name: 'gutter.jpg', alt: 'Diver over the reef in the gutter', bytes: drift }],
  );
  await postReport(
    base,
    site.id,
    {
      date: daysAgo(2),
      time: '09:30',
      visibility: 15,
      waterTemperature: 22,
      current: 'light',
      surge: 'some',
      name: 'Kim',
      comment: 'Leopard sharks resting on the sand and a turtle at the cleaning station.',
    },
    [
      { name: 'reef.jpg', alt: 'Hard corals and schooling fish on the Nursery', bytes: reef },
      { name: 'ledge.jpg', alt: 'A ledge on the reef in blue water', bytes: wreck },
    ],
  );
  await postReport(base, site.id, { date: daysAgo(1), visibility: 18, current: 'none', surge: 'none', comment: 'Flat calm, easy entry from the boat.' });

  // The photos are processed on the job queue, then wait for the administrator.
  let reports;
  for (let tries = 0; ; tries++) {
    reports = await adminReports(base, cookie, REPORTED_SITE);
    const photos = reports.flatMap((report) => report.photos);
    if (photos.length === 3 && photos.every((photo) => photo.status !== 'processing')) break;
    if (tries > 600) throw new Error(`the report photos were not processed in time: ${JSON.stringify(photos)}`);
    await sleep(250);
  }
  const waiting = reports.filter((report) => report.status !== 'published').map((report) => report.id);
  if (waiting.length) await admin(base, cookie, '/api/admin/reports/approve', { ids: waiting });
  const photos = reports.flatMap((report) => report.photos);
  const failed = photos.filter((photo) => photo.status === 'failed' || !photo.src);
  if (failed.length) throw new Error(`report photos failed: ${JSON.stringify(failed)}`);
  for (const photo of photos) await admin(base, cookie, `/api/admin/reports/photos/${photo.id}/approve`);
  const picture = photos.find((photo) => photo.alt.startsWith('Hard corals'));
  await admin(base, cookie, `/api/admin/reports/photos/${picture.id}/site-picture`);

  const path = `/dive-sites/${site.id}`;
  const page = await (await fetch(base + path)).text();
  const shows = {
    tides: page.includes('data-testid="tides-today"'),
    forecast: page.includes('data-testid="site-forecast"'),
    reports: page.includes('data-testid="site-report"'),
    gallery: page.includes('data-testid="site-gallery"'),
    picture: page.includes(encodeURIComponent(picture.src)),
  };
  if (Object.values(shows).includes(false)) throw new Error(`${path} does not show everything: ${JSON.stringify(shows)}`);
  return path;
}
