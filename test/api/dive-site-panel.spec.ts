import request from 'supertest';
import { greatCircleKm } from 'core/geo';
import { Client } from 'pg';
import { createTestDatabase, startTestApp, type TestApp } from '../support/test-app';
import { decodeMapPayload } from 'core/dive-sites/map-payload';
import { allPages } from '../support/all-pages';

let t: TestApp;

interface Row {
  id: number;
  name: string;
  region: string;
  latitude: string;
  longitude: string;
  skillLevel: string;
}

let sites: Row[];

beforeAll(async () => {
  t = await startTestApp();
  sites = await t.dataSource.query(`SELECT id, name, region, latitude, longitude, "skillLevel" FROM dive_sites`);
});

afterAll(() => t.close());

const byName = (name: string) => sites.find((site) => site.name === name)!;
const page = async (id: number) => (await request(t.baseUrl).get(`/dive-sites/${id}`).expect(200)).text;
const section = (html: string, testId: string) => html.slice(html.indexOf(`data-testid="${testId}"`)).split('</section>')[0];
const decode = (text: string) =>
  text
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** The nearby list as the page shows it: [id, name, km]. */
function nearbyOf(html: string): { id: number; name: string; km: number }[] {
  return [...section(html, 'nearby-sites').matchAll(/<a href="\/dive-sites\/(\d+)"[^>]*>([^<]+)<\/a>.*?data-testid="nearby-km">([\d.,]+) km/g)].map((m) => ({
    id: Number(m[1]),
    name: decode(m[2]),
    km: Number(m[3].replace(/,/g, '')),
  }));
}

/** Every other site within 100 km, nearest first, computed here from the coordinates. */
function expectedNearby(site: Row) {
  return sites
    .filter((other) => other.id !== site.id)
    .map((other) => ({ other, km: greatCircleKm(Number(site.latitude), Number(site.longitude), Number(other.latitude), Number(other.longitude)) }))
    .filter((entry) => entry.km <= 100)
    .sort((a, b) => a.km - b.km);
}

describe('/dive-sites/{id}: the site panel', () => {
  it('is on every site page, with the ratings panel, the safety brief and breadcrumbs, whatever the pre-filled search matches', async () => {
    for (const site of sites) {
      const html = await page(site.id);
      const checks = {
        panel: html.includes('data-testid="site-panel"'),
        // The name once, as the page's h1 (issue 47); the panel opens with its facts.
        heading: new RegExp(`<h1[^>]*>${site.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`).test(decode(html)) && html.includes('id="site-panel-heading"'),
        ratings: html.includes('data-island="SiteRatings"') && html.includes('Ratings &amp; Reviews'),
        safety: html.includes('data-testid="safety-brief"'),
        nearby: html.includes('data-testid="nearby-sites"'),
        breadcrumbs: html.includes('"@type":"BreadcrumbList"'),
      };
      expect([site.name, checks]).toEqual([site.name, { panel: true, heading: true, ratings: true, safety: true, nearby: true, breadcrumbs: true }]);
    }
    // Every one of the ~260 pages rendered in turn: past jest's 30 s default on a busy machine, and near
    // 120 s on a loaded CI run.
  }, 300_000);

  it('shows a site with no ratings as "No ratings yet", never 0.0', async () => {
    const [unrated] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE id NOT IN (SELECT "diveSiteId" FROM dive_site_ratings) LIMIT 1`);
    const html = await page(unrated.id);
    expect(html).toContain('No ratings yet');
    expect(html).not.toMatch(/>0\.0</);
  });

  it('shows the fields whole, the region link and the position with its maps links', async () => {
    const brisbane = byName('ex-HMAS Brisbane');
    const [row] = await t.dataSource.query(`SELECT description, hazards FROM dive_sites WHERE id = $1`, [brisbane.id]);
    const html = decode(await page(brisbane.id));
    expect(html).toContain(row.description);
    expect(html).toContain(row.hazards);
    expect(html).toContain(`href="/dive-sites?region=${encodeURIComponent(brisbane.region)}"`);
    const lat = Number(brisbane.latitude);
    const lon = Number(brisbane.longitude);
    expect(html).toContain(`>${lat}, ${lon}</span>`);
    expect(html).toContain(`href="https://www.google.com/maps/search/?api=1&query=${lat},${lon}"`);
    expect(html).not.toContain('href="geo:');
    expect(html).toContain(`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}`);
    expect(html).toContain('published GPS mark');
    const approximate = sites.find((site) => site.name === 'Julian Rocks')!;
    expect(await page(approximate.id)).toContain('approximate position');
  });

  it('shows a season strip only where the best time can be read', async () => {
    const [readable] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE "bestTime" = 'April to November' LIMIT 1`);
    const strip = section(await page(readable.id), 'season-strip');
    expect([...strip.matchAll(/data-month="(\w+)" data-mark="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
      'January:none',
      'February:none',
      'March:none',
      'April:best',
      'May:best',
      'June:best',
      'July:best',
      'August:best',
      'September:best',
      'October:best',
      'November:best',
      'December:none',
    ]);
    const [unreadable] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE "bestTime" = 'Only around high tide on calm days' LIMIT 1`);
    expect(await page(unreadable.id)).not.toContain('data-testid="season-strip"');
  });
});

describe('nearby sites', () => {
  it.each(['SS Yongala', 'Julian Rocks', 'Fish Rock Cave', "Pope's Eye", 'Piccaninnie Ponds', 'Fujikawa Maru'])(
    '%s: the up to 6 nearest other sites within 100 km, nearest first, with their distance and skill',
    async (name) => {
      const site = byName(name);
      const html = await page(site.id);
      const shown = nearbyOf(html);
      const expected = expectedNearby(site).slice(0, 6);
      expect(shown.map((entry) => entry.id).sort()).toEqual(expected.map((entry) => entry.other.id).sort());
      for (let i = 1; i < shown.length; i += 1) expect(shown[i].km).toBeGreaterThanOrEqual(shown[i - 1].km);
      for (const entry of shown) {
        const km = expected.find((candidate) => candidate.other.id === entry.id)!.km;
        expect(Math.abs(entry.km - km)).toBeLessThanOrEqual(km < 10 ? 0.06 : 0.6);
        expect(entry.km).toBeLessThanOrEqual(100);
        expect(decode(section(html, 'nearby-sites'))).toContain(
          `${entry.km < 10 ? entry.km.toFixed(1) : entry.km} km</span> · ${byName(entry.name).skillLevel}`,
        );
      }
    },
  );

  it('finds the nearest across 180° of longitude: sites either side of it south of Fiji are each other’s nearest', async () => {
    const spots = [
      { name: 'Antimeridian East Test Reef', longitude: 179.96 },
      { name: 'Antimeridian West Test Reef', longitude: -179.96 },
      { name: 'Antimeridian Far West Test Reef', longitude: -179.85 },
    ];
    const added: Row[] = [];
    for (const spot of spots) {
      const [row] = await t.dataSource.query(
        `INSERT INTO dive_sites (name, latitude, longitude, "waterTemp", "skillLevel", "depthRange", description, region)
         SELECT $1, -21.3, $2, "waterTemp", "skillLevel", "depthRange", description, region FROM dive_sites WHERE id = $3
         RETURNING id, name, region, latitude, longitude, "skillLevel"`,
        [spot.name, spot.longitude, byName('Great White Wall (Rainbow Reef)').id],
      );
      added.push(row);
    }
    const all = [...sites, ...added];
    try {
      const [east, west, farWest] = added;
      for (const [site, nearest] of [
        [east, [west, farWest]],
        [west, [east, farWest]],
        [farWest, [west, east]],
      ] as const) {
        const shown = nearbyOf(await page(site.id));
        // Only these three are within 100 km of that patch of sea (each other's km computed here, great-circle).
        const km = (other: Row) => greatCircleKm(Number(site.latitude), Number(site.longitude), Number(other.latitude), Number(other.longitude));
        expect(all.filter((other) => other.id !== site.id && km(other) <= 100).length).toBe(2);
        expect(shown.map((entry) => entry.name)).toEqual(nearest.map((other) => other.name));
        shown.forEach((entry, index) => expect(Math.abs(entry.km - km(nearest[index]))).toBeLessThanOrEqual(entry.km < 10 ? 0.06 : 0.6));
      }
      // 0.08° of longitude at 21.3°S: 8.3 km across the line, not 40,000 km around the world.
      expect(nearbyOf(await page(east.id))[0].km).toBe(8.3);
    } finally {
      await t.dataSource.query(`DELETE FROM dive_sites WHERE id = ANY($1::int[])`, [added.map((row) => row.id)]);
    }
  });

  it('lists the same nearest sites on a database without the spatial index (earthdistance not allowed), by the band of latitude', async () => {
    const databaseUrl = await createTestDatabase();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP INDEX "IDX_dive_sites_earth"`);
    await client.end();
    const plain = await startTestApp({}, { databaseUrl });
    try {
      for (const name of ['SS Yongala', 'Julian Rocks', 'Great White Wall (Rainbow Reef)']) {
        const id = byName(name).id;
        const without = nearbyOf((await request(plain.baseUrl).get(`/dive-sites/${id}`).expect(200)).text);
        expect([name, without]).toEqual([name, nearbyOf(await page(id))]);
        expect(without.length).toBeGreaterThan(0);
      }
    } finally {
      await plain.close();
    }
  });

  it('says so when no other site is within 100 km', async () => {
    const lonely = sites.find((site) => expectedNearby(site).length === 0)!;
    expect(await page(lonely.id)).toContain('No other dive site within 100 km.');
  });
});

describe('safety brief', () => {
  it('names the nearest chamber with its city, distance and phone, and the DAN hotline', async () => {
    const brief = decode(section(await page(byName('SS Yongala').id), 'safety-brief'));
    expect(brief).toContain('Hyperbaric Medicine Unit, Townsville University Hospital');
    expect(brief).toMatch(/Douglas, Townsville \(Australia\): <span data-testid="chamber-km">\d{2} km<\/span> away/);
    expect(brief).toContain('href="tel:+61744332080"');
    expect(brief).toContain('1800 088 200');
    expect(brief).toContain('+61 8 8212 9242');
    expect(brief).not.toContain('data-testid="chamber-far"');
  });

  it('says plainly when the nearest chamber is over 500 km away', async () => {
    // Exmouth's nearest chamber is Fiona Stanley Hospital in Perth, about 1,150 km away.
    const brief = decode(section(await page(byName('Navy Pier (Exmouth)').id), 'safety-brief'));
    expect(brief).toMatch(/The nearest chamber is 1,1\d\d km away/);
    expect(brief).toContain('Hyperbaric Medicine Unit, Fiona Stanley Hospital');
  });

  it('places the chambers of the Pacific islands, so a Chuuk wreck is told of the Weno chamber, not of Australia', async () => {
    const brief = decode(section(await page(byName('Fujikawa Maru').id), 'safety-brief'));
    expect(brief).toContain('Recompression chamber, Chuuk State Hospital');
    expect(brief).not.toContain('data-testid="chamber-far"');
  });

  it('names no chamber where the country has none working', async () => {
    const [solomons] = await t.dataSource.query(`SELECT id FROM dive_sites WHERE region = 'Solomon Islands' LIMIT 1`);
    expect(decode(section(await page(solomons.id), 'safety-brief'))).toContain('The Honiara chamber was damaged beyond repair');
  });
});

describe('order of names', () => {
  const initial = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[^\p{L}\p{N}]/gu, '')
      .charAt(0)
      .toLowerCase();

  it('ignores case and accents in the API list, the search and the exports', async () => {
    for (const path of ['/api/dive-sites', '/api/dive-sites/map', '/api/dive-sites/search?q=a']) {
      const body = (await request(t.baseUrl).get(path).expect(200)).body;
      const names = (path.endsWith('/map') ? decodeMapPayload(body) : (body as { name: string }[])).map((site) => site.name);
      const initials = names.map(initial);
      expect([path, initials]).toEqual([path, [...initials].sort()]);
    }
    const names = (await allPages<{ name: string }>(t.baseUrl, '/api/dive-sites')).map((site) => site.name);
    const brisbane = names.indexOf('ex-HMAS Brisbane');
    expect(initial(names[brisbane - 1])).toBe('e');
    const geojson = JSON.parse(
      (
        await request(t.baseUrl)
          .get('/api/dive-sites/export/geojson')
          .buffer(true)
          .parse((res, done) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => done(null, body));
          })
      ).body as string,
    ) as { features: { properties: { name: string } }[] };
    const exported = geojson.features.map((feature) => initial(feature.properties.name));
    expect(exported).toEqual([...exported].sort());
  });
});

describe("'Top rated'", () => {
  it('lists the rated sites first by a Bayesian average (fifty 4.8s outrank one 5, then the poorly rated), the unrated after them, with their stars', async () => {
    const [one, fifty, others] = [byName('Wolf Rock'), byName('Cod Hole'), byName('Julian Rocks')];
    await t.dataSource.query(`DELETE FROM dive_site_ratings`);
    // The rest of the site: thirty ratings averaging 3.5, so the site-wide mean is about 4.1.
    await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating) SELECT $1, 3 + n % 2 FROM generate_series(1, 30) n`, [others.id]);
    await t.dataSource.query(`INSERT INTO dive_site_ratings ("diveSiteId", rating) VALUES ($1, 5)`, [one.id]);
    await t.dataSource.query(
      `INSERT INTO dive_site_ratings ("diveSiteId", rating) SELECT $1, CASE WHEN n <= 40 THEN 5 ELSE 4 END FROM generate_series(1, 50) n`,
      [fifty.id],
    );
    const html = await (await request(t.baseUrl).get('/dive-sites?sort=top-rated').expect(200)).text;
    const cards = [...html.matchAll(/<h2[^>]*><a href="\/dive-sites\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(cards.slice(0, 3)).toEqual([fifty.id, one.id, others.id]);
    // The sites nobody has rated come after every rated one.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM dive_site_ratings WHERE "diveSiteId" = $1`, [cards[3]]);
    expect(n).toBe(0);
    expect(html).toContain('Rated 4.8 out of 5 from 50 ratings');
    expect(html).toContain('Rated 5 out of 5 from 1 rating');
    expect(html).toContain('Rated 3.5 out of 5 from 30 ratings');
    expect(html).toMatch(/<a href="\/dive-sites\?sort=top-rated" aria-current="page"[^>]*>Top rated<\/a>/);
    // Filtered, the same order among the region's sites (read a page at a time in SQL).
    const regional = await (
      await request(t.baseUrl)
        .get(`/dive-sites?region=${encodeURIComponent(fifty.region)}&sort=top-rated`)
        .expect(200)
    ).text;
    const regionalCards = [...regional.matchAll(/<h2[^>]*><a href="\/dive-sites\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(regionalCards[0]).toBe(fifty.id);
    expect(regionalCards.length).toBe(Math.min(24, sites.filter((site) => site.region === fifty.region).length));
    expect(new Set(regionalCards.map((id) => sites.find((site) => site.id === id)!.region))).toEqual(new Set([fifty.region]));
    const byNamePage = await (await request(t.baseUrl).get('/dive-sites').expect(200)).text;
    expect(byNamePage).toMatch(/<a href="\/dive-sites" aria-current="page"[^>]*>Name<\/a>/);
    await t.dataSource.query(`DELETE FROM dive_site_ratings`);
  });
});
