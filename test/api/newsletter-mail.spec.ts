import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import request from 'supertest';
import { GUIDE_FILENAME } from 'src/guide/guide-content';
import { MAIL_TRANSPORT } from 'src/mail/mail-transport';
import { MailService } from 'src/mail/mail.service';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { parseMail } from './newsletter-mail-parser';

/**
 * With SMTP_URL set. The SMTP server is outside the process, so only it is replaced: the transport's
 * sendMail hands each message to nodemailer's stream transport, which builds the exact bytes SMTP would carry.
 */
let t: TestApp;
let sent: string[];
let sendMail: jest.SpyInstance;
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

beforeAll(async () => {
  t = await startTestApp({
    SMTP_URL: 'smtp://user:secret@mail.test.invalid:587',
    SITE_URL: 'https://divers.example.au',
    MAIL_FROM: 'Australian Dive Guide <news@divers.example.au>',
  });
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  sent = [];
  const transport = t.app.get<Mail>(MAIL_TRANSPORT);
  sendMail = jest.spyOn(transport, 'sendMail').mockImplementation((async (message: Mail.Options) => {
    const info = await composer.sendMail(message);
    sent.push((info.message as Buffer).toString('utf8'));
    return info;
  }) as never);
});

afterEach(() => sendMail.mockRestore());

it('sends the welcome email with the PDF guide attached and a working one-click unsubscribe', async () => {
  const email = `welcome.${Date.now()}@example.com`;
  const response = await request(t.baseUrl).post('/api/newsletter/subscribe').send({ email, source: 'home' }).expect(201);
  expect(response.body).toMatchObject({ message: 'Successfully subscribed!', emailSent: true });
  expect(sent).toHaveLength(1);

  const mail = parseMail(sent[0]);
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
  for (const email of emails) await request(t.baseUrl).post('/api/newsletter/subscribe').send({ email }).expect(201);
  expect(sent).toHaveLength(2);
  const links = await Promise.all(
    emails.map(async (email) => {
      const { unsubscribeToken } = await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });
      return `https://divers.example.au/newsletter/unsubscribe?token=${unsubscribeToken}`;
    }),
  );
  expect(links[0]).not.toBe(links[1]);
  sent.map(parseMail).forEach((mail, index) => {
    const [own, other] = [links[index], links[1 - index]];
    expect(mail.headers.to).toBe(emails[index]);
    expect(mail.headers['list-unsubscribe']).toBe(`<${own}>`);
    expect(mail.text).toContain(`Unsubscribe with one click: ${own}`);
    expect(mail.html).toContain(`href="${own}"`);
    for (const body of [mail.text, mail.html]) expect(body).not.toContain(other);
  });
});

it('keeps the subscription and the message when the mail server fails', async () => {
  sendMail.mockRejectedValue(new Error('connect ECONNREFUSED'));
  const email = `offline.${Date.now()}@example.com`;
  const response = await request(t.baseUrl).post('/api/newsletter/subscribe').send({ email }).expect(201);
  expect(response.body).toMatchObject({ message: 'Successfully subscribed!', emailSent: false });
  expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ subscribed: true });
  // Nothing is lost: the unsent message waits in the outbox.
  const outbox = t.app.get(MailService).outboxDir;
  expect(readdirSync(outbox).some((name) => readFileSync(join(outbox, name), 'utf8').includes(`To: ${email}`))).toBe(true);
});
