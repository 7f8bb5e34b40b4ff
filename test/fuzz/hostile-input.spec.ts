import http from 'node:http';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { CONTENT_FORMAT, CONTENT_VERSION } from 'core/api/content-transfer';
import { dayIn } from 'core/reports';
import { ADMIN_TEST_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { NULL_CHARACTER_MESSAGE } from 'src/http/null-characters';

/**
 * Hostile input on every call of SPEC section 7 (public, and admin with a signed-in session): wrong
 * types, missing and extra fields, huge strings, unicode, lone surrogates and null bytes, deep nesting,
 * malformed JSON, oversized bodies, bad ids, path tricks, SQL and HTML payloads, odd content types.
 *
 * Every answer must be a 2xx, or a 4xx with the JSON error body; never a 5xx. A refused request must
 * leave the database exactly as it was (row count and checksum of every table but the audit log, the
 * rate-limit counters and the sessions, which legitimately change).
 *
 * FUZZ_RUNS cases per call: 30 inside `npm test`, 1000 with `npm run test:fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const BODY_LIMIT = 100 * 1024;

let t: TestApp;
let adminCookie = '';
let tables: string[] = [];
let snapshot = '';
const tally: Record<string, Record<string, number>> = {};

// ---- the raw client: no URL normalisation, any bytes, any content type ---------------------------
interface Answer {
  status: number;
  body: string;
  contentType: string;
}

let ipCounter = 0;
function send(
  method: string,
  path: string,
  options: { body?: Buffer; contentType?: string; admin?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(t.baseUrl);
  // A fresh made-up client address per request (TRUST_PROXY=1): the per-address limits stay out of the way.
  ipCounter++;
  const headers: Record<string, string | number> = {
    Accept: 'application/json',
    'X-Forwarded-For': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  };
  if (options.body) {
    headers['Content-Length'] = options.body.length;
    if (options.contentType) headers['Content-Type'] = options.contentType;
  }
  if (options.admin) {
    headers.Cookie = adminCookie;
    headers.Origin = t.siteOrigin;
  }
  Object.assign(headers, options.headers);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          contentType: String(response.headers['content-type'] ?? ''),
        }),
      );
    });
    request.setTimeout(20_000, () => request.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer 413 and close before taking the whole body.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: -1, body: '', contentType: '' });
      else reject(error);
    });
    if (options.body) request.write(options.body);
    request.end();
  });
}

async function checksum(): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${table}" x`,
      );
      return `${table}:${row.n}:${row.sum}`;
    }),
  );
  return parts.join('\n');
}

// ---- hostile values --------------------------------------------------------------------------------
const PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE articles; --',
  "'); DELETE FROM dive_sites; --",
  '" OR ""="',
  "admin'--",
  '%27%20OR%201=1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '${jndi:ldap://127.0.0.1/a}',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  'null\u0000byte',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\uFEFF\u200B\u200D',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'ﷺ'.repeat(50),
  '\r\nSet-Cookie: evil=1',
  'a'.repeat(5000),
  'é'.repeat(40_000),
  '-1',
  '1e308',
  'NaN',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...PAYLOADS),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

const deepObject = fc.integer({ min: 20, max: 400 }).map((depth) => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
});

const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -0, 3e-323, 1e-7, 1e21, 0.1 + 0.2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('hostile'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', 'id')), tie('hostile'), {
      maxKeys: 4,
    }),
    deepObject,
  ),
}));

const MISSING = Symbol('missing');
const MALFORMED = [
  '{',
  '{"a":',
  "{'a': 1}",
  '[1, 2',
  'nul',
  '{"a":1}}',
  '{"a":01}',
  '{"a":"\\x00"}',
  '\u0000',
  ' ',
  '{"a":"\uD800"}',
  '{"__proto__":{"admin":true}}',
  'true',
  '"text"',
  '1',
  'null',
];

type BodyCase =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  /** A well-formed JSON body sent from another site's page (Origin or Sec-Fetch-Site): always 403. */
  | { kind: 'cross-site'; value: unknown; headers: Record<string, string> }
  | { kind: 'bytes'; data: Buffer; contentType: string }
  | { kind: 'oversized' }
  | { kind: 'none' };

function bodyCases(valid: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, value]) => [
      key,
      fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: fc.constant(MISSING) }, { weight: 3, arbitrary: hostile }),
    ]),
  );
  const mutated = fc
    .tuple(
      fc.record(fields),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('id', 'createdAt', 'isAdmin', '__proto__', 'role')), hostile, { maxKeys: 3 }),
    )
    .map(([record, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      for (const [key, value] of Object.entries(record)) if (value !== MISSING) body[key] = value;
      return { kind: 'json', value: body } as BodyCase;
    });
  return fc.oneof(
    { weight: 10, arbitrary: mutated },
    { weight: 2, arbitrary: hostile.map((value) => ({ kind: 'json', value }) as BodyCase) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...MALFORMED),
            fc.string({ unit: 'binary', maxLength: 60 }),
            fc.integer({ min: 10, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
          ),
          fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        )
        .map(([text, contentType]) => ({ kind: 'raw', text, contentType }) as BodyCase),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constant(JSON.stringify(valid)), fc.string({ maxLength: 60 })),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/vnd.api+json',
            '',
          ),
        )
        .map(([text, contentType]) => ({ kind: 'raw', text, contentType }) as BodyCase),
    },
    {
      weight: 1,
      // Many tiny values (`[[],[],...]`), the shape that made the heap blow up (issue 27).
      arbitrary: fc.integer({ min: 1, max: 30_000 }).map((n) => ({ kind: 'raw', text: `[${'[],'.repeat(n)}[]]`, contentType: 'application/json' }) as BodyCase),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<Record<string, string>>(
          { Origin: 'https://evil.example' },
          { Origin: 'null' },
          { 'Sec-Fetch-Site': 'cross-site' },
          { 'Sec-Fetch-Site': 'same-site' },
          { Origin: 'http://127.0.0.1' },
        )
        .map((headers) => ({ kind: 'cross-site', value: valid, headers }) as BodyCase),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'oversized' } as BodyCase) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as BodyCase) },
  );
}

function encodeBody(body: BodyCase, limit = BODY_LIMIT): { body?: Buffer; contentType?: string; headers?: Record<string, string> } {
  switch (body.kind) {
    case 'cross-site':
      return { body: Buffer.from(JSON.stringify(body.value) ?? 'null'), contentType: 'application/json', headers: body.headers };
    case 'json':
      return { body: Buffer.from(JSON.stringify(body.value) ?? 'null'), contentType: 'application/json' };
    case 'raw':
      return { body: Buffer.from(body.text), contentType: body.contentType || undefined };
    case 'bytes':
      return { body: body.data, contentType: body.contentType };
    case 'oversized':
      return { body: Buffer.from(JSON.stringify({ content: 'x'.repeat(limit + 10) })), contentType: 'application/json' };
    default:
      return {};
  }
}

// Uploads: files that are no image, damaged ones, a bomb, a real image, under hostile names and field names,
// in well-formed and broken multipart bodies. The images are made in beforeAll.
const uploadSamples: Record<string, Buffer> = {};

function multipartCases(): fc.Arbitrary<BodyCase> {
  const content = fc.oneof(
    fc.constantFrom(...Object.values(uploadSamples)),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
    hostileString.map((text) => Buffer.from(text)),
  );
  const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: hostileString });
  const fileName = fc.oneof(fc.constantFrom('photo.png', 'photo.jpg', '', '../../etc/passwd', 'a"b.png', 'x.svg'), hostileString);
  const partType = fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', '');
  const boundary = 'fuzzboundary0123';
  const wellFormed = fc.tuple(content, fieldName, fileName, partType, fc.boolean()).map(([data, field, name, type, extraField]) => {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
    const extra = extraField ? `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n<script>alert(1)</script>\r\n` : '';
    const body = Buffer.concat([Buffer.from(extra + head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { kind: 'bytes', data: body, contentType: `multipart/form-data; boundary=${boundary}` } as BodyCase;
  });
  const broken = fc
    .tuple(
      content,
      fc.constantFrom(`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x'),
    )
    .map(
      ([data, contentType]) =>
        ({
          kind: 'bytes',
          data: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\n`), data]),
          contentType,
        }) as BodyCase,
    );
  return fc.oneof({ weight: 6, arbitrary: wellFormed }, { weight: 2, arbitrary: broken }, { weight: 1, arbitrary: bodyCases({}) });
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate becomes U+FFFD's bytes). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

// Ids and path segments: valid, missing, out of range, not numbers, encoded tricks.
const badId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '%201',
    '1%20',
    '+1',
    '01',
    '2147483648',
    '99999999999999999999',
    'abc',
    'null',
    'undefined',
    '%00',
    '1%00',
    '%2e%2e',
    '..',
    '..%2F..%2Fadmin',
    '%252e',
    '1;DROP%20TABLE%20articles',
    "1'%20OR%20'1'='1",
    '%3Cscript%3E',
    '%F0%9F%90%A0',
    '%C0%AE',
    '%E2%80%AE',
    '1/..',
    '1/../../admin/session',
    '/1',
    '1?x=1',
    '1#a',
    '%',
    '%ZZ',
  ),
  fc.integer({ min: 1, max: 2147483647 }).map(String),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encode),
);

function segment(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: badId });
}

// Query strings: hostile values, repeated keys (arrays), bracket keys (objects), odd encodings.
const queryValue = fc.oneof(hostileString.map(encode), fc.constantFrom('%', '%00', '%ZZ', '', '+', '%E2%80%AE', 'a%5B%5D'));
function queryCases(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...keys),
    fc.constantFrom(...keys.map((k) => `${k}[]`), ...keys.map((k) => `${k}[a]`), '__proto__[x]', 'admin'),
    fc.string({ maxLength: 8 }).map(encode),
  );
  return fc.array(fc.tuple(key, queryValue), { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

// ---- the calls of SPEC section 7 -----------------------------------------------------------------
interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  admin?: boolean;
  /** The path with hostile ids in it. */
  path: () => fc.Arbitrary<string>;
  /** A valid body: the fields are mutated from it. */
  body?: Record<string, unknown>;
  /** Query keys worth attacking. */
  query?: string[];
  /** A multipart upload: its bodies are files (multipartCases). */
  multipart?: boolean;
  /** A JSON body limit other than the API's 100 kB (the content import's). */
  bodyLimit?: number;
}

const fixtures = {
  articleIds: ['1'],
  articleSlugs: ['x'],
  reviewSlugs: ['x'],
  reviewIds: ['1'],
  productIds: ['1'],
  siteIds: ['1'],
  subscriberIds: ['1'],
  slideIds: ['1'],
  commentIds: ['1'],
  categories: ['Masks'],
};

const fixed = (path: string) => () => fc.constant(path);
const article = {
  title: 'Fuzzed article',
  slug: 'fuzzed-article',
  excerpt: 'An excerpt',
  content: '## Heading\n\nBody text.',
  category: 'Tips',
  imageUrl: '/media/blog/a.svg',
  videoUrl: null,
  author: 'Fuzzer',
  published: false,
  publishedAt: null,
};
const review = {
  title: 'Fuzzed review',
  slug: 'fuzzed-review',
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'Masks',
  imageUrl: '/media/a.svg',
  price: '99.00',
  purchaseLink: 'https://example.com/p',
  rating: '4.5',
  author: 'Fuzzer',
  published: false,
  featured: false,
  publishedAt: null,
};
const product = {
  name: 'Fuzzed product',
  category: 'Fins',
  description: 'A product',
  price: 10.5,
  rating: 4,
  reviewCount: 3,
  affiliateLink: 'https://example.com/p',
  imageUrl: '/media/a.svg',
  featured: false,
  published: false,
};
const slide = {
  title: 'Fuzzed slide',
  videoUrl: '/media/video/a.mp4',
  description: 'A slide',
  ctaText: 'Go',
  ctaUrl: '/dive-sites',
  posterImageUrl: '/media/a.svg',
  ordering: 1,
  published: false,
};
const site = {
  name: 'Fuzzed Reef',
  region: 'Queensland',
  latitude: -16.5,
  longitude: 145.9,
  description: 'A reef',
  skillLevel: 'Beginner',
  depthRange: '5-18m',
  waterTemp: '24-28°C',
  visibility: '15m',
  bestTime: 'Winter',
  marineLife: 'Turtles',
  hazards: 'Current',
  facilities: 'Boats',
  imageUrl: null,
  videoUrl: null,
  videoThumbnail: null,
  reviewLink: null,
  blogSlug: null,
  featured: false,
  kind: 'reef',
  access: 'boat',
  status: 'restricted',
  statusNote: 'Permit needed',
  statusSince: '2025-05-01',
  statusSource: 'https://example.com/notice',
  lastChecked: '2026-11-25',
  sources: [{ title: 'Notice', url: 'https://example.com/notice' }],
};

/** A content file (src/content-transfer) with one of each record, for the import's fields to be mutated from. */
const contentFile = {
  format: CONTENT_FORMAT,
  version: CONTENT_VERSION,
  exportedAt: '2026-11-24T00:00:00.000Z',
  content: {
    articles: [{ ...article, slug: 'fuzzed-article', published: false }],
    diveSites: [site],
    carouselSlides: [slide],
    subscribers: [{ email: 'fuzz@example.com' }],
  },
};
const IMPORT_LIMIT = 32 * 1024 * 1024;

const ENDPOINTS: Endpoint[] = [
  // Public reads
  { name: 'GET /api/articles', method: 'GET', path: fixed('/api/articles'), query: ['admin', 'category', 'limit'] },
  { name: 'GET /api/articles/slug/{slug}', method: 'GET', path: () => segment(fixtures.articleSlugs).map((s) => `/api/articles/slug/${s}`) },
  { name: 'GET /api/articles/{id}/comments', method: 'GET', path: () => segment(fixtures.articleIds).map((id) => `/api/articles/${id}/comments`) },
  {
    name: 'POST /api/articles/{id}/comments',
    method: 'POST',
    path: () => segment(fixtures.articleIds).map((id) => `/api/articles/${id}/comments`),
    body: { name: 'Fuzzer', content: 'A comment long enough.', email: 'fuzz@example.com', website: '' },
  },
  { name: 'GET /api/reviews/published', method: 'GET', path: fixed('/api/reviews/published'), query: ['admin', 'category'] },
  {
    name: 'GET /api/reviews/category/{category}',
    method: 'GET',
    path: () => segment(fixtures.categories.map(encode)).map((c) => `/api/reviews/category/${c}`),
  },
  { name: 'GET /api/reviews/slug/{slug}', method: 'GET', path: () => segment(fixtures.reviewSlugs).map((s) => `/api/reviews/slug/${s}`) },
  { name: 'GET /api/products', method: 'GET', path: fixed('/api/products'), query: ['admin'] },
  { name: 'GET /api/products/featured', method: 'GET', path: fixed('/api/products/featured') },
  { name: 'GET /api/locations/featured', method: 'GET', path: fixed('/api/locations/featured') },
  { name: 'GET /api/dive-sites', method: 'GET', path: fixed('/api/dive-sites'), query: ['region', 'q', 'skill', 'depth', 'kind', 'access'] },
  { name: 'GET /api/dive-sites/search', method: 'GET', path: fixed('/api/dive-sites/search'), query: ['q'] },
  {
    name: 'GET /api/dive-sites/map/view',
    method: 'GET',
    path: fixed('/api/dive-sites/map/view'),
    query: ['bbox', 'zoom', 'search', 'region', 'skill', 'depth'],
  },
  { name: 'GET /api/dive-sites/map/matches', method: 'GET', path: fixed('/api/dive-sites/map/matches'), query: ['search', 'region', 'skill', 'depth'] },
  { name: 'GET /api/dive-sites/by-review-url', method: 'GET', path: fixed('/api/dive-sites/by-review-url'), query: ['url'] },
  { name: 'GET /api/dive-sites/{id}', method: 'GET', path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}`) },
  { name: 'GET /api/dive-sites/{id}/ratings', method: 'GET', path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/ratings`) },
  {
    name: 'GET /api/dive-sites/{id}/tides',
    method: 'GET',
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/tides`),
    query: ['from', 'days'],
  },
  {
    name: 'POST /api/dive-sites/{id}/ratings',
    method: 'POST',
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/ratings`),
    body: { rating: 4, comment: 'Nice dive', website: '' },
  },
  {
    name: 'POST /api/dive-sites/{id}/corrections',
    method: 'POST',
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/corrections`),
    body: { field: 'hazards', suggestion: 'Strong current at the point', sourceUrl: 'https://example.com/source', email: '' },
  },
  {
    name: 'GET /api/dive-sites/{id}/reports',
    method: 'GET',
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/reports`),
    query: ['limit', 'offset'],
  },
  {
    name: 'POST /api/dive-sites/{id}/reports',
    method: 'POST',
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/reports`),
    body: {
      date: dayIn(new Date(), 'Australia/Sydney'),
      visibility: 12,
      waterTemperature: 21.5,
      current: 'light',
      surge: 'none',
      comment: 'Calm',
      name: '',
      website: '',
    },
  },
  { name: 'GET /api/dive-sites/export/geojson', method: 'GET', path: fixed('/api/dive-sites/export/geojson'), query: ['q', 'region', 'skill', 'depth'] },
  { name: 'GET /api/dive-sites/export/gpx', method: 'GET', path: fixed('/api/dive-sites/export/gpx'), query: ['q', 'region', 'skill', 'depth'] },
  { name: 'GET /api/carousel-videos', method: 'GET', path: fixed('/api/carousel-videos'), query: ['admin'] },
  { name: 'POST /api/newsletter/subscribe', method: 'POST', path: fixed('/api/newsletter/subscribe'), body: { email: 'fuzz-reader@example.com', website: '' } },
  {
    name: 'POST /api/contact',
    method: 'POST',
    path: fixed('/api/contact'),
    body: { name: 'Fuzzer', email: 'fuzz@example.com', subject: 'Hello', message: 'A message long enough to be accepted.', website: '' },
  },
  { name: 'POST /api/admin/login', method: 'POST', path: fixed('/api/admin/login'), body: { password: 'not-the-password-at-all' } },
  { name: 'GET /img', method: 'GET', path: fixed('/img'), query: ['src', 'w', 'q', 'fit'] },
  // Admin
  { name: 'GET /api/admin/session', method: 'GET', admin: true, path: fixed('/api/admin/session') },
  { name: 'POST /api/admin/update-sitemap', method: 'POST', admin: true, path: fixed('/api/admin/update-sitemap'), body: {} },
  { name: 'GET /api/admin/security-dashboard', method: 'GET', admin: true, path: fixed('/api/admin/security-dashboard'), query: ['hours', 'limit'] },
  { name: 'GET /api/admin/audit-log', method: 'GET', admin: true, path: fixed('/api/admin/audit-log'), query: ['q', 'limit', 'offset'] },
  { name: 'GET /api/articles?admin=true', method: 'GET', admin: true, path: fixed('/api/articles'), query: ['admin', 'category'] },
  { name: 'POST /api/articles', method: 'POST', admin: true, path: fixed('/api/articles'), body: article },
  {
    name: 'PATCH /api/articles/{id}',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.articleIds).map((id) => `/api/articles/${id}`),
    body: article,
  },
  { name: 'DELETE /api/articles/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/articles/${id}`) },
  { name: 'GET /api/reviews?admin=true', method: 'GET', admin: true, path: fixed('/api/reviews'), query: ['admin', 'category'] },
  { name: 'POST /api/reviews', method: 'POST', admin: true, path: fixed('/api/reviews'), body: review },
  { name: 'PATCH /api/reviews/{id}', method: 'PATCH', admin: true, path: () => segment(fixtures.reviewIds).map((id) => `/api/reviews/${id}`), body: review },
  { name: 'DELETE /api/reviews/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/reviews/${id}`) },
  { name: 'GET /api/products?admin=true', method: 'GET', admin: true, path: fixed('/api/products'), query: ['admin'] },
  { name: 'POST /api/products', method: 'POST', admin: true, path: fixed('/api/products'), body: product },
  {
    name: 'PATCH /api/products/{id}',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.productIds).map((id) => `/api/products/${id}`),
    body: product,
  },
  { name: 'DELETE /api/products/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/products/${id}`) },
  { name: 'GET /api/newsletter/subscribers', method: 'GET', admin: true, path: fixed('/api/newsletter/subscribers'), query: ['search', 'status'] },
  {
    name: 'PATCH /api/newsletter/subscribers/{id}',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.subscriberIds).map((id) => `/api/newsletter/subscribers/${id}`),
    body: { email: 'changed@example.com', subscribed: false },
  },
  { name: 'DELETE /api/newsletter/subscribers/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/newsletter/subscribers/${id}`) },
  { name: 'GET /api/carousel-videos?admin=true', method: 'GET', admin: true, path: fixed('/api/carousel-videos'), query: ['admin'] },
  { name: 'POST /api/carousel-videos', method: 'POST', admin: true, path: fixed('/api/carousel-videos'), body: slide },
  {
    name: 'PATCH /api/carousel-videos/{id}',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.slideIds).map((id) => `/api/carousel-videos/${id}`),
    body: slide,
  },
  { name: 'DELETE /api/carousel-videos/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/carousel-videos/${id}`) },
  { name: 'POST /api/dive-sites', method: 'POST', admin: true, path: fixed('/api/dive-sites'), body: site },
  { name: 'PUT /api/dive-sites/{id}', method: 'PUT', admin: true, path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}`), body: site },
  { name: 'DELETE /api/dive-sites/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/dive-sites/${id}`) },
  {
    name: 'PATCH /api/dive-sites/{id}/photo',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/photo`),
    body: { imageUrl: '/media/a.svg' },
  },
  {
    name: 'PATCH /api/dive-sites/{id}/video',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/video`),
    body: { videoUrl: 'https://www.youtube.com/watch?v=abc', videoThumbnail: null },
  },
  {
    name: 'PATCH /api/dive-sites/{id}/review-link',
    method: 'PATCH',
    admin: true,
    path: () => segment(fixtures.siteIds).map((id) => `/api/dive-sites/${id}/review-link`),
    body: { reviewLink: '/gear-reviews/x' },
  },
  { name: 'GET /api/dive-sites/export/csv', method: 'GET', admin: true, path: fixed('/api/dive-sites/export/csv'), query: ['q', 'region', 'skill', 'depth'] },
  { name: 'GET /api/admin/comments', method: 'GET', admin: true, path: fixed('/api/admin/comments'), query: ['filter'] },
  { name: 'DELETE /api/admin/comments/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/admin/comments/${id}`) },
  { name: 'GET /api/admin/corrections', method: 'GET', admin: true, path: fixed('/api/admin/corrections'), query: ['limit', 'offset'] },
  { name: 'POST /api/admin/corrections/{id}/accept', method: 'POST', admin: true, path: () => badId.map((id) => `/api/admin/corrections/${id}/accept`) },
  { name: 'DELETE /api/admin/corrections/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/admin/corrections/${id}`) },
  // Issue 43: notices, the 'needs checking' queue and 'Mark checked'.
  { name: 'GET /api/admin/notices', method: 'GET', admin: true, path: fixed('/api/admin/notices') },
  {
    name: 'POST /api/admin/notices',
    method: 'POST',
    admin: true,
    path: fixed('/api/admin/notices'),
    body: {
      title: 'Fuzzed notice',
      body: 'A body.',
      startsOn: '2026-01-01',
      endsOn: null,
      sourceTitle: 'Source',
      sourceUrl: 'https://example.org/n',
      siteIds: [1],
    },
  },
  {
    name: 'PUT /api/admin/notices/{id}',
    method: 'PUT',
    admin: true,
    path: () => badId.map((id) => `/api/admin/notices/${id}`),
    body: {
      title: 'Fuzzed notice',
      body: 'A body.',
      startsOn: '2026-01-01',
      endsOn: '2026-02-01',
      sourceTitle: 'Source',
      sourceUrl: 'https://example.org/n',
      siteIds: [1],
    },
  },
  { name: 'POST /api/admin/notices/{id}/end', method: 'POST', admin: true, path: () => badId.map((id) => `/api/admin/notices/${id}/end`) },
  { name: 'GET /api/admin/dive-site-checks', method: 'GET', admin: true, path: fixed('/api/admin/dive-site-checks'), query: ['limit', 'offset'] },
  {
    name: 'POST /api/admin/dive-sites/{id}/checks',
    method: 'POST',
    admin: true,
    path: () => segment(fixtures.siteIds).map((id) => `/api/admin/dive-sites/${id}/checks`),
    body: { checkedOn: '2026-01-01', fields: ['position'], sources: [{ title: 'Source', url: 'https://example.org/c' }] },
  },
  { name: 'GET /api/admin/reports', method: 'GET', admin: true, path: fixed('/api/admin/reports'), query: ['status', 'q', 'limit', 'offset'] },
  { name: 'POST /api/admin/reports/approve', method: 'POST', admin: true, path: fixed('/api/admin/reports/approve'), body: { ids: [1] } },
  { name: 'POST /api/admin/reports/reject', method: 'POST', admin: true, path: fixed('/api/admin/reports/reject'), body: { ids: [1] } },
  { name: 'POST /api/admin/reports/delete', method: 'POST', admin: true, path: fixed('/api/admin/reports/delete'), body: { ids: [1] } },
  { name: 'POST /api/admin/media', method: 'POST', admin: true, path: fixed('/api/admin/media'), multipart: true },
  { name: 'GET /api/admin/media', method: 'GET', admin: true, path: fixed('/api/admin/media') },
  { name: 'DELETE /api/admin/media/{id}', method: 'DELETE', admin: true, path: () => badId.map((id) => `/api/admin/media/${id}`) },
  { name: 'POST /api/admin/import/preview', method: 'POST', admin: true, path: fixed('/api/admin/import/preview'), body: contentFile, bodyLimit: IMPORT_LIMIT },
  { name: 'POST /api/admin/import', method: 'POST', admin: true, path: fixed('/api/admin/import'), body: contentFile, bodyLimit: IMPORT_LIMIT },
];

beforeAll(async () => {
  // A generated src naming a remote host is refused before any DNS question: the suite never leaves the machine.
  t = await startTestApp({ TRUST_PROXY: '1', IMAGE_REMOTE_HOSTS: 'images.invalid' });
  // The administrator signs in as in test/support/admin.ts; the raw client carries the cookie.
  const login = await fetch(`${t.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: t.siteOrigin },
    body: JSON.stringify({ password: ADMIN_TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  // The answer ends once the session is stored: read it whole before using the cookie.
  await login.text();
  adminCookie = login.headers.get('set-cookie')!.split(';')[0];
  expect((await send('GET', '/api/admin/session', { admin: true })).status).toBe(200);
  const ids = async (sql: string) => ((await t.dataSource.query(sql)) as { v: unknown }[]).map((row) => String(row.v));
  fixtures.articleIds = await ids('SELECT id AS v FROM articles ORDER BY id LIMIT 3');
  fixtures.articleSlugs = await ids('SELECT slug AS v FROM articles ORDER BY id LIMIT 3');
  fixtures.reviewIds = await ids('SELECT id AS v FROM reviews ORDER BY id LIMIT 3');
  fixtures.reviewSlugs = await ids('SELECT slug AS v FROM reviews ORDER BY id LIMIT 3');
  fixtures.categories = await ids('SELECT DISTINCT category AS v FROM reviews LIMIT 3');
  fixtures.productIds = await ids('SELECT id AS v FROM products ORDER BY id LIMIT 3');
  fixtures.siteIds = await ids('SELECT id AS v FROM dive_sites ORDER BY id LIMIT 3');
  fixtures.slideIds = await ids('SELECT id AS v FROM carousel_videos ORDER BY id LIMIT 3');
  fixtures.commentIds = await ids('SELECT id AS v FROM comments ORDER BY id LIMIT 3');
  await send('POST', '/api/newsletter/subscribe', {
    body: Buffer.from(JSON.stringify({ email: 'fuzz-subscriber@example.com' })),
    contentType: 'application/json',
  });
  fixtures.subscriberIds = await ids('SELECT id AS v FROM newsletters ORDER BY id LIMIT 3');
  for (const list of Object.values(fixtures)) if (list.length === 0) list.push('1');
  const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#08a' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a80' } })
    .jpeg()
    .toBuffer();
  const bomb = Buffer.from(tiny);
  bomb.writeUInt32BE(50_000, 16);
  bomb.writeUInt32BE(50_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  Object.assign(uploadSamples, {
    tiny,
    jpeg,
    bomb,
    truncated: jpeg.subarray(0, jpeg.length >> 1),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    empty: Buffer.alloc(0),
  });
  tables = (
    (await t.dataSource.query(
      `SELECT table_name AS v FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('audit_logs', 'rate_limits', 'session') ORDER BY 1`,
    )) as { v: string }[]
  ).map((row) => row.v);
  snapshot = await checksum();
}, 60_000);

afterAll(async () => {
  if (process.env.FUZZ_RUNS) {
    const lines = Object.entries(tally).map(
      ([name, statuses]) => `${name.padEnd(44)} ${Object.values(statuses).reduce((a, b) => a + b, 0)} cases  ${JSON.stringify(statuses)}`,
    );
    console.log(`Hostile input, ${RUNS} cases per call:\n${lines.join('\n')}`);
  }
  await t?.close();
});

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it(
    `answers every hostile request with a 2xx or a JSON 4xx, and a refused one changes nothing`,
    async () => {
      const withQuery = endpoint.query ? fc.tuple(endpoint.path(), queryCases(endpoint.query)).map(([path, query]) => path + query) : endpoint.path();
      const body =
        endpoint.method === 'GET' || endpoint.method === 'DELETE'
          ? fc.oneof({ weight: 9, arbitrary: fc.constant({ kind: 'none' } as BodyCase) }, { weight: 1, arbitrary: bodyCases({ a: 1 }) })
          : endpoint.multipart
            ? multipartCases()
            : bodyCases(endpoint.body ?? {});
      const counts = (tally[endpoint.name] ??= {});
      await fc.assert(
        fc.asyncProperty(withQuery, body, async (path, bodyCase) => {
          const encoded = encodeBody(bodyCase, endpoint.bodyLimit);
          const answer = await send(endpoint.method, path, { ...encoded, admin: endpoint.admin });
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          const what = `${endpoint.method} ${path} (${bodyCase.kind}${encoded.body ? `, ${encoded.body.length} bytes ${encoded.contentType ?? ''}` : ''})`;
          // Node's HTTP parser itself refuses a request head over 16 KB (431, no body) before the app sees the
          // request or reads its body, so an oversized body behind such a head never gets to its 413. It may close
          // the connection as it answers, while the client still writes the head: the client then sees a reset.
          const headTooLarge = path.length > 16_000;
          if (answer.status === -1) {
            // Cut off mid-body: only acceptable for an oversized body, or a head over the limit.
            if (bodyCase.kind !== 'oversized' && !headTooLarge) throw new Error(`${what.slice(0, 600)}: connection cut`);
            if (headTooLarge && (await checksum()) !== snapshot) throw new Error(`${what.slice(0, 600)}: cut off, but the database changed`);
            return;
          }
          if (answer.status >= 500 || answer.status < 200) throw new Error(`${what.slice(0, 600)}: ${answer.status} ${answer.body.slice(0, 300)}`);
          const headRefused = answer.status === 431 && headTooLarge;
          // An oversized body is refused: 413 once read, or before a byte of it is read when the URL already
          // is (a bad query, no such route: the body is read only after the route and its guards).
          if (bodyCase.kind === 'oversized' && answer.status < 400 && !headRefused)
            throw new Error(`${what.slice(0, 600)}: oversized body answered ${answer.status}`);
          // The admin cases carry SITE_URL's Origin, which passes whatever Sec-Fetch-Site says.
          const crossSite = bodyCase.kind === 'cross-site' && endpoint.method !== 'GET' && (!endpoint.admin || 'Origin' in bodyCase.headers);
          // A null character in the URL is refused (400) ahead of everything else, the origin check included.
          const urlRefused = answer.status === 400 && /%00/i.test(path) && answer.body.includes(NULL_CHARACTER_MESSAGE);
          if (crossSite && bodyCase.kind === 'cross-site' && answer.status !== 403 && !headRefused && !urlRefused)
            throw new Error(`${what.slice(0, 600)} from ${JSON.stringify(bodyCase.headers)}: answered ${answer.status}, not 403`);
          const after = await checksum();
          if (headRefused) {
            if (after !== snapshot) throw new Error(`${what.slice(0, 600)}: refused with 431 but the database changed`);
            return;
          }
          if (answer.status >= 300) {
            if (!/json/.test(answer.contentType)) throw new Error(`${what.slice(0, 600)}: ${answer.status} not JSON (${answer.contentType})`);
            const error = JSON.parse(answer.body) as { statusCode?: number; error?: unknown; message?: unknown };
            if (error.statusCode !== answer.status || typeof error.error !== 'string' || typeof error.message !== 'string')
              throw new Error(`${what.slice(0, 600)}: error body ${answer.body.slice(0, 200)}`);
            if (after !== snapshot) throw new Error(`${what.slice(0, 600)}: refused with ${answer.status} but the database changed`);
          }
          snapshot = after;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // The administrator session survived the run (an admin case that signed it out would hide the rest).
      if (endpoint.admin) expect((await send('GET', '/api/admin/session', { admin: true })).status).toBe(200);
    },
    60_000 + RUNS * 400,
  );
});
