import request from 'supertest';
import { HousekeepingService } from 'src/housekeeping/housekeeping.service';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { signInAsAdmin, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';
import { parseMail, type ParsedMail } from './newsletter-mail-parser';
import { startMailingApp, type SmtpSink } from './smtp-sink';

/**
 * Issue 42 (hostile input, round four), the newsletter's findings: F3 (drafts leaking through the issue
 * archive) and F11 (single opt-in). The mail goes to a real SMTP server on a local port (smtp-server), as
 * in newsletter-mail.spec.ts.
 */
let t: TestApp;
let smtp: SmtpSink;
let admin: Agent;
let ip = 0;
let counter = 0;
/** A made-up client address per sign-up (TRUST_PROXY=1): the per-address limit stays out of the way. */
const nextIp = () => `10.42.${(++ip >> 8) & 255}.${ip & 255}`;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}.${counter++}@example.com`;
const SITE = 'http://divers.example.au';

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ SITE_URL: SITE, TRUST_PROXY: '1' }));
  admin = await signInAsAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const subscribe = (email: string, source = 'home') =>
  request(t.baseUrl).post('/api/newsletter/subscribe').set('X-Forwarded-For', nextIp()).send({ email, source });
const subscriberBy = (email: string) => t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });

/** Waits until `check` holds (the job queue sends within a second or two). */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`not seen in 30 s: ${what}`);
}

const mailsTo = (email: string): ParsedMail[] => smtp.received.filter((mail) => mail.to === email).map((mail) => parseMail(mail.raw));
const isConfirmation = (mail: ParsedMail) => mail.headers.subject === 'Confirm your subscription to the Australian Dive Guide newsletter';
const isWelcome = (mail: ParsedMail) => mail.headers.subject.startsWith('Welcome to Australian Dive Guide');

/** The confirmation email to `email` (waits for it) and the link it holds, as a path on the test server. */
async function confirmationLink(email: string): Promise<string> {
  await eventually(() => mailsTo(email).some(isConfirmation), `the confirmation email to ${email}`);
  const mail = mailsTo(email).find(isConfirmation)!;
  const link = new RegExp(`${SITE}/newsletter/confirm\\?token=[\\w-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  // The same link in the HTML part, as the button.
  expect(mail.html).toContain(`href="${link}"`);
  return link.slice(SITE.length);
}

/** Time for a mail on its way to arrive (the queue polls each second). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('F3: only published posts appear in an issue or the archive', () => {
  const article = (title: string, published: boolean) =>
    admin
      .post('/api/articles')
      .send({
        title,
        excerpt: `${title}: the excerpt`,
        content: 'The body of the post.',
        category: 'Tips',
        imageUrl: `https://images.example.org/${title.toLowerCase().replace(/\W+/g, '-')}.jpg`,
        published,
      })
      .expect(201)
      .then((response) => response.body as { id: number; title: string; excerpt: string; imageUrl: string });

  it('F3 the composer refuses a draft with a 400 naming it, on create and on edit, and writes nothing', async () => {
    const published = await article(`Published reef guide ${counter++}`, true);
    const draft = await article(`Unannounced wreck draft ${counter++}`, false);
    const before = Number((await t.dataSource.query(`SELECT count(*) FROM "newsletter_issues"`))[0].count);

    const refused = await admin
      .post('/api/admin/newsletter/issues')
      .send({
        subject: 'With a draft',
        posts: [
          { type: 'article', id: published.id },
          { type: 'article', id: draft.id },
        ],
      })
      .expect(400);
    expect(refused.body.error).toBe(`posts: only published posts can go in an issue; not published: article ${draft.id} "${draft.title}"`);
    expect(Number((await t.dataSource.query(`SELECT count(*) FROM "newsletter_issues"`))[0].count)).toBe(before);

    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Published only', posts: [{ type: 'article', id: published.id }] })
      .expect(201);
    const edited = await admin
      .patch(`/api/admin/newsletter/issues/${created.body.id}`)
      .send({ posts: [{ type: 'article', id: draft.id }] })
      .expect(400);
    expect(edited.body.error).toContain(`"${draft.title}"`);
    const kept = await admin.get(`/api/admin/newsletter/issues/${created.body.id}`).expect(200);
    expect(kept.body.posts).toEqual([{ type: 'article', id: published.id }]);
    // An id past PostgreSQL's integer range is a post that does not exist, never a server error.
    const huge = await admin
      .patch(`/api/admin/newsletter/issues/${created.body.id}`)
      .send({ posts: [{ type: 'review', id: 2147483648 }] })
      .expect(400);
    expect(huge.body.error).toBe('posts: no review 2147483648');
  });

  it('F3 an archived issue shows no post unpublished since: no title, excerpt or image, on the page or in the email', async () => {
    const post = await article(`Soon withdrawn guide ${counter++}`, true);
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: `Archive leak ${counter++}`, posts: [{ type: 'article', id: post.id }] })
      .expect(201);
    // Sent (as a send ends): the archive shows it.
    await t.dataSource.query(`UPDATE "newsletter_issues" SET "status" = 'sent', "sentAt" = now() WHERE "id" = $1`, [created.body.id]);
    const path = `/newsletter/issues/${created.body.slug}`;
    const before = await request(t.baseUrl).get(path).expect(200);
    expect(before.text).toContain(post.title);

    await admin.patch(`/api/articles/${post.id}`).send({ published: false }).expect(200);
    const after = await request(t.baseUrl).get(path).expect(200);
    for (const secret of [post.title, post.excerpt, post.imageUrl]) expect(after.text).not.toContain(secret);
    const preview = await admin.get(`/api/admin/newsletter/issues/${created.body.id}/preview`).expect(200);
    for (const secret of [post.title, post.excerpt, post.imageUrl]) {
      expect(preview.body.html).not.toContain(secret);
      expect(preview.body.text).not.toContain(secret);
    }
  });
});

describe('F11: double opt-in', () => {
  it('F11 a sign-up stays inactive until its owner follows the emailed link; the welcome email goes only after the click', async () => {
    const email = uniqueEmail('owner');
    const answer = await subscribe(email).expect(201);
    // SPEC's success message stays (the form's toast says to check the inbox).
    expect(answer.body).toMatchObject({ message: 'Successfully subscribed!', email });
    expect(await subscriberBy(email)).toMatchObject({ subscribed: false, confirmedAt: null });

    const link = await confirmationLink(email);
    await settle();
    expect(mailsTo(email).filter(isWelcome)).toHaveLength(0);
    // The administrator sees it as waiting, not active.
    const listed = await admin.get(`/api/newsletter/subscribers?q=${encodeURIComponent(email)}`).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ email, subscribed: false, awaitingConfirmation: true, confirmedAt: null })]);

    // One click, no JavaScript: a plain GET of the link.
    const confirmed = await request(t.baseUrl).get(link).expect(200);
    expect(confirmed.text).toContain('Your subscription is confirmed');
    expect(confirmed.text).toContain(email);
    expect(confirmed.headers['cache-control']).toContain('no-store');
    expect(confirmed.headers['referrer-policy']).toBe('no-referrer');
    // The consent record is the confirmation.
    const row = await subscriberBy(email);
    expect(row).toMatchObject({ subscribed: true, consentSource: 'home', confirmToken: null });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row.consentedAt.getTime()).toBe(row.confirmedAt!.getTime());
    await eventually(() => mailsTo(email).filter(isWelcome).length === 1, `the welcome email to ${email}`);

    // The link works once; the address, now active, gets SPEC's answer.
    const again = await request(t.baseUrl).get(link).expect(404);
    expect(again.text).toContain('This confirmation link is not valid');
    expect((await subscriberBy(email)).subscribed).toBe(true);
    const duplicate = await subscribe(email).expect(409);
    expect(duplicate.body.error).toContain('Email already subscribed');
  });

  it('F11 re-subscribing an address that unsubscribed needs its owner’s click, and its consent record stays until then', async () => {
    const email = uniqueEmail('former');
    await t.dataSource.query(
      `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "consentIp", "consentedAt", "confirmedAt", "unsubscribedAt")
       VALUES ($1, false, md5(random()::text), 'home', '203.0.113.7', now() - interval '30 days', now() - interval '30 days', now() - interval '2 days')`,
      [email],
    );
    const before = await subscriberBy(email);

    // A stranger signs the address up again.
    await subscribe(email, 'stranger').expect(201);
    const link = await confirmationLink(email);
    await settle();
    expect(mailsTo(email).filter(isWelcome)).toHaveLength(0);
    const waiting = await subscriberBy(email);
    expect(waiting).toMatchObject({ subscribed: false, consentSource: 'home', consentIp: '203.0.113.7' });
    expect(waiting.consentedAt.getTime()).toBe(before.consentedAt.getTime());
    expect(waiting.unsubscribedAt!.getTime()).toBe(before.unsubscribedAt!.getTime());

    // Only the owner's click subscribes it again.
    await request(t.baseUrl).get(link).expect(200);
    const row = await subscriberBy(email);
    expect(row).toMatchObject({ subscribed: true, unsubscribedAt: null, consentSource: 'stranger' });
    expect(row.confirmedAt!.getTime()).toBeGreaterThan(before.confirmedAt!.getTime());
    await eventually(() => mailsTo(email).filter(isWelcome).length === 1, `the welcome email to ${email}`);
  });

  it('F11 the form without JavaScript signs up an inactive subscriber and emails the link', async () => {
    const email = uniqueEmail('nojs');
    const posted = await request(t.baseUrl)
      .post('/forms/newsletter')
      .set('X-Forwarded-For', nextIp())
      .set('Origin', t.siteOrigin)
      .type('form')
      .send({ email, source: 'newsletter-page' })
      .expect(303);
    expect(posted.headers.location).toContain('/newsletter');
    expect(await subscriberBy(email)).toMatchObject({ subscribed: false, confirmedAt: null });
    await request(t.baseUrl)
      .get(await confirmationLink(email))
      .expect(200);
    expect(await subscriberBy(email)).toMatchObject({ subscribed: true, consentSource: 'newsletter-page' });
  });

  it('F11 a confirmation link expires after 7 days, and housekeeping deletes the sign-ups never confirmed', async () => {
    const [stale, fresh, former] = [uniqueEmail('stale'), uniqueEmail('fresh'), uniqueEmail('stale-former')];
    await t.dataSource.query(
      `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "consentedAt", "confirmedAt", "unsubscribedAt")
       VALUES ($1, false, md5(random()::text), 'home', now() - interval '60 days', now() - interval '60 days', now() - interval '30 days')`,
      [former],
    );
    for (const email of [stale, fresh, former]) await subscribe(email).expect(201);
    const staleLink = await confirmationLink(stale);
    const formerLink = await confirmationLink(former);
    // Asked for 7 days and a minute ago.
    await t.dataSource.query(`UPDATE "newsletters" SET "confirmRequestedAt" = now() - interval '7 days 1 minute' WHERE "email" IN ($1, $2)`, [stale, former]);
    const expired = await request(t.baseUrl).get(staleLink).expect(404);
    expect(expired.text).toContain('This confirmation link is not valid');
    await request(t.baseUrl).get(formerLink).expect(404);
    expect(await subscriberBy(stale)).toMatchObject({ subscribed: false });

    await t.app.get(HousekeepingService).prune();
    const left = await t.dataSource.getRepository(Subscriber).findBy([{ email: stale }, { email: fresh }, { email: former }]);
    // The never-confirmed sign-up is gone; the fresh one waits on; the former subscriber's record stays, its request dropped.
    expect(left.map((row) => row.email).sort()).toEqual([former, fresh].sort());
    expect(left.find((row) => row.email === former)).toMatchObject({ subscribed: false, confirmToken: null, consentSource: 'home' });
    expect(left.find((row) => row.email === fresh)).toMatchObject({ subscribed: false, confirmToken: expect.any(String) });
  });

  it('F11 a newsletter issue goes only to confirmed subscribers, never to a sign-up still waiting', async () => {
    const [waiting, confirmed] = [uniqueEmail('waiting'), uniqueEmail('confirmed')];
    await subscribe(waiting).expect(201);
    await subscribe(confirmed).expect(201);
    await request(t.baseUrl)
      .get(await confirmationLink(confirmed))
      .expect(200);
    const [post] = await t.dataSource.query(`SELECT "id" FROM "articles" WHERE "published" ORDER BY "id" LIMIT 1`);
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: `Only the confirmed ${counter++}`, posts: [{ type: 'article', id: post.id }] })
      .expect(201);
    await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
    const deliveries: { email: string }[] = await t.dataSource.query(
      `SELECT "email" FROM "newsletter_deliveries" WHERE "issueId" = $1 AND "email" IN ($2, $3)`,
      [created.body.id, waiting, confirmed],
    );
    expect(deliveries.map((row) => row.email)).toEqual([confirmed]);
    await eventually(() => mailsTo(confirmed).some((mail) => mail.headers.subject === created.body.subject), `the issue to ${confirmed}`);
    expect(mailsTo(waiting).filter((mail) => mail.headers.subject === created.body.subject)).toEqual([]);
  });
});
