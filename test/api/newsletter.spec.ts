import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { GUIDE_FILENAME, GUIDE_PATH } from 'src/guide/guide-content';
import { MailService } from 'src/mail/mail.service';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { parseMail } from './newsletter-mail-parser';

let t: TestApp;
let counter = 0;
/** A fresh address per test, so no test depends on another's data. */
const uniqueEmail = (name = 'diver') => `${name}.${Date.now().toString(36)}.${counter++}@example.com`;
const subscribe = (body: object) => request(t.baseUrl).post('/api/newsletter/subscribe').send(body);
const subscriberBy = (email: string) => t.dataSource.getRepository(Subscriber).findOneBy({ email: email.toLowerCase() });

/**
 * Double opt-in: the owner of a signed-up address follows the link of the confirmation email (its secret
 * read from the row here; newsletter-mail.spec.ts reads it from the email).
 */
async function confirm(email: string): Promise<void> {
  const { confirmToken } = (await subscriberBy(email))!;
  await request(t.baseUrl).get(`/newsletter/confirm?token=${confirmToken}`).expect(200);
}

/** The .eml kept in the outbox for a recipient with this subject (no SMTP_URL in this file), once the job queue has written it. */
async function keptMailFor(address: string, subject: string): Promise<string> {
  const dir = t.app.get(MailService).outboxDir;
  for (let i = 0; i < 100; i++) {
    const match = (() => {
      try {
        return readdirSync(dir)
          .map((name) => readFileSync(join(dir, name), 'utf8'))
          .find((raw) => raw.includes(`To: ${address}`) && raw.includes(`Subject: ${subject}`));
      } catch {
        return undefined;
      }
    })();
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no kept mail for ${address}`);
}

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  // Every request comes from 127.0.0.1: start each test with a fresh rate-limit window.
  await t.dataSource.query(`DELETE FROM rate_limits WHERE "key" = 'newsletter:127.0.0.1'`);
});

describe('POST /api/newsletter/subscribe', () => {
  it('signs up a subscriber who waits for the emailed link, keeps the consent evidence, and answers JSON with a message', async () => {
    const email = uniqueEmail('Sam');
    const response = await subscribe({ email: `  ${email.replace('sam', 'SAM')}  `, source: 'home' }).expect(201);
    expect(response.body).toEqual({
      message: 'Successfully subscribed!',
      email: email.toLowerCase(),
      awaitingConfirmation: true,
      emailSent: false,
      guideUrl: GUIDE_PATH,
    });
    const row = await subscriberBy(email);
    expect(row).toMatchObject({ subscribed: false, confirmedAt: null, consentSource: 'home', consentIp: '127.0.0.1', unsubscribedAt: null });
    expect(row!.unsubscribeToken).toMatch(/^[\w-]{43}$/);
    expect(row!.confirmToken).toMatch(/^[\w-]{43}$/);
    // The answer never carries a secret.
    expect(JSON.stringify(response.body)).not.toContain(row!.unsubscribeToken);
    expect(JSON.stringify(response.body)).not.toContain(row!.confirmToken);

    await confirm(email);
    const confirmed = await subscriberBy(email);
    expect(confirmed).toMatchObject({ subscribed: true, consentSource: 'home', consentIp: '127.0.0.1', unsubscribedAt: null, confirmToken: null });
    expect(confirmed!.consentedAt).toBeInstanceOf(Date);
    expect(confirmed!.confirmedAt).toEqual(confirmed!.consentedAt);
  });

  it('records the generic source when the form does not name one', async () => {
    const email = uniqueEmail();
    await subscribe({ email }).expect(201);
    expect((await subscriberBy(email))!.consentSource).toBe('website');
  });

  it('keeps the confirmation email with its one link when no SMTP is configured, and after the click the welcome email', async () => {
    const email = uniqueEmail('welcome');
    await subscribe({ email }).expect(201);
    const { unsubscribeToken, confirmToken } = (await subscriberBy(email))!;
    const confirmation = parseMail(await keptMailFor(email, 'Confirm your subscription'));
    const confirmUrl = `http://localhost:3000/newsletter/confirm?token=${confirmToken}`;
    expect(confirmation.text).toContain(confirmUrl);
    expect(confirmation.html).toContain(`href="${confirmUrl}"`);
    // Nothing to unsubscribe from yet.
    expect(confirmation.headers['list-unsubscribe']).toBeUndefined();
    await request(t.baseUrl)
      .get(new URL(confirmUrl).pathname + new URL(confirmUrl).search)
      .expect(200);

    const unsubscribeUrl = `http://localhost:3000/newsletter/unsubscribe?token=${unsubscribeToken}`;
    const mail = parseMail(await keptMailFor(email, 'Welcome to'));
    expect(mail.headers.subject).toBe('Welcome to Australian Dive Guide: your free guide, 10 Must-Have Items for Your First Dive Trip');
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.attachments).toEqual([{ filename: GUIDE_FILENAME, contentType: 'application/pdf', startsWithPdf: true }]);
    // The visible link, in both the plain-text and the HTML part.
    expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
  });

  it.each([
    ['no email', {}, 'Required'],
    ['an empty email', { email: '' }, 'Required'],
    ['a blank email', { email: '   ' }, 'Required'],
    ['a word', { email: 'not-an-email' }, 'Invalid email'],
    ['no domain', { email: 'diver@' }, 'Invalid email'],
    ['a number', { email: 42 }, 'Invalid email'],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'Invalid email'],
  ])('answers %s with 400 "%s"', async (_label, body, message) => {
    const response = await subscribe(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: message });
  });

  it('refuses fields it does not know', async () => {
    const response = await subscribe({ email: uniqueEmail(), admin: true }).expect(400);
    expect(response.body.error).toBe('Unknown field: admin');
  });

  it('answers an active address, whatever its case, with 409 "Email already subscribed"', async () => {
    const email = uniqueEmail('dup');
    await subscribe({ email }).expect(201);
    await confirm(email);
    const response = await subscribe({ email: email.toUpperCase() }).expect(409);
    expect(response.body.error).toContain('Email already subscribed');
    expect(await t.dataSource.getRepository(Subscriber).countBy({ email })).toBe(1);
  });

  it('makes one waiting row of several sign-ups for one new address sent at the same moment, with one link that works', async () => {
    const email = uniqueEmail('together');
    const answers = await Promise.all([email, email.toUpperCase(), email, email].map((address) => subscribe({ email: address })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(await t.dataSource.getRepository(Subscriber).countBy({ email })).toBe(1);
    await confirm(email);
    expect((await subscriberBy(email))!.subscribed).toBe(true);
  });

  it('sends a waiting address the same link again when it signs up again', async () => {
    const email = uniqueEmail('again');
    await subscribe({ email }).expect(201);
    const first = (await subscriberBy(email))!.confirmToken;
    await subscribe({ email }).expect(201);
    expect((await subscriberBy(email))!.confirmToken).toBe(first);
  });

  it('rejects a filled honeypot with 400 and writes nothing', async () => {
    const email = uniqueEmail('bot');
    const response = await subscribe({ email, website: 'http://spam.example' }).expect(400);
    expect(response.body.error).toBe('Subscription rejected');
    expect(await subscriberBy(email)).toBeNull();
  });

  it('limits sign-ups per address with a 429 and a clear message', async () => {
    for (let i = 0; i < 5; i++) await subscribe({ email: uniqueEmail('burst') }).expect(201);
    const email = uniqueEmail('burst');
    const response = await subscribe({ email }).expect(429);
    expect(response.body.error).toBe('Too many subscription attempts from your network. Please try again in 15 minutes.');
    expect(await subscriberBy(email)).toBeNull();
  });
});

describe('unsubscribe', () => {
  async function subscribed(): Promise<Subscriber> {
    const email = uniqueEmail('leaver');
    await subscribe({ email, source: 'home' }).expect(201);
    await confirm(email);
    return (await subscriberBy(email))!;
  }

  it('asks for one press on the emailed link (a mail scanner opening it unsubscribes nobody), then unsubscribes and confirms', async () => {
    const subscriber = await subscribed();
    const link = `/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`;
    const opened = await request(t.baseUrl).get(link).expect(200);
    expect(opened.type).toBe('text/html');
    expect(opened.text).toContain('Unsubscribe from the newsletter?');
    expect(opened.text).toContain(subscriber.email);
    // The one button posts to the link itself, with no JavaScript.
    expect(opened.text).toContain(`action="${link}" method="post"`);
    expect(opened.text).toContain('noindex');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect((await subscriberBy(subscriber.email))!.subscribed).toBe(true);

    const pressed = await request(t.baseUrl).post(link).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(pressed.text).toContain('You have been unsubscribed');
    expect(pressed.text).toContain(subscriber.email);
    expect(pressed.headers['referrer-policy']).toBe('no-referrer');
    const row = (await subscriberBy(subscriber.email))!;
    expect(row.subscribed).toBe(false);
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    // The consent record stays, as the privacy policy says.
    expect(row.consentSource).toBe('home');

    // Opening the link again asks nothing more: it confirms.
    const again = await request(t.baseUrl).get(link).expect(200);
    expect(again.text).toContain('You have been unsubscribed');
    expect(again.text).not.toContain('Unsubscribe from the newsletter?');
  });

  it('accepts the RFC 8058 one-click POST from mail programs', async () => {
    const subscriber = await subscribed();
    await request(t.baseUrl).post(`/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await subscriberBy(subscriber.email))!.subscribed).toBe(false);
  });

  it('answers a one-click POST with an unknown token 404, changing nothing', async () => {
    const response = await request(t.baseUrl)
      .post('/newsletter/unsubscribe?token=not-a-real-token')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(404);
    expect(response.text).toContain('This unsubscribe link is not valid');
  });

  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['an unknown token', '?token=not-a-real-token'],
    ['an overlong token', `?token=${'x'.repeat(300)}`],
  ])('explains an invalid link (%s) with a 404 page', async (_label, query) => {
    const response = await request(t.baseUrl).get(`/newsletter/unsubscribe${query}`).expect(404);
    expect(response.text).toContain('This unsubscribe link is not valid');
  });

  it('lets a former subscriber subscribe again once they follow the new link, with fresh consent', async () => {
    const subscriber = await subscribed();
    await request(t.baseUrl).post(`/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`).expect(200);
    const response = await subscribe({ email: subscriber.email, source: 'resubscribe' }).expect(201);
    expect(response.body).toMatchObject({ message: 'Successfully subscribed!' });
    expect((await subscriberBy(subscriber.email))!.subscribed).toBe(false);
    await confirm(subscriber.email);
    const row = (await subscriberBy(subscriber.email))!;
    expect(row).toMatchObject({ id: subscriber.id, subscribed: true, consentSource: 'resubscribe', unsubscribedAt: null });
    expect(row.consentedAt.getTime()).toBeGreaterThanOrEqual(subscriber.consentedAt.getTime());
    // Old emails' links keep working.
    expect(row.unsubscribeToken).toBe(subscriber.unsubscribeToken);
  });
});

describe('GET /newsletter/confirm', () => {
  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['an unknown token', '?token=not-a-real-token'],
    ['an overlong token', `?token=${'x'.repeat(300)}`],
    ['two tokens', '?token=a&token=b'],
  ])('explains an invalid link (%s) with a 404 page that offers the form again', async (_label, query) => {
    const response = await request(t.baseUrl).get(`/newsletter/confirm${query}`).expect(404);
    expect(response.text).toContain('This confirmation link is not valid');
    expect(response.text).toContain('data-island="NewsletterSignup"');
    expect(response.text).toContain('noindex');
  });
});

describe('GET /newsletter', () => {
  it('explains the newsletter and the free guide, with the signup form rendered on the server', async () => {
    const response = await request(t.baseUrl).get('/newsletter').expect(200);
    expect(response.text).toContain('data-island="NewsletterSignup"');
    expect(response.text).toContain('10 Must-Have Items for Your First Dive Trip');
    expect(response.text).toContain('Certification card and logbook');
    expect(response.text).toContain('A dry bag');
    expect(response.text).toContain('<label');
    expect(response.text).toContain('<link rel="canonical" href="http://localhost:3000/newsletter"/>');
  });
});
