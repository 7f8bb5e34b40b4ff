import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
import type { LinkHealthReport } from 'core/api/link-health';
import { LINK_CHECK_OPTIONS, type LinkCheckOptions } from 'src/link-health/link-checker';
import { LinkHealthService, RUN_LOCK } from 'src/link-health/link-health.service';
import { signInAsAdmin, type Agent } from '../support/admin';
import { createTestDatabase, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 32: the purchase-link health check, against a local 'retailer' (two shop names that resolve to it,
 * as two shops on the internet would): links answering 404 or 410 and links redirected to the shop's front
 * page are flagged, a shop that serves GET only is asked again with GET, requests to one shop are a second
 * apart, and the report follows edits (a changed link shows as not checked yet).
 */
const SHOPS = ['shop-a.test', 'shop-b.test'];

interface Arrival {
  host: string;
  method: string;
  path: string;
  at: number;
}

let retailer: http.Server;
let port: number;
const arrivals: Arrival[] = [];
let t: TestApp;
let admin: Agent;
let reviews: { slug: string; title: string }[];
let product: { id: number };

function startRetailer(): Promise<void> {
  retailer = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    const path = req.url ?? '/';
    arrivals.push({ host, method: req.method ?? '', path, at: Date.now() });
    const redirect = (location: string) => res.writeHead(301, { Location: location }).end();
    if (path === '/products/fins') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Fins</h1>');
    if (path === '/products/retired-mask') return res.writeHead(404).end('Not found');
    if (path === '/products/withdrawn') return res.writeHead(410).end('Gone');
    if (path === '/products/discontinued-torch') return redirect('/');
    if (path === '/products/renamed') return redirect('/products/fins');
    if (path === '/products/get-only') return req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(200).end('ok');
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Shop</h1>');
    return res.writeHead(500).end();
  });
  return new Promise((resolve) => retailer.listen(0, '127.0.0.1', () => resolve()));
}

const shopUrl = (shop: string, path: string) => `http://${shop}:${port}${path}`;

async function checkAndWait(): Promise<LinkHealthReport> {
  const started = await admin.post('/api/admin/link-health/check').expect(202);
  expect(started.body.running).toBe(true);
  await t.app.get(LinkHealthService).whenIdle();
  const report = await admin.get('/api/admin/link-health').expect(200);
  expect(report.body.running).toBe(false);
  return report.body;
}

const find = (report: LinkHealthReport, kind: string, slug: string) => report.links.find((link) => link.kind === kind && link.slug === slug);

beforeAll(async () => {
  await startRetailer();
  port = (retailer.address() as AddressInfo).port;
  const options: LinkCheckOptions = {
    // The shops' names resolve to the local retailer; nothing else resolves (never the internet).
    resolve: async (hostname) => (SHOPS.includes(hostname) ? [{ address: '127.0.0.1', family: 4 }] : []),
    allowAddress: () => true,
    timeoutMs: 5_000,
    perHostIntervalMs: 1_000,
    maxRedirects: 5,
    userAgent: 'AustralianDiveGuide-LinkCheck/1.0 (test)',
  };
  t = await startTestApp({}, { overrides: [{ provide: LINK_CHECK_OPTIONS, useValue: options }] });
  admin = await signInAsAdmin(t);
  reviews = await t.dataSource.query(`SELECT slug, title FROM reviews ORDER BY id LIMIT 6`);
  const links = [
    shopUrl('shop-a.test', '/products/fins'),
    shopUrl('shop-a.test', '/products/retired-mask'),
    shopUrl('shop-a.test', '/products/discontinued-torch'),
    shopUrl('shop-b.test', '/products/withdrawn'),
    shopUrl('shop-b.test', '/products/renamed'),
    shopUrl('shop-b.test', '/products/get-only'),
  ];
  // Only these links are stored: the other reviews' and products' links are emptied for this test.
  await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = ''`);
  await t.dataSource.query(`UPDATE products SET "affiliateLink" = ''`);
  for (const [index, review] of reviews.entries())
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [links[index], review.slug]);
  [product] = await t.dataSource.query(`SELECT id FROM products ORDER BY id LIMIT 1`);
  await t.dataSource.query(`UPDATE products SET "affiliateLink" = $1 WHERE id = $2`, [shopUrl('shop-a.test', '/products/retired-mask'), product.id]);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => retailer?.close(resolve));
});

describe('purchase-link health', () => {
  it('answers 401 without an administrator session, and starts nothing', async () => {
    await request(t.baseUrl).get('/api/admin/link-health').expect(401);
    await request(t.baseUrl).post('/api/admin/link-health/check').set('Origin', t.siteOrigin).expect(401);
    expect(arrivals).toHaveLength(0);
  });

  it('lists every stored link as not checked before the first check', async () => {
    const report: LinkHealthReport = (await admin.get('/api/admin/link-health').expect(200)).body;
    expect(report.lastCheckedAt).toBeNull();
    expect(report.links).toHaveLength(7);
    expect(report.links.every((link) => link.state === null)).toBe(true);
  });

  it("flags links answering 404 or 410 and links sent to the shop's home page; follows a rename; asks GET when HEAD is refused", async () => {
    const report = await checkAndWait();
    const state = (index: number) => find(report, 'review', reviews[index].slug);
    expect(state(0)).toMatchObject({ state: 'ok', httpStatus: 200, title: reviews[0].title });
    expect(state(1)).toMatchObject({ state: 'broken', httpStatus: 404, detail: 'answered 404' });
    expect(state(2)).toMatchObject({ state: 'home', finalUrl: shopUrl('shop-a.test', '/') });
    expect(state(3)).toMatchObject({ state: 'broken', httpStatus: 410 });
    expect(state(4)).toMatchObject({ state: 'ok', finalUrl: shopUrl('shop-b.test', '/products/fins') });
    expect(state(5)).toMatchObject({ state: 'ok', httpStatus: 200 });
    expect(find(report, 'product', String(product.id))).toMatchObject({ state: 'broken', httpStatus: 404 });
    expect(report.lastCheckedAt).not.toBeNull();
    const getOnly = arrivals.filter((arrival) => arrival.path === '/products/get-only').map((arrival) => arrival.method);
    expect(getOnly).toEqual(['HEAD', 'GET']);
    // HEAD first everywhere else: no product page was downloaded.
    expect(arrivals.filter((arrival) => arrival.path !== '/products/get-only' && arrival.method !== 'HEAD')).toEqual([]);
  });

  it('asks each shop at most once a second, the two shops side by side', () => {
    for (const shop of SHOPS) {
      const times = arrivals.filter((arrival) => arrival.host === shop).map((arrival) => arrival.at);
      expect(times.length).toBeGreaterThan(3);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(1000);
    }
    const first = (shop: string) => arrivals.findIndex((arrival) => arrival.host === shop);
    const last = (shop: string) => arrivals.map((arrival) => arrival.host).lastIndexOf(shop);
    expect(first('shop-b.test')).toBeLessThan(last('shop-a.test'));
  });

  it("is not told running by another site's check on the same PostgreSQL server; its own check is", async () => {
    const other = new Client({ connectionString: await createTestDatabase() });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1, $2)', [...RUN_LOCK]);
      const report: LinkHealthReport = (await admin.get('/api/admin/link-health').expect(200)).body;
      expect(report.running).toBe(false);
      // And this site's check still starts: the lock is the other database's.
      await checkAndWait();
    } finally {
      await other.end();
    }
  });

  it('shows a link edited since its check as not checked, until the next check', async () => {
    await t.dataSource.query(`UPDATE reviews SET "purchaseLink" = $1 WHERE slug = $2`, [shopUrl('shop-a.test', '/products/fins'), reviews[1].slug]);
    const before: LinkHealthReport = (await admin.get('/api/admin/link-health').expect(200)).body;
    expect(find(before, 'review', reviews[1].slug)).toMatchObject({ state: null, checkedAt: null });
    const after = await checkAndWait();
    expect(find(after, 'review', reviews[1].slug)).toMatchObject({ state: 'ok' });
  });
});
