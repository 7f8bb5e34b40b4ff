import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { GUIDE_FILENAME } from 'src/guide/guide-content';
import { MailService } from 'src/mail/mail.service';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { parseMail } from './newsletter-mail-parser';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/**
 * With SMTP_URL set: the welcome email goes through the job queue to a real SMTP server on a local port
 * (smtp-server), as every message to subscribers does.
 */
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://divers.example.au',
    MAIL_FROM: 'Australian Dive Guide <news@divers.example.au>',
    // The burst's sign-ups come from addresses of their own (X-Forwarded-For), past the per-address limit.
    TRUST_PROXY: '1',
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.answer = () => ({ accept: true });
});

/** Waits until `check` holds (the job queue sends within a second or two, a retry after 5 s or so). */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`not seen in 30 s: ${what}`);
}

const subscribe = (email: string) => request(t.baseUrl).post('/api/newsletter/subscribe').send({ email, source: 'home' });
const isWelcome = (raw: string) => parseMail(raw).headers.subject.startsWith('Welcome to');
const welcomesTo = (email: string) => smtp.received.filter((received) => received.to === email && isWelcome(received.raw));

/**
 * Double opt-in: signs `email` up, waits for the confirmation email and follows its link, as the address's
 * owner does; the welcome email is sent only then.
 */
async function subscribeAndConfirm(email: string): Promise<void> {
  await subscribe(email).expect(201);
  await confirmFromMail(email);
}

/** Follows the link of the confirmation email to `email` once it arrives. */
async function confirmFromMail(email: string): Promise<void> {
  const confirmation = () => smtp.received.find((received) => received.to === email && !isWelcome(received.raw));
  await eventually(() => !!confirmation(), `the confirmation email to ${email}`);
  const link = /https:\/\/divers\.example\.au(\/newsletter\/confirm\?token=[\w-]+)/.exec(parseMail(confirmation()!.raw).text)![1];
  await request(t.baseUrl).get(link).expect(200);
}

it('sends the welcome email exactly once, with the PDF guide attached and a working one-click unsubscribe', async () => {
  const email = `welcome.${Date.now()}@example.com`;
  const response = await subscribe(email).expect(201);
  expect(response.body).toMatchObject({ message: 'Successfully subscribed!', emailSent: true });
  await confirmFromMail(email);
  await eventually(() => welcomesTo(email).length > 0, `the welcome email to ${email}`);
  // Time for a second copy to arrive, were one on its way (the queue polls each second).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(welcomesTo(email)).toHaveLength(1);

  const mail = parseMail(welcomesTo(email)[0].raw);
  const { unsubscribeToken } = await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });
  const unsubscribeUrl = `https://divers.example.au/newsletter/unsubscribe?token=${unsubscribeToken}`;
  expect(mail.headers.to).toBe(email);
  expect(mail.headers.from).toBe('Australian Dive Guide <news@divers.example.au>');
  expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.attachments).toEqual([{ filename: GUIDE_FILENAME, contentType: 'application/pdf', startsWithPdf: true }]);
  expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribeUrl}`);
  expect(mail.text).toContain(`https://divers.example.au/guides/${GUIDE_FILENAME}`);
  expect(mail.text).toContain('1. Certification card and logbook');
  expect(mail.text).toContain('10. A dry bag');
  expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
  expect(mail.html).toContain('Download the free PDF guide');

  // The link in the email works: the token from the header unsubscribes.
  const url = new URL(unsubscribeUrl);
  await request(t.baseUrl).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
  expect((await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email })).subscribed).toBe(false);
});

it('gives every subscriber their own unsubscribe link, in the text, the HTML and the header', async () => {
  const emails = [`first.${Date.now()}@example.com`, `second.${Date.now()}@example.com`];
  for (const email of emails) await subscribeAndConfirm(email);
  await eventually(() => emails.every((email) => welcomesTo(email).length === 1), 'both welcome emails');
  const links = await Promise.all(
    emails.map(async (email) => {
      const { unsubscribeToken } = await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });
      return `https://divers.example.au/newsletter/unsubscribe?token=${unsubscribeToken}`;
    }),
  );
  expect(links[0]).not.toBe(links[1]);
  emails.forEach((email, index) => {
    const mail = parseMail(welcomesTo(email)[0].raw);
    const [own, other] = [links[index], links[1 - index]];
    expect(mail.headers.to).toBe(email);
    expect(mail.headers['list-unsubscribe']).toBe(`<${own}>`);
    expect(mail.text).toContain(`Unsubscribe with one click: ${own}`);
    expect(mail.html).toContain(`href="${own}"`);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain(other);
  });
});

it('tries a welcome email again after a temporary refusal, and it arrives once', async () => {
  const email = `retried.${Date.now()}@example.com`;
  let refusals = 0;
  smtp.answer = (to, raw) => (to === email && isWelcome(raw) && refusals++ === 0 ? { code: 421, text: 'Try again later' } : { accept: true });
  await subscribeAndConfirm(email);
  await eventually(() => welcomesTo(email).length === 1, `the retried welcome email to ${email}`);
  expect(refusals).toBeGreaterThanOrEqual(2);
  expect(welcomesTo(email)).toHaveLength(1);
});

it('sends a burst of sign-ups their confirmation email each once, trying again alone the one the mail server turned away for a moment', async () => {
  const emails = Array.from({ length: 30 }, (_, i) => `burst.${i}.${Date.now()}@example.com`);
  const refusedOnce = emails[7];
  let refusals = 0;
  smtp.answer = (to) => (to === refusedOnce && refusals++ === 0 ? { code: 421, text: 'Try again later' } : { accept: true });
  await Promise.all(
    emails.map((email, i) =>
      subscribe(email)
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .expect(201),
    ),
  );
  await eventually(() => emails.every((email) => smtp.countFor(email) === 1), 'a confirmation email to each of the 30');
  // Time for a second copy to arrive, were one on its way.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(emails.filter((email) => smtp.countFor(email) !== 1)).toEqual([]);
  expect(refusals).toBeGreaterThanOrEqual(2);
});

it('keeps the sign-up, and the confirmation email in the outbox, when the mail server refuses it for good', async () => {
  const email = `refused.${Date.now()}@example.com`;
  smtp.answer = (to) => (to === email ? { code: 550, text: 'Mailbox unavailable' } : { accept: true });
  const response = await subscribe(email).expect(201);
  expect(response.body).toMatchObject({ message: 'Successfully subscribed!' });
  expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ subscribed: false, confirmToken: expect.any(String) });
  // Nothing is lost: the unsent message waits in the outbox.
  const outbox = t.app.get(MailService).outboxDir;
  const kept = () => {
    try {
      return readdirSync(outbox).some((name) => readFileSync(join(outbox, name), 'utf8').includes(`To: ${email}`));
    } catch {
      return false;
    }
  };
  await eventually(kept, `the refused confirmation email to ${email} in the outbox`);
  expect(smtp.countFor(email)).toBe(0);
});
