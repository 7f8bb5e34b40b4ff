import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Article } from 'src/articles/article.entity';
import { Comment } from 'src/comments/comment.entity';
import { Clock } from 'src/common/clock';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { signInAsAdmin } from '../support/admin';
import { ADMIN_TEST_PASSWORD, createTestDatabase, startTestApp, type TestApp } from '../support/test-app';

/** Issue 27 (hostile input, round three): what one request from anyone must not be able to do. */

let t: TestApp;
let article: Article;
let ip = 0;
/** A made-up client address per request (TRUST_PROXY=1), so the per-address limits stay out of the way. */
const nextIp = () => `10.27.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
  article = (await t.dataSource.getRepository(Article).findOne({ where: { published: true }, order: { id: 'ASC' } }))!;
});

afterAll(() => t.close());

const commentsOf = (content: string) => t.dataSource.getRepository(Comment).countBy({ content });

describe('F1: admin routes read no byte of a body without a session', () => {
  it.each(['/api/admin/import', '/api/admin/import/preview', '/API/ADMIN/IMPORT', '/api/Admin/Import/Preview/'])(
    'answers %s 401 without a session, before reading a malformed body',
    async (path) => {
      const response = await request(t.baseUrl).post(path).set('X-Forwarded-For', nextIp()).set('Content-Type', 'application/json').send('{"a":');
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('Authentication required');
    },
  );

  it('answers a path under the import prefix that is no route 404, without parsing its body', async () => {
    const response = await request(t.baseUrl)
      .post('/api/admin/import-anything')
      .set('X-Forwarded-For', nextIp())
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(response.status).toBe(404);
  });

  it('refuses, with a session, an import body of more values than the limit, naming it (413)', async () => {
    const admin = await signInAsAdmin(t);
    const body = `[${'[],'.repeat(600_000)}[]]`;
    const response = await admin.post('/api/admin/import/preview').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('The request body holds more than 500,000 values');
  });
});

describe('F4: the JSON API takes JSON only, and only from this site', () => {
  const comment = (content: string) => ({ name: 'Cross Site', content });

  it.each([
    ['application/x-www-form-urlencoded', (content: string) => `name=X&content=${encodeURIComponent(content)}`],
    ['text/plain', (content: string) => JSON.stringify(comment(content))],
    ['multipart/form-data; boundary=x', (content: string) => `--x\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n--x--\r\n`],
  ])('refuses a comment sent as %s with 415 and a JSON body, and stores nothing', async (type, body) => {
    const content = `Sent as ${type}, which a page on another site can send.`;
    const response = await request(t.baseUrl)
      .post(`/api/articles/${article.id}/comments`)
      .set('X-Forwarded-For', nextIp())
      .set('Content-Type', type)
      .send(body(content));
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ statusCode: 415, error: 'Content-Type must be application/json' });
    expect(await commentsOf(content)).toBe(0);
  });

  it('refuses the finding as sent: a urlencoded comment from another origin', async () => {
    const content = 'Cross-site comment accepted.';
    const response = await request(t.baseUrl)
      .post(`/api/articles/${article.id}/comments`)
      .set({ Origin: 'https://evil.example', 'X-Forwarded-For': nextIp() })
      .type('form')
      .send({ name: 'X', content });
    expect([403, 415]).toContain(response.status);
    expect(await commentsOf(content)).toBe(0);
  });

  it.each([
    ['another Origin', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.localhost:3000' }],
    ['an Origin equal to the Host it was sent to, not SITE_URL', 'own-host'],
  ] as [string, Record<string, string> | 'own-host'][])('refuses a JSON comment from %s (403) and stores nothing', async (_label, headers) => {
    const content = `A JSON comment from elsewhere ${ip}.`;
    const sent: Record<string, string> = headers === 'own-host' ? { Origin: t.baseUrl } : headers;
    const response = await request(t.baseUrl).post(`/api/articles/${article.id}/comments`).set(sent).set('X-Forwarded-For', nextIp()).send(comment(content));
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Request refused: it did not come from this site');
    expect(await commentsOf(content)).toBe(0);
  });

  it.each([
    ['/api/newsletter/subscribe', { email: 'cross.site@example.com' }],
    ['/api/contact', { name: 'X', email: 'cross.site@example.com', subject: 'Cross-site', message: 'A message sent from another site.' }],
  ])('refuses %s from another origin (403) and as a form (415)', async (path, body) => {
    await request(t.baseUrl).post(path).set({ Origin: 'https://evil.example', 'X-Forwarded-For': nextIp() }).send(body).expect(403);
    await request(t.baseUrl).post(path).set('X-Forwarded-For', nextIp()).type('form').send(body).expect(415);
    expect(await t.dataSource.getRepository(Subscriber).countBy({ email: 'cross.site@example.com' })).toBe(0);
  });

  it("takes a JSON comment from the site's own page (SITE_URL's Origin, or Sec-Fetch-Site: same-origin) and from a program that names no page", async () => {
    for (const headers of [{ Origin: t.siteOrigin }, { 'Sec-Fetch-Site': 'same-origin', Origin: t.baseUrl }, {}]) {
      const content = `A comment from the site itself ${ip}.`;
      await request(t.baseUrl).post(`/api/articles/${article.id}/comments`).set(headers).set('X-Forwarded-For', nextIp()).send(comment(content)).expect(201);
      expect(await commentsOf(content)).toBe(1);
    }
  });

  it('refuses an admin write whose Origin is the Host it was sent to rather than SITE_URL (403)', async () => {
    const admin = await signInAsAdmin(t);
    const name = 'Made with the Host as Origin';
    const response = await admin.post('/api/products').set('Origin', t.baseUrl).send({ name });
    expect(response.status).toBe(403);
    await admin.post('/api/products').send({ name: 'Made from the site' }).expect(201);
  });
});

describe('F5: the redirect after a form post never leaves the site', () => {
  it.each([`//evil.example/`, `/\\evil.example/`, `//evil.example/path?x=1`])('answers a Referer path %s with the form page', async (path) => {
    const response = await request(t.baseUrl)
      .post('/forms/newsletter')
      .type('form')
      .set({ Origin: t.siteOrigin, Referer: `${t.baseUrl}${path}`, 'X-Forwarded-For': nextIp() })
      .send({ email: 'not-an-address' })
      .expect(303);
    expect(response.headers.location).toBe('/newsletter#newsletter');
  });
});

describe('the form outcome cookie', () => {
  afterEach(() => t.app.get(Clock).reset());

  async function refusedPost(): Promise<string> {
    const answer = await request(t.baseUrl)
      .post('/forms/contact')
      .type('form')
      .set({ Origin: t.siteOrigin, Referer: `${t.baseUrl}/contact`, 'X-Forwarded-For': nextIp() })
      .send({ name: 'Kept Cookie', email: 'kept@example.com', subject: 'Kept', message: 'Short' })
      .expect(303);
    const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((line) => line.startsWith('form_outcome='))!;
    return cookie.split(';')[0];
  }

  it('is shown within its minute', async () => {
    const cookie = await refusedPost();
    const page = await request(t.baseUrl).get('/contact').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Kept Cookie');
  });

  it('is refused once a minute has passed, however long the browser kept it', async () => {
    const cookie = await refusedPost();
    t.app.get(Clock).advance(61_000);
    const page = await request(t.baseUrl).get('/contact').set('Cookie', cookie).expect(200);
    expect(page.text).not.toContain('Kept Cookie');
  });
});

describe('signing out', () => {
  it('clears the session cookie and sets no new one, so the browser is a visitor again', async () => {
    const login = await request(t.baseUrl).post('/api/admin/login').set('Origin', t.siteOrigin).send({ password: ADMIN_TEST_PASSWORD }).expect(200);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('adg.sid='))!
      .split(';')[0];
    const response = await request(t.baseUrl).post('/api/admin/logout').set({ Cookie: cookie, Origin: t.siteOrigin }).expect(200);
    const set = ([] as string[]).concat(response.headers['set-cookie'] ?? []).filter((line) => line.startsWith('adg.sid='));
    expect(set.length).toBeGreaterThan(0);
    for (const line of set) expect(line).toMatch(/^adg\.sid=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('F1: the 31 MB nested body against the built server, its heap capped at 192 MB (half the image cap)', () => {
  const HEAP_CAP_MB = 192;
  // Resident memory holds more than the heap (V8's code, the threads' stacks, buffers outside it, the 31 MB
  // read): a bounded allowance above the cap, where the code before F1's fix died of the heap limit itself.
  // Measured peaks: 199-246 MB alone, 257 MB once under the whole suite's load (its garbage collected later).
  const RSS_LIMIT_MB = HEAP_CAP_MB + 96;
  const port = 3900 + Math.floor(Math.random() * 100);
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = '';
  // 31 MB of `[],`: valid JSON that JSON.parse would make some 10 million arrays.
  const nested = Buffer.from(`[${'[],'.repeat(Math.floor((31 * 1024 * 1024) / 3))}[]]`);

  /** The child's peak resident memory (VmHWM) since resetPeak(), in MB. */
  const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  /** Starts the peak again from the present resident memory (Linux: 5 > /proc/pid/clear_refs). */
  const resetPeak = () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5');

  /** Sends the whole body (or as much as the server reads before it answers). */
  function post(path: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const sent = http.request(
        `${base}${path}`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, ...headers } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  async function alive(): Promise<void> {
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    child = spawn(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, join(__dirname, '..', '..', 'dist', 'src', 'main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: base,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'adg-hostile-')),
        SESSION_SECRET: 'test-session-secret-that-is-long-enough',
        ADMIN_PASSWORD: ADMIN_TEST_PASSWORD,
        SEED_ON_START: 'false',
        LOG_LEVEL: 'error',
        // As every production start sets it (package.json's start:prod, the image, the systemd unit).
        MALLOC_ARENA_MAX: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || i > 600) throw new Error(`the server did not start:\n${output}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 90_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('answers it 401 without a session, reading none of it, and stays up below the cap', async () => {
    resetPeak();
    const answer = await post('/api/admin/import', nested, {});
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error).toBe('Authentication required');
    await alive();
    expect(peakRssMb()).toBeLessThan(RSS_LIMIT_MB);
  }, 60_000);

  it('answers it a clear 413 with a session, and stays up below the cap', async () => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ password: ADMIN_TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    // The answer ends once the session is stored (express-session holds its last byte till then): read it whole
    // before using the cookie, as the admin screen does.
    await login.text();
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    for (const path of ['/api/admin/import', '/api/admin/import/preview']) {
      resetPeak();
      const answer = await post(path, nested, { Cookie: cookie, Origin: base });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error).toBe('The request body holds more than 500,000 values');
      await alive();
      expect(peakRssMb()).toBeLessThan(RSS_LIMIT_MB);
    }
  }, 120_000);
});
