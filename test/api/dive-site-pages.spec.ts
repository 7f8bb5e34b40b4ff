import request from 'supertest';
import { CARD_PAGE_SIZE, MAX_CARDS_SHOWN } from 'core/dive-sites/filters';
import { decodeMapPayload, toMapSite } from 'core/dive-sites/map-payload';
import type { ExplorerSite } from 'core/dive-sites/types';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { allPages } from '../support/all-pages';

let t: TestApp;
let yongala: DiveSite;
let total: number;

beforeAll(async () => {
  t = await startTestApp();
  yongala = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
  total = await t.dataSource.getRepository(DiveSite).count();
});

afterAll(() => t.close());

const round5 = (value: string) => Math.round(Number(value) * 1e5) / 1e5;
const cardLinks = (html: string) => [...html.matchAll(/<h2[^>]*><a href="\/dive-sites\/(\d+)"/g)].map((m) => Number(m[1]));
const meta = (html: string, name: string) => html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1];

describe('GET /dive-sites', () => {
  it('is complete before any script: title, description, hero, filters, the first page of cards and the map island', async () => {
    const response = await request(t.baseUrl).get('/dive-sites').expect(200);
    const html = response.text;
    expect(html).toMatch(/<title>[^<]*244\+ Australian Dive Sites[^<]*<\/title>/);
    const description = meta(html, 'description')!;
    for (const place of ['Great Barrier Reef', 'Julian Rocks', 'Fish Rock Cave', 'Neptune Islands']) expect(description).toContain(place);
    expect(cardLinks(html)).toHaveLength(CARD_PAGE_SIZE);
    expect(html).toContain(`href="/dive-sites?show=${2 * CARD_PAGE_SIZE}"`);
    expect(html).toContain('data-island="DiveSiteExplorer"');
    expect(html).toMatch(/<form [^>]*action="\/dive-sites" method="get"/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/leaflet-[^"]+\.css"/);
    expect(html).toContain('href="/api/dive-sites/export/geojson"');
    expect(html).toContain('href="/api/dive-sites/export/gpx"');
    expect(html).toContain('aria-label="Loading map"');
    expect(html).not.toContain('Ratings &amp; Reviews');
  });

  it('lists as many cards as ?show= asks, in whole pages, up to MAX_CARDS_SHOWN, then every site a page at a time', async () => {
    expect(total).toBeGreaterThan(MAX_CARDS_SHOWN);
    const listed = async (show: string) => cardLinks((await request(t.baseUrl).get('/dive-sites').query({ show }).expect(200)).text);
    const firstPage = await listed(String(total));
    expect(firstPage).toHaveLength(MAX_CARDS_SHOWN);
    expect(await listed('48')).toEqual(firstPage.slice(0, 48));
    expect(await listed('25')).toHaveLength(48);
    expect(await listed('999999')).toEqual(firstPage);
    for (const nonsense of ['0', '-5', 'abc', '1e9', '']) expect(await listed(nonsense)).toHaveLength(CARD_PAGE_SIZE);
    // Issue 42, F5: 'Show more dive sites' goes on past the most one page shows, each site once, to the last.
    const everySite: number[] = [];
    let path: string | undefined = `/dive-sites?show=${total}`;
    while (path) {
      const html: string = (await request(t.baseUrl).get(path).expect(200)).text;
      everySite.push(...cardLinks(html));
      path = /<a href="([^"]+)"[^>]*>Show more dive sites<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    }
    expect(everySite).toHaveLength(total);
    expect(new Set(everySite).size).toBe(total);
    expect(everySite.slice(0, MAX_CARDS_SHOWN)).toEqual(firstPage);
  });

  it('applies the filter form parameters on the server', async () => {
    // The form's empty and 'all' values go to the short address the island writes, then the list.
    const sent = await request(t.baseUrl).get('/dive-sites').query({ region: 'Tasmania', skill: 'all', depth: 'all', search: '' }).expect(302);
    expect(sent.headers.location).toBe('/dive-sites?region=Tasmania');
    const tasmania = await request(t.baseUrl).get(sent.headers.location).expect(200);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM dive_sites WHERE region = 'Tasmania'`);
    expect(count).toBeGreaterThan(1);
    expect(cardLinks(tasmania.text)).toHaveLength(count);
    const none = await request(t.baseUrl).get('/dive-sites').query({ search: 'zzzz no such site' }).expect(200);
    expect(none.text).toContain('No dive sites found');
    expect(none.text).toContain('Try adjusting your search terms or filters to find more dive sites.');
  });

  it('allows map tiles from the TILE_URL host in the content security policy', async () => {
    const response = await request(t.baseUrl).get('/dive-sites').expect(200);
    expect(response.headers['content-security-policy']).toContain('https://*.tile.openstreetmap.org');
  });
});

describe('GET /dive-sites/{id}', () => {
  it('pre-fills the search with the site, shows its card and the ratings panel, with its own title, description and JSON-LD', async () => {
    const html = (await request(t.baseUrl).get(`/dive-sites/${yongala.id}`).expect(200)).text;
    expect(html).toMatch(/<title>SS Yongala[^<]*<\/title>/);
    expect(meta(html, 'description')).toMatch(/^SS Yongala, Townsville &amp; Whitsundays/);
    expect(meta(html, 'description')!.length).toBeLessThanOrEqual(170);
    expect(html).toMatch(/id="dive-site-search"[^>]*value="SS Yongala"/);
    expect(cardLinks(html)).toEqual([yongala.id]);
    expect(html).toContain('Ratings &amp; Reviews');
    expect(html).toContain('No reviews yet. Be the first to rate this dive site!');
    expect(html).toContain('0/500 characters');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
    const attraction = jsonLd.flat().find((item) => item['@type'] === 'TouristAttraction');
    expect(attraction).toMatchObject({
      name: 'SS Yongala',
      url: `${t.config.siteUrl}/dive-sites/${yongala.id}`,
      geo: { '@type': 'GeoCoordinates', latitude: Number(yongala.latitude), longitude: Number(yongala.longitude) },
    });
  });

  it('lists the five most recent ratings, then "+ n more reviews", with the average and count', async () => {
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Julian Rocks Nursery' });
    const ratings = t.dataSource.getRepository(DiveSiteRating);
    for (let i = 1; i <= 7; i += 1) {
      await ratings.save(
        ratings.create({
          diveSiteId: site.id,
          rating: (i % 5) + 1,
          comment: `Visit number ${i}`,
          ipAddress: '192.0.2.1',
          createdAt: new Date(Date.UTC(2030, 0, i)),
        }),
      );
    }
    const html = (await request(t.baseUrl).get(`/dive-sites/${site.id}`).expect(200)).text;
    const panel = html.slice(html.indexOf('Ratings &amp; Reviews'));
    expect(panel).toContain('7 reviews');
    expect(panel).toContain('+ 2 more reviews');
    expect([...panel.matchAll(/Visit number (\d)/g)].map((m) => m[1])).toEqual(['7', '6', '5', '4', '3']);
    expect(panel).not.toContain('192.0.2.1');
    // The older ones are nowhere in the page, not even in the island's data: it grows with no rating.
    expect(html).not.toMatch(/Visit number [12]\b/);
  });

  it.each(['999999', 'abc', '0'])('answers the unknown id %s with a real 404 page that offers the search and the list (issue 47)', async (id) => {
    const html = (await request(t.baseUrl).get(`/dive-sites/${id}`).expect(404)).text;
    expect(html).toMatch(/<h1[^>]*>Dive Site Not Found<\/h1>/);
    expect(html).toContain(`We couldn&#x27;t find a dive site at <code`);
    expect(html).toMatch(/<form role="search" aria-label="Search dive sites"[^>]* action="\/dive-sites" method="get"/);
    expect(html).toContain('href="/dive-sites"');
    // Not the list screen's empty state, which blames filters nobody set.
    expect(html).not.toContain('Try adjusting your search terms or filters');
    expect(html).not.toContain('data-island="DiveSiteExplorer"');
    expect(html).toContain('<meta name="robots" content="noindex');
  });

  it('is listed in the sitemap', async () => {
    const xml = (await request(t.baseUrl).get('/sitemap.xml').expect(200)).text;
    expect(xml).toContain(`/dive-sites/${yongala.id}</loc>`);
    expect(xml).toContain('/dive-sites</loc>');
  });
});

describe('the compact site list for the map', () => {
  const islandProps = (html: string) =>
    JSON.parse(html.match(/data-island="DiveSiteExplorer"[^>]*><script type="application\/json" data-island-props="">([\s\S]*?)<\/script>/)![1]);

  it('embeds only the cards a page shows, which fetches every site from /api/dive-sites/map', async () => {
    const all = islandProps((await request(t.baseUrl).get('/dive-sites').expect(200)).text);
    expect(all.complete).toBe(false);
    expect(all.sites).toHaveLength(CARD_PAGE_SIZE);
    expect(all.matchCount).toBe(all.totalSites);
    // Every site's card, a page at a time (issue 42, F5: no page embeds them all).
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(total / MAX_CARDS_SHOWN) }, async (_, index) =>
        islandProps(
          (
            await request(t.baseUrl)
              .get('/dive-sites')
              .query({ from: String(index * MAX_CARDS_SHOWN), show: String(MAX_CARDS_SHOWN) })
              .expect(200)
          ).text,
        ),
      ),
    );
    expect(pages.map((page) => page.complete)).not.toContain(true);
    const whole = { sites: pages.flatMap((page) => page.sites as ExplorerSite[]) };
    expect(whole.sites).toHaveLength(total);

    const one = islandProps((await request(t.baseUrl).get(`/dive-sites/${yongala.id}`).expect(200)).text);
    expect(one.complete).toBe(false);
    expect(one.sites.map((site: { id: number }) => site.id)).toEqual([yongala.id]);
    expect(one.totalSites).toBe(all.totalSites);

    // The map's list: every site, in the grid's order, with what the map and the filters read.
    const payload = (await request(t.baseUrl).get(one.sitesUrl).expect(200)).body;
    const map = decodeMapPayload(payload);
    expect(map).toEqual(whole.sites.map((site: ExplorerSite) => ({ ...toMapSite(site), latitude: round5(site.latitude), longitude: round5(site.longitude) })));
    // The cards beyond the page's own come from the cards call, as the page embeds them.
    const next = map.slice(CARD_PAGE_SIZE, 2 * CARD_PAGE_SIZE).map((site) => site.id);
    const cards = (
      await request(t.baseUrl)
        .get(one.cardsUrl)
        .query({ ids: next.join(',') })
        .expect(200)
    ).body;
    expect(cards).toEqual(whole.sites.slice(CARD_PAGE_SIZE, 2 * CARD_PAGE_SIZE));
    // Compact: a small part of the full API answer for the same sites.
    const full = await allPages(t.baseUrl, '/api/dive-sites');
    expect(JSON.stringify(payload).length).toBeLessThan(JSON.stringify(full).length * 0.15);
  });
});
