import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The one-click unsubscribe's 'not valid' page (a made-up token, issue 41) goes out compressed already
 * (src/http/fixed-body.ts) rather than through the compression stage each time. Whatever the client
 * accepts, the answer is the one the compression stage gives the same page: the opened link with the same
 * bogus token (a GET, rendered and compressed as usual) is the reference.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, still encoded. */
  bytes: Buffer;
}

/** One request with nothing decoded for us: the bytes as they came. */
function raw(method: 'GET' | 'POST', path: string, acceptEncoding: string | null): Promise<Raw> {
  const body = method === 'POST' ? 'List-Unsubscribe=One-Click' : '';
  const headers: Record<string, string> = { accept: 'text/html' };
  if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${t.baseUrl}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

function decoded({ headers, bytes }: Raw): string {
  const encoding = headers['content-encoding'];
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
  return plain.toString('utf8');
}

/** What an answer says beyond its framing (length or chunks) and the per-request headers. */
const meaning = ({ status, headers }: Raw) => ({
  status,
  type: headers['content-type'],
  encoding: headers['content-encoding'],
  vary: headers.vary,
  etag: headers.etag,
  cacheControl: headers['cache-control'],
  referrerPolicy: headers['referrer-policy'],
  robots: headers['x-robots-tag'],
});

describe('one-click unsubscribe with a made-up token', () => {
  it.each([
    ['br, gzip and deflate (a browser)', 'gzip, deflate, br'],
    ['gzip only', 'gzip'],
    ['deflate only', 'deflate'],
    ['gzip preferred by weight', 'br;q=0.5, gzip'],
    ['anything', '*'],
    ['identity only', 'identity'],
    ['nothing it can compress', 'compress, x-unknown'],
    ['no Accept-Encoding at all', null],
  ])('answers as the compression stage does, accepting %s', async (_label, acceptEncoding) => {
    const reference = await raw('GET', '/newsletter/unsubscribe?token=made-up-reference', acceptEncoding);
    expect(reference.status).toBe(404);
    expect(decoded(reference)).toContain('This unsubscribe link is not valid');
    // Twice: the first answer compresses the page, the second sends what was kept.
    for (const token of ['made-up-1', 'made-up-2']) {
      const answer = await raw('POST', `/newsletter/unsubscribe?token=${token}`, acceptEncoding);
      expect(meaning(answer)).toEqual(meaning(reference));
      expect(decoded(answer)).toBe(decoded(reference));
    }
  });
});

/** A confirmed subscriber, put in by SQL: its address and unsubscribe token. */
async function subscriber(): Promise<{ email: string; token: string }> {
  const unique = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
  const email = `fixed-page.${unique}@example.com`;
  const token = `fixed-page-${unique}`;
  await t.dataSource.query(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "consentIp", "consentedAt", "confirmedAt")
     VALUES ($1, true, $2, 'home', '127.0.0.1', now(), now())`,
    [email, token],
  );
  return { email, token };
}

describe('one-click unsubscribe of a real subscriber', () => {
  it.each([
    ['br, gzip and deflate (a browser)', 'gzip, deflate, br'],
    ['gzip only', 'gzip'],
    ['deflate only', 'deflate'],
    ['identity only', 'identity'],
    ['no Accept-Encoding at all', null],
  ])('unsubscribes and answers as the compression stage does, accepting %s', async (_label, acceptEncoding) => {
    const { email, token } = await subscriber();
    const answer = await raw('POST', `/newsletter/unsubscribe?token=${token}`, acceptEncoding);
    expect(answer.status).toBe(200);
    expect(decoded(answer)).toContain('You have been unsubscribed');
    expect(decoded(answer)).toContain(email);
    const [row] = await t.dataSource.query(`SELECT "subscribed" FROM "newsletters" WHERE "email" = $1`, [email]);
    expect(row.subscribed).toBe(false);
    // Opening the link afterwards shows the same page, rendered and compressed as usual.
    const reference = await raw('GET', `/newsletter/unsubscribe?token=${token}`, acceptEncoding);
    expect(meaning(answer)).toEqual(meaning(reference));
    expect(decoded(answer)).toBe(decoded(reference));
  });
});
