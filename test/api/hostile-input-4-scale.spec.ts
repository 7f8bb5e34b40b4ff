import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
// The bench's SQL growth (bench/lib/grow-sql.mjs), run on this file's own database.
import { growDatabase } from '../../bench/lib/grow-sql.mjs';
import { dataSourceOptions } from 'src/database/data-source-options';
import { grownTestDatabase, startBuiltServer, type BuiltServer } from '../support/built-server';
import { signInAsAdmin, type Agent } from '../support/admin';
import { CARD_PAGE_SIZE, MAX_CARDS_SHOWN } from 'core/dive-sites/filters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42, hostile input round four: F10 (ids out of PostgreSQL's integer range) here on an app in this
 * process; F4 (slow readers of the GPX and GeoJSON exports) and F5 (`/dive-sites?show=`) below on the built
 * production server over a database grown, as the scale bench grows it, to 10,000 sites.
 */

/** Every route of the running app as Express routes it: its methods and its path ('/api/dive-sites/:id'). */
function routesOf(t: TestApp): { method: string; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  const routes = express.router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods)
          .filter((method) => method !== '_all')
          .map((method) => `${method} ${route.path}`)
      : [],
  );
  return [...new Set(routes)].map((route) => {
    const [method, path] = route.split(' ');
    return { method, path };
  });
}

/** PostgreSQL's largest integer: an id the column holds, that no row of the test database has. */
const MAX_ID = 2_147_483_647;

/** Route parameters that hold a record's id: `:id`, `:revisionId`, `:linkId`... */
const ID_PARAM = /:(\w*id)\b/gi;
/** Other parameters of those routes, a value each that lets the id be read (the preview's kind of post). */
const OTHER_PARAMS: Record<string, string> = { kind: 'articles' };

describe('F10 out-of-range ids', () => {
  let t: TestApp;
  let admin: Agent;
  let ip = 1;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    admin = await signInAsAdmin(t);
    // What the app logs at error level: Nest's Logger.error (stderr) and TypeORM's query errors (console.error).
    const keep = (chunk: unknown) => void logged.push(String(chunk));
    const write = process.stderr.write.bind(process.stderr) as (chunk: string | Uint8Array) => boolean;
    jest.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      keep(chunk);
      return write(chunk);
    }) as typeof process.stderr.write);
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => keep(args.join(' ')));
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  /** The answer to `method path` as the administrator, from an address of its own (no rate limit in the way). */
  async function send(method: string, path: string) {
    const call = (admin as unknown as Record<string, (url: string) => request.Test>)[method](path).set('X-Forwarded-For', `198.51.100.${ip++ % 250}`);
    const response = method === 'get' || method === 'delete' ? await call : await call.send({});
    return response;
  }

  it('F10 answers /dive-sites/2147483648 and /api/dive-sites/99999999999 with 404 like a missing site, logging no error', async () => {
    const missing = await request(t.baseUrl).get(`/dive-sites/${MAX_ID}`).expect(404);
    for (const id of ['2147483648', '99999999999']) {
      const page = await request(t.baseUrl).get(`/dive-sites/${id}`);
      expect({ id, status: page.status }).toEqual({ id, status: 404 });
      // The missing site's page, its address aside.
      expect(page.text.replaceAll(id, '')).toBe(missing.text.replaceAll(String(MAX_ID), ''));
    }
    for (const id of ['99999999999', '2147483648', '-1', '0']) {
      const answer = await request(t.baseUrl).get(`/api/dive-sites/${id}`);
      expect({ id, status: answer.status, error: answer.body.error }).toEqual({ id, status: 404, error: 'Dive site not found' });
    }
    // Not a number at all is still the client's mistake, named.
    expect((await request(t.baseUrl).get('/api/dive-sites/abc').expect(400)).body.error).toBe('Dive site id must be a positive whole number');
    expect(logged.join('')).not.toMatch(/out of range|QueryFailedError|ERROR|\berror\b/i);
  });

  it('F10 answers every route that reads an id, for an id out of range, 404 as for a missing record, and logs no error', async () => {
    const routes = routesOf(t).filter(({ path }) => new RegExp(ID_PARAM.source, 'i').test(path));
    // Derived from the router: the site's pages and API calls, the admin's, the forms'.
    expect(routes.length).toBeGreaterThan(30);
    const differing: string[] = [];
    for (const { method, path } of routes) {
      const withOthers = path.replace(/:(\w+)/g, (whole, name: string) => OTHER_PARAMS[name] ?? whole);
      const slots = [...withOthers.matchAll(ID_PARAM)].map((match) => match[0]);
      for (const slot of slots) {
        const at = (id: string) => withOthers.replace(slot, id).replace(ID_PARAM, String(MAX_ID));
        const missing = await send(method, at(String(MAX_ID)));
        for (const hostile of ['2147483648', '99999999999', '-1', '0']) {
          const answer = await send(method, at(hostile));
          // A read of a missing record is a 404; a write of one may refuse the empty body first (400), and a
          // form without JavaScript goes back to its page with the outcome (303), as it does for a missing record.
          const expected = missing.status === 400 && method !== 'get' ? 404 : missing.status;
          if (answer.status !== expected || (method === 'get' && missing.status !== 404)) {
            differing.push(`${method.toUpperCase()} ${at(hostile)}: ${answer.status} (missing: ${missing.status})`);
          }
        }
      }
    }
    expect(differing).toEqual([]);
    expect(logged.join('')).not.toMatch(/out of range|QueryFailedError|ERROR|\berror\b/i);
  });
});

/** The scale bench's size for F4 and F5 (bench/lib/grow-sql.mjs grows the seed's sites with SQL). */
const SITES = 10_000;
/** The heap production gives the server (`npm run start:prod`). */
const HEAP_MB = 192;
/** The server's pool of database connections (src/database/data-source-options.ts). */
const POOL = (dataSourceOptions('postgres://pool').extra as { max: number }).max;
/**
 * Stalled downloads: more than the pool has connections, as the 14 that took all 10 (where a client's
 * socket buffers take a whole download, fewer stay stalled: 4 of 14 held theirs here before the fix).
 */
const STALLED = POOL + 4;

describe('at 10,000 sites, on the built production server', () => {
  let server: ChildProcess;
  let built: BuiltServer;
  let base: string;
  let databaseUrl: string;
  let sites: number;

  beforeAll(async () => {
    ({ databaseUrl, grown: sites } = await grownTestDatabase(async (client) => (await growDatabase(client, { sites: SITES })).sites));
    built = await startBuiltServer({ databaseUrl, heapMb: HEAP_MB, env: { ADMIN_PASSWORD: 'hostile-four-admin-password', LOG_LEVEL: 'warn' } });
    ({ base, process: server } = built);
  }, 600_000);

  afterAll(() => built?.stop());

  /** The server's own connections to its database, by state ('active', 'idle', 'idle in transaction'). */
  async function connections(): Promise<Record<string, number>> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY state`,
      );
      return Object.fromEntries(rows.map(({ state, n }) => [state, n]));
    } finally {
      await client.end();
    }
  }

  /** The server's CPU time so far, in clock ticks (/proc/{pid}/stat: utime and stime). */
  const cpuTicks = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };

  /** Waits until the server is idle: under a tenth of a core over a second (or gives up after two minutes). */
  async function settled(): Promise<void> {
    let before = cpuTicks();
    for (let i = 0; i < 120; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = cpuTicks();
      if (now - before < 10) return;
      before = now;
    }
  }

  /** The id of the site added last (a copy the growth made), one whose page nothing has asked for yet. */
  async function newestSite(): Promise<number> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ id: number }>('SELECT max(id) AS id FROM dive_sites')).rows[0].id;
    } finally {
      await client.end();
    }
  }

  /**
   * A download that stops reading: the request sent on a socket of its own, its first bytes read, then
   * nothing more (paused), as a client on a stalled link or one that means harm. Resolves once the answer has started.
   */
  function stalledDownload(path: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const socket = connect(Number(port), hostname, () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
      socket.once('data', () => {
        socket.pause();
        resolve(socket);
      });
      socket.once('error', reject);
    });
  }

  it(`F4 keeps answering database-backed pages while more GPX and GeoJSON downloads than the pool has connections stop reading, holding no connection`, async () => {
    expect(sites).toBe(SITES);
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, (_, i) => stalledDownload(i % 4 === 3 ? '/api/dive-sites/export/geojson' : '/api/dive-sites/export/gpx')),
    );
    try {
      // Until the server has written what the downloads' buffers take and waits on them, idle: from then on
      // nothing is sent, and what the downloads hold they hold for as long as their clients do not read.
      await settled();
      const held = await connections();
      // A site page not asked for before (no cached copy): its site, regions, cards and ratings come from the database.
      const id = await newestSite();
      const page = await fetch(`${base}/dive-sites/${id}`);
      await page.arrayBuffer();
      console.log(`F4: ${stalled.length} stalled downloads, the server's connections by state: ${JSON.stringify(held)}`);
      console.log(`F4: the page answered ${page.status}`, page.status === 200 ? '' : built.output().slice(-4000));
      expect({ page: page.status, heldInTransaction: held['idle in transaction'] ?? 0 }).toEqual({ page: 200, heldInTransaction: 0 });
    } finally {
      for (const socket of stalled) socket.destroy();
    }
    // Read whole, each download still holds every site once, in the list's order.
    const [geojson, gpx] = await Promise.all(
      ['/api/dive-sites/export/geojson', '/api/dive-sites/export/gpx'].map(async (path) => (await fetch(base + path)).text()),
    );
    const features = (JSON.parse(geojson) as { features: { id: number }[] }).features.map((feature) => feature.id);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(`SELECT id FROM dive_sites ORDER BY name COLLATE "und-x-icu", id`);
      expect(features).toEqual(rows.map((row) => row.id));
    } finally {
      await client.end();
    }
    console.log(`F4: whole downloads: GeoJSON ${geojson.length} characters, GPX ${gpx.length}`);
    expect((gpx.match(/<wpt /g) ?? []).length).toBe(SITES);
    expect(server.exitCode).toBeNull();
  }, 360_000);

  /** A page as a browser without JavaScript gets it: its status, its size, its cards' sites and its links to more. */
  async function listPage(path: string) {
    const response = await fetch(base + path);
    const html = await response.text();
    const decode = (href: string) => href.replaceAll('&amp;', '&');
    return {
      status: response.status,
      bytes: Buffer.byteLength(html),
      cards: [...html.matchAll(/<h2 [^>]*><a href="\/dive-sites\/(\d+)"/g)].map((match) => Number(match[1])),
      more: /<a href="([^"]+)"[^>]*>Show more dive sites<\/a>/.exec(html)?.[1],
      earlier: /<a href="([^"]+)"[^>]*>Earlier dive sites<\/a>/.exec(html)?.[1],
      decode,
    };
  }

  it('F5 caps the cards of /dive-sites?show= at a page, and pages beyond with links that work without JavaScript, the process staying up', async () => {
    const first = await listPage('/dive-sites');
    expect(first.status).toBe(200);
    // One request for every site's card.
    const every = await listPage(`/dive-sites?show=${SITES}`);
    console.log(`F5: /dive-sites ${first.bytes} bytes (${first.cards.length} cards); ?show=${SITES} ${every.bytes} bytes (${every.cards.length} cards)`);
    expect(every.status).toBe(200);
    // The size of a page of cards: no more than the first page's times the pages of cards one address shows.
    expect(every.bytes).toBeLessThan((first.bytes * MAX_CARDS_SHOWN) / CARD_PAGE_SIZE);
    expect(every.cards.length).toBeGreaterThan(first.cards.length);
    expect(every.cards.length).toBeLessThanOrEqual(MAX_CARDS_SHOWN);
    expect(every.cards).toEqual(expect.arrayContaining(first.cards));

    // Past the cap, 'Show more dive sites' goes on to the next cards, a page at a time, and back again.
    const seen = new Set(every.cards);
    let page = every;
    for (let step = 0; step < 3; step++) {
      expect(page.more).toBeDefined();
      const next = await listPage(page.decode(page.more!));
      expect(next.status).toBe(200);
      expect(next.cards.length).toBeGreaterThan(0);
      expect(next.cards.length).toBeLessThanOrEqual(MAX_CARDS_SHOWN);
      expect(next.cards.filter((id) => seen.has(id))).toEqual([]);
      for (const id of next.cards) seen.add(id);
      expect(next.earlier).toBeDefined();
      page = next;
    }
    const back = await listPage(page.decode(page.earlier!));
    expect(back.cards.length).toBeGreaterThan(0);
    expect(back.cards.every((id) => seen.has(id))).toBe(true);

    expect(server.exitCode).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(built.output()).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 180_000);
});
