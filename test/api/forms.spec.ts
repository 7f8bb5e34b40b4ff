import request from 'supertest';
import { Article } from 'src/articles/article.entity';
import { Comment } from 'src/comments/comment.entity';
import { Contact } from 'src/contact/contact.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}.${counter++}@example.com`;

/** A form as a browser posts it from one of the site's own pages. */
const post = (path: string, form: Record<string, string>, from = `${t.baseUrl}/contact`) =>
  request(t.baseUrl).post(path).type('form').set('Origin', t.siteOrigin).set('Referer', from).send(form);

/** The outcome cookie a post answered, as the browser sends it back. */
function outcomeCookie(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((line) => line.startsWith('form_outcome='));
  if (!cookie) throw new Error(`no outcome cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

const message = (email: string) => ({
  name: 'Form Poster',
  email,
  subject: 'A question about Bare Island',
  message: 'Is Bare Island a good shore dive for beginners in winter?',
  website: '',
});

beforeAll(async () => {
  // The page cache on, as in production, to check that an outcome is neither served from it nor kept.
  t = await startTestApp({ PAGE_CACHE: 'true' });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.dataSource.query(`DELETE FROM rate_limits`);
});

describe('POST /forms/* (forms posted without JavaScript)', () => {
  it('takes a contact message and answers 303 back to the page, which shows the outcome once and bypasses the page cache', async () => {
    await request(t.baseUrl).get('/contact').expect(200);
    expect((await request(t.baseUrl).get('/contact').expect(200)).headers['x-page-cache']).toBe('hit');

    const email = uniqueEmail('form');
    const answer = await post('/forms/contact', message(email), `${t.baseUrl}/contact?subject=Hello`).expect(303);
    expect(answer.headers.location).toBe('/contact?subject=Hello#form-heading');
    const setCookie = ([] as string[]).concat(answer.headers['set-cookie']).find((line) => line.startsWith('form_outcome='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=60/);
    // The cookie carries no address or message in the clear, and the address is no URL's.
    expect(setCookie).not.toContain('Form Poster');
    expect(answer.headers.location).not.toContain(email);
    await expect(t.dataSource.getRepository(Contact).countBy({ email })).resolves.toBe(1);

    const shown = await request(t.baseUrl).get('/contact?subject=Hello').set('Cookie', outcomeCookie(answer)).expect(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['x-page-cache']).toBeUndefined();
    expect(shown.text).toContain('Message sent successfully!');
    expect(shown.text).toContain('Your message was saved and we&#x27;ll respond soon.');
    expect(([] as string[]).concat(shown.headers['set-cookie']).some((line) => /^form_outcome=;/.test(line))).toBe(true);

    // The page the outcome was shown on was not kept, and the kept one shows none.
    const after = await request(t.baseUrl).get('/contact').expect(200);
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.text).not.toContain('Message sent successfully!');
  });

  it('refuses a message with the API rules and messages, writes nothing, and gives the typed values back', async () => {
    const answer = await post('/forms/contact', { ...message('not-an-address'), message: 'Short' }).expect(303);
    expect(answer.headers.location).toBe('/contact#form-heading');
    await expect(t.dataSource.getRepository(Contact).countBy({ email: 'not-an-address' })).resolves.toBe(0);
    const shown = await request(t.baseUrl).get('/contact').set('Cookie', outcomeCookie(answer)).expect(200);
    expect(shown.text).toContain('Please enter a valid email address');
    expect(shown.text).toContain('Message must be at least 10 characters');
    expect(shown.text).toContain('value="Form Poster"');
    expect(shown.text).toContain('value="not-an-address"');
  });

  it('shows each visitor their own outcome when their pages are answered at the same moment, and then none', async () => {
    const names = ['Ada Diver', 'Bo Snorkel', 'Cy Freediver', 'Di Wreckie'];
    const answers = await Promise.all(names.map((name) => post('/forms/contact', { ...message('not-an-address'), name }).expect(303)));
    const shown = await Promise.all(answers.map((answer) => request(t.baseUrl).get('/contact').set('Cookie', outcomeCookie(answer)).expect(200)));
    shown.forEach((page, index) => {
      expect(page.text).toContain(`value="${names[index]}"`);
      for (const other of names.filter((name) => name !== names[index])) expect(page.text).not.toContain(`value="${other}"`);
    });
    const plain = await request(t.baseUrl).get('/contact').expect(200);
    expect(plain.text).not.toContain('Please enter a valid email address');
    for (const name of names) expect(plain.text).not.toContain(`value="${name}"`);
  });

  it('refuses a post from another site with 403 and writes nothing', async () => {
    const email = uniqueEmail('forged');
    const forged = await request(t.baseUrl)
      .post('/forms/contact')
      .type('form')
      .set('Origin', 'https://attacker.example')
      .set('Referer', 'https://attacker.example/page')
      .send(message(email))
      .expect(403);
    expect(forged.body.error).toBe('Request refused: it did not come from this site');
    await request(t.baseUrl).post('/forms/newsletter').type('form').send({ email }).expect(403);
    await request(t.baseUrl).post('/forms/newsletter').type('form').set('Sec-Fetch-Site', 'cross-site').send({ email }).expect(403);
    await expect(t.dataSource.getRepository(Contact).countBy({ email })).resolves.toBe(0);
    await expect(t.dataSource.getRepository(Subscriber).countBy({ email })).resolves.toBe(0);
  });

  it('returns to the form page when the Referer is another site', async () => {
    const email = uniqueEmail('referer');
    const answer = await post('/forms/newsletter', { email, source: 'home' }, 'https://elsewhere.example/').expect(303);
    expect(answer.headers.location).toBe('/newsletter#newsletter');
    const shown = await request(t.baseUrl).get('/newsletter').set('Cookie', outcomeCookie(answer)).expect(200);
    expect(shown.text).toContain('Successfully subscribed!');
    expect(shown.text).toContain('/guides/10-must-have-items-for-your-first-dive-trip.pdf');
    expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ consentSource: 'home' });
  });

  it('takes a rating with its star as text, and refuses one without a star', async () => {
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Cod Hole' });
    const comment = `Form rating ${Date.now()}`;
    const from = `${t.baseUrl}/dive-sites/${site.id}`;
    const refused = await post(`/forms/dive-sites/${site.id}/ratings`, { comment, website: '' }, from).expect(303);
    expect(refused.headers.location).toBe(`/dive-sites/${site.id}#ratings-heading`);
    await expect(t.dataSource.getRepository(DiveSiteRating).countBy({ comment })).resolves.toBe(0);
    const shown = await request(t.baseUrl).get(`/dive-sites/${site.id}`).set('Cookie', outcomeCookie(refused)).expect(200);
    expect(shown.text).toContain('Please select a rating');
    expect(shown.text).toContain(comment);

    await post(`/forms/dive-sites/${site.id}/ratings`, { rating: '4', comment, website: '' }, from).expect(303);
    expect(await t.dataSource.getRepository(DiveSiteRating).findOneBy({ comment })).toMatchObject({ rating: 4, diveSiteId: site.id });
    await post(`/forms/dive-sites/${site.id}/ratings`, { rating: '9', comment: `${comment} nine` }, from).expect(303);
    await expect(t.dataSource.getRepository(DiveSiteRating).countBy({ comment: `${comment} nine` })).resolves.toBe(0);
  });

  it('takes a comment, and refuses one on a missing article without a write', async () => {
    const article = await t.dataSource.getRepository(Article).findOneByOrFail({ slug: 'fish-rock-cave-south-west-rocks' });
    const from = `${t.baseUrl}/blog/${article.slug}`;
    const content = `Form comment ${Date.now()}, a lovely dive.`;
    const answer = await post(`/forms/articles/${article.id}/comments`, { name: 'Ari', email: '', content, website: '' }, from).expect(303);
    expect(answer.headers.location).toBe(`/blog/${article.slug}#comments-heading`);
    await expect(t.dataSource.getRepository(Comment).countBy({ articleId: article.id, content })).resolves.toBe(1);
    const shown = await request(t.baseUrl).get(`/blog/${article.slug}`).set('Cookie', outcomeCookie(answer)).expect(200);
    expect(shown.text).toContain('Thanks for your comment!');

    const missing = await post('/forms/articles/999999/comments', { name: 'Ari', content }, from).expect(303);
    await expect(t.dataSource.getRepository(Comment).countBy({ articleId: 999999 })).resolves.toBe(0);
    const error = await request(t.baseUrl).get('/blog').set('Cookie', outcomeCookie(missing)).expect(200);
    expect(error.headers['cache-control']).toBe('no-store');
  });

  it('ignores an outcome cookie this server did not sign', async () => {
    const forged = Buffer.from(JSON.stringify({ form: 'contact', done: {} })).toString('base64url');
    const shown = await request(t.baseUrl).get('/contact').set('Cookie', `form_outcome=${forged}.AAAA`).expect(200);
    expect(shown.text).not.toContain('Message sent successfully!');
  });

  it('shows the rate limit as the outcome, with a 303', async () => {
    for (let i = 0; i < 5; i++) await post('/forms/contact', message(uniqueEmail('limit'))).expect(303);
    const limited = await post('/forms/contact', message(uniqueEmail('limit'))).expect(303);
    const shown = await request(t.baseUrl).get('/contact').set('Cookie', outcomeCookie(limited)).expect(200);
    expect(shown.text).toContain('Failed to send message');
    expect(shown.text).toContain('Too many messages from your network. Please wait an hour and try again, or email us directly.');
  });
});
