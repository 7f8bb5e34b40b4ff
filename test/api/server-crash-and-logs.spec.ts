import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The built server (npm test builds it first) as `npm start` runs it in production: no DATABASE_URL, so
// with its own embedded PostgreSQL under DATA_DIR, and the default LOG_LEVEL (an access line per request).
const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'src', 'main.js');
const port = 3900 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;
const ADMIN_PASSWORD = 'crash-test-admin-password';
let dataDir: string;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(): Started {
  let stdout = '';
  let output = '';
  const child = spawn(process.execPath, ['--max-old-space-size=192', main], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, output: () => output, exited };
}

/** Waits until the server answers `/readyz` with 200; fails if it exits or takes longer than `withinMs`. */
async function ready(server: Started, withinMs: number): Promise<void> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const until = Date.now() + withinMs;
  while (Date.now() < until && !exited) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not serve within ${withinMs} ms${exited ? ' (it exited)' : ''}:\n${server.output()}`);
}

async function subscribers(): Promise<string[]> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
  // before using the cookie, as the admin screen does.
  await login.text();
  const cookie = login.headers.getSetCookie().map((value) => value.split(';', 1)[0]);
  const list = await fetch(`${base}/api/newsletter/subscribers`, { headers: { Cookie: cookie.join('; ') } });
  const body = (await list.json()) as { email: string }[];
  return body.map((subscriber) => subscriber.email);
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'adg-crash-'));
  chmodSync(dataDir, 0o755);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the production server on its embedded PostgreSQL', () => {
  let server: Started;

  it('writes an access line for every request answered before a SIGTERM, none lost in its buffer', async () => {
    server = start();
    await ready(server, 120_000);
    const [article] = (await (await fetch(`${base}/api/articles`)).json()) as { slug: string }[];
    const paths = [`/blog/${article.slug}`, '/api/articles', '/no-such-page', `/blog/${article.slug}?from=jane%40example.com`];
    const ids: string[] = [];
    // Cache hits (answered ahead of Express), renders, API answers and 404s, 8 at a time.
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(paths.concat(paths).map((path) => fetch(base + path)));
      for (const answer of answers) {
        await answer.arrayBuffer();
        ids.push(answer.headers.get('x-request-id')!);
      }
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"reqId"'))
      .map((line) => JSON.parse(line) as { reqId: string; method: string; url: string; status: number; level: string });
    const logged = new Map(lines.map((line) => [line.reqId, line]));
    expect(ids).toHaveLength(320);
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
    expect(logged.get(ids[2])).toEqual(expect.objectContaining({ method: 'GET', url: '/no-such-page', status: 404, level: 'warn' }));
    // The email in a URL is masked in the log.
    expect(server.stdout()).not.toContain('jane%40example.com');
    expect(logged.get(ids[3])?.url).toBe(`/blog/${article.slug}?from=j***%40example.com`);
  }, 180_000);

  it('comes back within 30 s with its data after a SIGKILL, and a second server on the same folder says why it cannot start', async () => {
    server = start();
    await ready(server, 60_000);
    const email = `kept-${Date.now()}@example.com`;
    const subscribe = await fetch(`${base}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` },
      body: JSON.stringify({ email }),
    });
    expect(subscribe.status).toBeLessThan(300);

    // Another server on the same DATA_DIR (another port) while this one runs: refused, with what to do.
    const second = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port + 1), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    second.stdout!.on('data', (chunk) => (said += chunk));
    second.stderr!.on('data', (chunk) => (said += chunk));
    expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(1);
    expect(said).toMatch(/Start failed: the database folder .* is in use by the PostgreSQL of another running server/);
    expect(said).toMatch(/What to do: stop that process first/);
    expect(said).not.toContain('UnhandledPromiseRejection');
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
    server.child.kill('SIGKILL');
    await server.exited;

    const started = Date.now();
    server = start();
    await ready(server, 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(server.output()).not.toContain('Start failed');
    // The PostgreSQL of the killed server is gone (its watchdog stopped it, or this start did).
    expect(() => process.kill(postmaster, 0)).toThrow();
    expect(await subscribers()).toContain(email);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
