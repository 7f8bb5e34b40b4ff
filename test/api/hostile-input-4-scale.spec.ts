import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
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
