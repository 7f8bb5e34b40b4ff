import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { createTestDatabase } from '../support/test-app';
import { freePort } from '../support/free-port';

/**
 * The production recipe of deploy/, run as written: Debian's nginx (/usr/sbin/nginx, not as a daemon,
 * with its own prefix in a temporary folder) with deploy/nginx/dive-guide.conf, on loopback ports and
 * a self-signed certificate made here, in front of two processes of the built server (dist/src/main.js)
 * on one PostgreSQL. Clients connect from many loopback addresses (127.x.y.z), so nginx sees each as
 * its own client. Mixed load with writes, one process killed with SIGKILL in the middle of it.
 */
const root = join(__dirname, '..', '..');
const NGINX = '/usr/sbin/nginx';
const WORKERS = 6;
const ADMIN_PASSWORD = `deploy-${randomBytes(9).toString('hex')}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  error?: string;
}

let work: string;
let databaseUrl: string;
let siteUrl: string;
let tlsPort: number;
let httpPort: number;
let ca: Buffer;
let agent: https.Agent;
let nginx: ChildProcess;
const apps: ChildProcess[] = [];

/** One request through nginx's TLS port from the client address `from`; never rejects (status 0 on a network error). */
function call(
  method: string,
  path: string,
  { from = '127.0.0.2', body, headers = {} }: { from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = https.request(
      {
        host: '127.0.0.1',
        port: tlsPort,
        path,
        method,
        agent,
        localAddress: from,
        headers: {
          Accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length), Origin: siteUrl } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.message }));
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.message }));
    request.end(payload);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));

function startApp(port: number): ChildProcess {
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: work,
      SITE_URL: siteUrl,
      TRUST_PROXY: '1',
      SESSION_SECRET: 'deploy-test-session-secret-0123456789abcdef',
      ADMIN_PASSWORD,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  child.on('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) console.error(`app on port ${port} exited (${code ?? signal}): ${errors}`);
  });
  apps.push(child);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 150_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const readyz = (port: number) =>
  new Promise<boolean>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/readyz' }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });

/** deploy/nginx/dive-guide.conf with its production names replaced by the test's; each must be found, so the file cannot drift from what runs here. */
function siteConfig(appPorts: number[]): string {
  let text = readFileSync(join(root, 'deploy', 'nginx', 'dive-guide.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${appPorts[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${appPorts[1]} `],
    ['/etc/letsencrypt/live/example.com.au/fullchain.pem', join(work, 'cert.pem')],
    ['/etc/letsencrypt/live/example.com.au/privkey.pem', join(work, 'key.pem')],
    ['/var/cache/nginx/dive-guide', join(work, 'cache')],
    ['root /srv/dive-guide/dist/public;', `root ${join(work, 'static')};`],
  ];
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/nginx/dive-guide.conf no longer contains "${from}"`);
    text = text.split(from).join(to);
  }
  return text;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'adg-deploy-'));
  chmodSync(work, 0o755); // nginx's workers run as nobody when the tests run as root
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  ca = readFileSync(join(work, 'cert.pem'));
  agent = new https.Agent({ keepAlive: true, ca, maxSockets: 64 });
  cpSync(join(root, 'dist', 'public', 'assets'), join(work, 'static', 'assets'), { recursive: true });
  execFileSync(process.execPath, [join(root, 'deploy', 'precompress-assets.mjs'), join(work, 'static', 'assets')], { stdio: 'ignore' });

  databaseUrl = await createTestDatabase();
  [tlsPort, httpPort] = [await freePort(), await freePort()];
  const appPorts = [await freePort(), await freePort()];
  siteUrl = `https://127.0.0.1:${tlsPort}`;
  for (const port of appPorts) startApp(port);

  const prefix = `${work}/`;
  cpSync('/etc/nginx/mime.types', join(work, 'mime.types'));
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      `worker_processes 1;`,
      `pid ${join(work, 'nginx.pid')};`,
      `error_log ${join(work, 'error.log')} warn;`,
      `events { worker_connections 512; }`,
      `http {`,
      `  include ${join(work, 'mime.types')};`,
      `  access_log ${join(work, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(work, `${kind}-temp`)};`),
      siteConfig(appPorts),
      `}`,
    ].join('\n'),
  );
  await Promise.all(appPorts.map((port) => waitFor(`the app on port ${port}`, () => readyz(port))));
  nginx = spawn(NGINX, ['-p', prefix, '-c', join(work, 'nginx.conf'), '-e', join(work, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
  await waitFor('nginx', async () => (await call('GET', '/healthz')).status === 200, 20_000);
}, 300_000);

afterAll(async () => {
  agent?.destroy();
  // SIGTERM (nginx stops at once, the apps drain within 10 s), SIGKILL for anything still there after 15 s.
  const running = [nginx, ...apps].filter((child) => child && child.exitCode === null && child.signalCode === null);
  const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const force = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), 15_000);
  await Promise.all(exits);
  clearTimeout(force);
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

describe('deploy/: nginx in front of two processes', () => {
  it('ends TLS: plain HTTP is sent to https, and the built assets come from nginx precompressed', async () => {
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: httpPort, path: '/blog' }, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/blog');

    const script = readdirSync(join(work, 'static', 'assets')).find(
      (name) => name.endsWith('.js') && existsSync(join(work, 'static', 'assets', `${name}.gz`)),
    )!;
    const original = readFileSync(join(work, 'static', 'assets', script));
    const gzipped = await call('GET', `/assets/${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['x-request-id']).toBeUndefined(); // nginx's own answer: the app never saw it
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true);
    const identity = await call('GET', `/assets/${script}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);
  });

  it("keeps anonymous pages for the app's s-maxage, and never answers a request with the admin session from that cache", async () => {
    const first = await call('GET', '/learn-to-dive');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('s-maxage=');
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await call('GET', '/learn-to-dive', { from: '127.0.0.3' });
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);
    const withSession = await call('GET', '/learn-to-dive', { headers: { Cookie: '__Host-adg.sid=s%3Aanything' } });
    expect(withSession.headers['x-cache-status']).toBe('BYPASS');
  });

  it('keys the rate limits by the address nginx saw: a forged X-Forwarded-For neither escapes the limit nor is recorded', async () => {
    const statuses: number[] = [];
    const emails = Array.from({ length: 6 }, (_, i) => `forged.${i}.${randomBytes(3).toString('hex')}@example.com`);
    for (const [i, email] of emails.entries()) {
      const answer = await call('POST', '/api/newsletter/subscribe', {
        from: '127.0.9.9',
        body: { email },
        headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another client is not limited by that one.
    expect(
      (await call('POST', '/api/newsletter/subscribe', { from: '127.0.9.10', body: { email: `other.${randomBytes(3).toString('hex')}@example.com` } })).status,
    ).toBe(201);

    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(`SELECT DISTINCT "consentIp" FROM newsletters WHERE email = ANY($1)`, [emails]);
    await client.end();
    expect(rows).toEqual([{ consentIp: '127.0.9.9' }]);
  });

  it('loses no acknowledged write when a process is killed with SIGKILL under mixed load, and the admin session carries on through the other', async () => {
    const login = await call('POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.includes('adg.sid='))!;
    // https at the proxy: the __Host- cookie, Secure, though the app itself was reached over plain HTTP.
    expect(setCookie).toMatch(/^__Host-adg\.sid=/);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    const admin = { Cookie: setCookie.split(';')[0] };

    const articles = json(await call('GET', '/api/articles')) as { id: number }[];
    const run = randomBytes(3).toString('hex');
    const pages = ['/', '/blog', '/dive-sites', '/gear-reviews', '/about'];
    const reads = ['/api/articles', '/api/products', '/api/dive-sites'];
    type Write = { kind: 'comment' | 'subscriber' | 'product'; key: string; answer: Answer; afterKill: boolean };
    const writes: Write[] = [];
    const failures: { path: string; status: number; error?: string }[] = [];
    let killed = false;
    let done = 0;
    let sequence = 0;
    // Each client address sends at most 4 writes of a kind: under every public limit, so each write the
    // app refuses would be a failure of the recipe, not of the load.
    const address = (n: number, kind: number) => `127.${10 + kind}.${Math.floor(n / 4 / 250)}.${1 + (Math.floor(n / 4) % 250)}`;

    const operation = async () => {
      const n = ++sequence;
      const roll = n % 20;
      let path: string;
      let answer: Answer;
      if (roll < 6) answer = await call('GET', (path = pages[n % pages.length]), { from: address(n, 0) });
      else if (roll < 9) answer = await call('GET', (path = reads[n % reads.length]), { from: address(n, 0) });
      else if (roll < 13) {
        const key = `Deploy test ${run} comment ${n} through nginx`;
        path = `/api/articles/${articles[n % articles.length].id}/comments`;
        const afterKill = killed;
        answer = await call('POST', path, { from: address(n, 1), body: { name: 'Deploy Tester', content: key } });
        writes.push({ kind: 'comment', key, answer, afterKill });
      } else if (roll < 17) {
        const key = `deploy.${run}.${n}@example.com`;
        path = '/api/newsletter/subscribe';
        const afterKill = killed;
        answer = await call('POST', path, { from: address(n, 2), body: { email: key } });
        writes.push({ kind: 'subscriber', key, answer, afterKill });
      } else {
        const key = `Deploy test ${run} product ${n}`;
        path = '/api/products';
        const afterKill = killed;
        answer = await call('POST', path, { from: address(n, 3), body: { name: key }, headers: admin });
        writes.push({ kind: 'product', key, answer, afterKill });
      }
      if (answer.status === 0 || answer.status >= 500) failures.push({ path, status: answer.status, error: answer.error });
      done++;
    };

    const KILL_AT = 120;
    const STOP_AT = 360;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (done < STOP_AT) {
          if (!killed && done >= KILL_AT) {
            killed = true;
            apps[0].kill('SIGKILL');
          }
          await operation();
        }
      }),
    );
    expect(killed).toBe(true);
    expect(apps[0].signalCode ?? (await new Promise((resolve) => apps[0].once('exit', (_code, signal) => resolve(signal))))).toBe('SIGKILL');

    // Through the one process left: the session signed in before the kill, and an admin write.
    const session = await call('GET', '/api/admin/session', { headers: admin });
    expect(session.status).toBe(200);
    const after = await call('POST', '/api/products', { body: { name: `Deploy test ${run} product after the kill` }, headers: admin });
    expect(after.status).toBe(201);
    writes.push({ kind: 'product', key: `Deploy test ${run} product after the kill`, answer: after, afterKill: true });

    const acknowledged = writes.filter((write) => write.answer.status >= 200 && write.answer.status < 300);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const keys = (kind: Write['kind']) => acknowledged.filter((write) => write.kind === kind).map((write) => write.key);
    const found = [
      ...(await client.query(`SELECT content AS key FROM comments WHERE content = ANY($1)`, [keys('comment')])).rows,
      ...(await client.query(`SELECT email AS key FROM newsletters WHERE email = ANY($1)`, [keys('subscriber')])).rows,
      ...(await client.query(`SELECT name AS key FROM products WHERE name = ANY($1)`, [keys('product')])).rows,
    ].map((row: { key: string }) => row.key);
    await client.end();

    const report = {
      requests: done,
      writesSent: writes.length,
      acknowledged: acknowledged.length,
      acknowledgedAfterKill: acknowledged.filter((write) => write.afterKill).length,
      found: found.length,
      failedDuringFailover: failures.length,
      failures,
    };
    console.info(`deploy failover: ${JSON.stringify(report)}`);
    // No acknowledged write lost, none stored twice.
    expect(found.sort()).toEqual(acknowledged.map((write) => write.key).sort());
    // Every write was either acknowledged or failed at the kill; none was refused (the limits are per client).
    expect(writes.filter((write) => write.answer.status >= 300 && write.answer.status < 500).map((write) => write.answer.status)).toEqual([]);
    // Only what was in flight at the kill may fail: nginx sends everything after it to the other process.
    expect(failures.length).toBeLessThanOrEqual(WORKERS);
    expect(report.acknowledgedAfterKill).toBeGreaterThan(20);
  }, 120_000);
});
