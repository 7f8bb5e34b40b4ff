import { createHash } from 'node:crypto';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A refused write's JSON error keeps the ETag Express gives its bytes (a weak tag of their length and
 * SHA-1), also when the same refusal comes again and its tag is not hashed again (src/errors, issue 41).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.dataSource.query(`DELETE FROM rate_limits`);
});

/** Express's weak ETag (the etag package) of a body: W/"<length in hex>-<SHA-1 in base64, 27 characters>". */
function weakEtag(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
}

describe('a refused write answered in JSON', () => {
  it.each([
    ['a rating of a site that does not exist', '/api/dive-sites/999999999/ratings', { rating: 5 }, 404],
    ['a comment on an article that does not exist, too short', '/api/articles/999999999/comments', { name: 'A reader', content: 'Hello' }, 400],
    ['a sign-up without a valid address', '/api/newsletter/subscribe', { email: 'not an address' }, 400],
    ['a sign-up with an unknown field', '/api/newsletter/subscribe', { email: 'diver@example.com', surprise: `field ${Date.now()}` }, 400],
  ])('%s: its message, and the ETag of its bytes each time', async (_label, path, body, status) => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await request(t.baseUrl).post(path).send(body).expect(status));
    for (const answer of answers) {
      expect(answer.type).toBe('application/json');
      expect(answer.body.statusCode).toBe(status);
      expect(answer.body.error).toBe(answer.body.message);
      expect(answer.headers.etag).toBe(weakEtag(answer.text));
      expect(answer.text).toBe(answers[0].text);
    }
  });
});
