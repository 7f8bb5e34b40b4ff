import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import request from 'supertest';
import { Contact } from 'src/contact/contact.entity';
import { MAIL_TRANSPORT } from 'src/mail/mail-transport';
import { startTestApp, type TestApp } from '../support/test-app';
import { parseMail } from './newsletter-mail-parser';

/** With SMTP_URL set; the SMTP server, outside the process, is the only thing replaced. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

function captureMail(t: TestApp): { sent: string[]; spy: jest.SpyInstance } {
  const sent: string[] = [];
  const spy = jest.spyOn(t.app.get<Mail>(MAIL_TRANSPORT), 'sendMail').mockImplementation((async (message: Mail.Options) => {
    const info = await composer.sendMail(message);
    sent.push((info.message as Buffer).toString('utf8'));
    return info;
  }) as never);
  return { sent, spy };
}

const message = () => ({
  name: 'Alex <b>Reef</b>',
  email: `alex.${Date.now()}@example.com`,
  subject: 'Correction for Julian Rocks',
  message: 'The max depth at Julian Rocks is closer to 24 m at Cod Hole. <script>alert(1)</script>',
});

describe('with CONTACT_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: 'smtp://mail.test.invalid:25', CONTACT_EMAIL: 'team@divers.example.au' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails the message to the team, replies going to the sender, and answers emailSent true', async () => {
    const { sent, spy } = captureMail(t);
    const body = message();
    const response = await request(t.baseUrl).post('/api/contact').send(body).expect(201);
    spy.mockRestore();
    expect(response.body).toMatchObject({ message: 'Message sent successfully!', emailSent: true });
    expect((await t.dataSource.getRepository(Contact).findOneByOrFail({ id: response.body.id })).emailSent).toBe(true);

    expect(sent).toHaveLength(1);
    const mail = parseMail(sent[0]);
    expect(mail.headers.to).toBe('team@divers.example.au');
    expect(mail.headers['reply-to']).toBe(`"Alex <b>Reef</b>" <${body.email}>`);
    expect(mail.headers.subject).toBe('[Contact] Correction for Julian Rocks');
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(mail.text).toContain(body.message);
    // The visitor's words are text in the HTML part, never markup.
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Alex &lt;b&gt;Reef&lt;/b&gt;');
  });

  it('still saves the message when the mail server fails, answering emailSent false', async () => {
    const { spy } = captureMail(t);
    spy.mockRejectedValue(new Error('421 Service not available'));
    const response = await request(t.baseUrl).post('/api/contact').send(message()).expect(201);
    spy.mockRestore();
    expect(response.body).toMatchObject({ message: 'Message saved successfully!', emailSent: false });
    expect(await t.dataSource.getRepository(Contact).findOneByOrFail({ id: response.body.id })).toMatchObject({ emailSent: false });
  });
});

describe('without CONTACT_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: 'smtp://mail.test.invalid:25' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has nobody to mail, so it keeps the message and answers emailSent false', async () => {
    const { spy } = captureMail(t);
    const response = await request(t.baseUrl).post('/api/contact').send(message()).expect(201);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(response.body.emailSent).toBe(false);
  });
});
