import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Contact } from 'src/contact/contact.entity';
import { MailService } from 'src/mail/mail.service';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let counter = 0;

const valid = () => ({
  name: 'Jess Nguyen',
  email: `jess.${Date.now()}.${counter++}@example.com`,
  subject: 'Best time to dive Fish Rock Cave?',
  message: 'Hi team, when do the grey nurse sharks aggregate at Fish Rock? Planning a trip next winter.',
});
const send = (body: object) => request(t.baseUrl).post('/api/contact').send(body);

beforeAll(async () => {
  // No SMTP_URL and no CONTACT_EMAIL: messages are kept, not sent.
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.dataSource.query(`DELETE FROM rate_limits WHERE "key" = 'contact:127.0.0.1'`);
});

describe('POST /api/contact', () => {
  it('saves the message and answers emailSent false when mail is not configured', async () => {
    const body = valid();
    const response = await send({ ...body, name: '  Jess Nguyen  ' }).expect(201);
    expect(response.body).toEqual({ message: 'Message saved successfully!', id: expect.any(Number), emailSent: false });
    const row = await t.dataSource.getRepository(Contact).findOneByOrFail({ id: response.body.id });
    expect(row).toMatchObject({ ...body, emailSent: false, ipAddress: '127.0.0.1' });
  });

  it('keeps the notification in the outbox, with the sender as Reply-To', async () => {
    const body = valid();
    await send(body).expect(201);
    const outbox = t.app.get(MailService).outboxDir;
    const raw = readdirSync(outbox)
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .find((mail) => mail.includes(body.email));
    expect(raw).toMatch(/^Reply-To: Jess Nguyen <jess\./m);
    expect(raw).toContain('Subject: [Contact] Best time to dive Fish Rock Cave?');
    expect(raw).toMatch(/^To: contact@localhost$/m);
  });

  it('puts a multi-line subject on one line', async () => {
    const response = await send({ ...valid(), subject: 'Hello\r\nBcc: victim@example.com' }).expect(201);
    const row = await t.dataSource.getRepository(Contact).findOneByOrFail({ id: response.body.id });
    expect(row.subject).toBe('Hello Bcc: victim@example.com');
  });

  it.each([
    ['no name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
    ['no email', { email: undefined }, 'Email is required'],
    ['an invalid email', { email: 'jess@' }, 'Please enter a valid email address'],
    ['an email over 254 characters', { email: `${'e'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['no subject', { subject: undefined }, 'Subject is required'],
    ['an empty subject', { subject: '' }, 'Subject is required'],
    ['a subject over 200 characters', { subject: 's'.repeat(201) }, 'Subject must be less than 200 characters'],
    ['no message', { message: undefined }, 'Message is required'],
    ['a message under 10 characters', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'Message must be less than 5000 characters'],
    ['an unknown field', { phone: '0400 000 000' }, 'Unknown field: phone'],
  ])('answers %s with 400 and the message', async (_label, change, message) => {
    const body = { ...valid(), ...change };
    const response = await send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: message });
    expect(await t.dataSource.getRepository(Contact).countBy({ email: String(body.email ?? '') })).toBe(0);
  });

  it('accepts the limits themselves', async () => {
    await send({ ...valid(), name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000) }).expect(201);
    await send({ ...valid(), message: '1234567890' }).expect(201);
  });

  it('rejects a filled honeypot with 400 and saves nothing', async () => {
    const body = valid();
    const response = await send({ ...body, website: 'http://spam.example' }).expect(400);
    expect(response.body.error).toBe('Message rejected');
    expect(await t.dataSource.getRepository(Contact).countBy({ email: body.email })).toBe(0);
  });

  it('limits messages per address with a 429 and a clear message', async () => {
    for (let i = 0; i < 5; i++) await send(valid()).expect(201);
    const body = valid();
    const response = await send(body).expect(429);
    expect(response.body.error).toBe('Too many messages from your network. Please wait an hour and try again, or email us directly.');
    expect(await t.dataSource.getRepository(Contact).countBy({ email: body.email })).toBe(0);
  });
});

describe('GET /contact', () => {
  it('renders the form, the email link, social links, the response time and the FAQ on the server', async () => {
    const response = await request(t.baseUrl).get('/contact').expect(200);
    const html = response.text;
    expect(html).toContain('data-island="ContactForm"');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(html).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    expect(html).toContain('href="mailto:contact@localhost"');
    expect(html).toContain('https://www.instagram.com/australiandiveguide');
    expect(html).toContain('24-48 hours on business days');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('How long should I wait before flying after diving?');
    expect(html).toContain('<title>Contact Us | Australian Dive Guide</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/contact"/>');
    expect(html).toMatch(/<meta name="description" content="[^"]*24-48 hours/);
    expect(html).toContain('"@type":"FAQPage"');
  });

  it('pre-fills the subject from the link', async () => {
    const response = await request(t.baseUrl).get('/contact?subject=Product%20suggestion').expect(200);
    expect(response.text).toContain('value="Product suggestion"');
  });
});
