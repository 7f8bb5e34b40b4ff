import request from 'supertest';
import { signInAsAdmin, type Agent } from '../support/admin';
import type { TestApp } from '../support/test-app';
import { parseMail } from './newsletter-mail-parser';
import { startMailingApp, type SmtpSink } from './smtp-sink';

/**
 * Newsletter issues sent through the job queue to a real SMTP server on a local port (smtp-server).
 * One app for the file; each test sends its own issue to its own subscribers (the others are unsubscribed
 * first, so each issue goes to exactly the addresses the test made).
 */
let t: TestApp;
let smtp: SmtpSink;
let admin: Agent;

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ CONTACT_EMAIL: 'team@divers.example.au', NEWSLETTER_RATE: '2000' }));
  admin = await signInAsAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.answer = () => ({ accept: true });
  smtp.recipient = () => ({ accept: true });
});

/** `count` new subscribers (inserted by SQL, as many as a real list), the only subscribed ones. */
async function subscribers(prefix: string, count: number): Promise<{ email: string; token: string }[]> {
  await t.dataSource.query(`UPDATE "newsletters" SET "subscribed" = false, "unsubscribedAt" = now() WHERE "subscribed"`);
  return t.dataSource.query(
    `INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource")
     SELECT $1 || '.' || i || '@example.com', true, md5($1 || random()::text || i), 'test' FROM generate_series(1, $2) AS i
     RETURNING "email", "unsubscribeToken" AS "token"`,
    [prefix, count],
  );
}

async function waitUntilSent(id: number): Promise<{ status: string; counts: Record<string, number>; failures: { email: string; error: string }[] }> {
  for (let i = 0; i < 1800; i++) {
    const response = await admin.get(`/api/admin/newsletter/issues/${id}`).expect(200);
    if (response.body.status === 'sent') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the issue was not sent in 180 s');
}

it('sends an issue to 1,000 subscribers exactly once each, with their own unsubscribe link, both parts and no third-party tracking', async () => {
  const list = await subscribers('thousand', 1000);
  const [article] = await t.dataSource.query(`SELECT "id", "slug", "title" FROM "articles" WHERE "published" ORDER BY "id" LIMIT 1`);
  const created = await admin
    .post('/api/admin/newsletter/issues')
    .send({
      subject: 'November on the reef',
      preheader: 'Warm water and whale sharks',
      intro: 'Hello **divers**, see [the map](http://divers.example.au/dive-sites).',
      posts: [{ type: 'article', id: article.id }],
    })
    .expect(201);
  expect(created.body).toMatchObject({ status: 'draft', slug: 'november-on-the-reef' });

  const startedAt = Date.now();
  const started = await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
  expect(started.body.status).toBe('sending');
  const report = await waitUntilSent(created.body.id);
  expect(report.counts).toMatchObject({ queued: 0, sent: 1000, failed: 0 });
  // Issue 44 item 6: the issue's links go through the site's own counted redirect, /r/{issueId}/{linkId}.
  const { links: issueLinks } = (report as unknown as { figures: { links: { id: number; url: string }[] } }).figures;
  const redirect = (url: string) => `http://divers.example.au/r/${created.body.id}/${issueLinks.find((link) => link.url === url)!.id}`;
  if (process.env.NEWSLETTER_TIMING) console.log(`1,000 messages in ${Date.now() - startedAt} ms`);

  expect(smtp.received).toHaveLength(1000);
  expect(new Set(smtp.received.map((mail) => mail.to)).size).toBe(1000);
  const byAddress = new Map(smtp.received.map((mail) => [mail.to, mail.raw]));
  for (const { email, token } of [list[0], list[499], list[999]]) {
    const mail = parseMail(byAddress.get(email)!);
    // The link names the issue, so an unsubscribe through it counts for the issue (issue 44 item 6).
    const unsubscribeUrl = `http://divers.example.au/newsletter/unsubscribe?token=${token}&issue=${created.body.id}`;
    expect(mail.headers.subject).toBe('November on the reef');
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribeUrl}`);
    expect(mail.text).toContain(`Read it: ${redirect(`http://divers.example.au/blog/${article.slug}`)}`);
    expect(mail.text).toContain(`Hello divers, see the map (${redirect('http://divers.example.au/dive-sites')}).`);
    expect(mail.html).toContain(`href="${unsubscribeUrl.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('<strong>divers</strong>');
    expect(mail.html).toContain('Warm water and whale sharks');
    // No third-party tracking: every link goes to the site itself (its counted redirect), no image but the post's own.
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links.filter((link) => !link.startsWith('http://divers.example.au'))).toEqual([]);
    expect(links).toContain(redirect(`http://divers.example.au/blog/${article.slug}`));
    expect([...mail.html.matchAll(/<img /g)]).toHaveLength(1);
  }
}, 180_000);

it('tries a message again after a 421 and marks a 550 failed with the answer', async () => {
  const list = await subscribers('answers', 3);
  const [busy, refused] = [list[0].email, list[1].email];
  let busyTries = 0;
  smtp.answer = (to) => (to === busy && ++busyTries === 1 ? { code: 421, text: 'Try again later' } : { accept: true });
  smtp.recipient = (to) => (to === refused ? { code: 550, text: 'No such mailbox here' } : { accept: true });

  const created = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Retry and refusal' }).expect(201);
  await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
  const report = await waitUntilSent(created.body.id);

  expect(busyTries).toBe(2);
  expect(smtp.countFor(busy)).toBe(1);
  expect(smtp.countFor(list[2].email)).toBe(1);
  expect(smtp.countFor(refused)).toBe(0);
  expect(report.counts).toMatchObject({ queued: 0, sent: 2, failed: 1 });
  expect(report.failures).toEqual([{ email: refused, error: expect.stringContaining('No such mailbox here') }]);
});

it('sends nothing more to a subscriber who unsubscribes during the send', async () => {
  const list = await subscribers('leaving', 40);
  const leaver = list[39];
  let unsubscribed = false;
  // The first message to arrive: the last subscriber unsubscribes (one click) before it is answered.
  smtp.answer = async () => {
    if (!unsubscribed) {
      unsubscribed = true;
      await request(t.baseUrl).post(`/newsletter/unsubscribe?token=${leaver.token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    }
    return { accept: true };
  };
  const created = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Someone leaves' }).expect(201);
  await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
  const report = await waitUntilSent(created.body.id);

  expect(unsubscribed).toBe(true);
  expect(smtp.countFor(leaver.email)).toBe(0);
  expect(smtp.received).toHaveLength(39);
  expect(report.counts).toMatchObject({ queued: 0, sent: 39, skipped: 1 });
});

it('refuses bad input with a clear 400, a second send with 409, and needs the admin session', async () => {
  await request(t.baseUrl).get('/api/admin/newsletter/issues').expect(401);
  expect((await admin.post('/api/admin/newsletter/issues').send({ preheader: 'no subject' }).expect(400)).body.error).toBe('Subject is required');
  expect(
    (
      await admin
        .post('/api/admin/newsletter/issues')
        .send({ subject: 'x', posts: [{ type: 'video', id: 1 }] })
        .expect(400)
    ).body.error,
  ).toBe("posts: each post's type must be 'article' or 'review'");
  expect(
    (
      await admin
        .post('/api/admin/newsletter/issues')
        .send({ subject: 'x', posts: [{ type: 'article', id: 999999 }] })
        .expect(400)
    ).body.error,
  ).toBe('posts: no article 999999');
  expect((await admin.post('/api/admin/newsletter/issues').send({ subject: 'x', scheduledAt: '2001-01-01T00:00:00Z' }).expect(400)).body.error).toBe(
    'scheduledAt must be in the future',
  );
  expect((await admin.post('/api/admin/newsletter/issues').send({ subject: 'x', surprise: 1 }).expect(400)).body.error).toBe('Unknown field: surprise');
  expect(await t.dataSource.query(`SELECT 1 FROM "newsletter_issues" WHERE "subject" = 'x'`)).toEqual([]);

  await subscribers('twice', 1);
  const created = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Only once' }).expect(201);
  await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
  expect((await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(409)).body.error).toBe('This issue has been sent already');
  expect((await admin.patch(`/api/admin/newsletter/issues/${created.body.id}`).send({ subject: 'Changed' }).expect(409)).body.error).toBe(
    'Only a draft or a scheduled issue can be changed',
  );
  await waitUntilSent(created.body.id);
  expect(smtp.received).toHaveLength(1);
});

it('keeps each sent issue in the web archive and the sitemap, not in RSS, and links the archive from the newsletter page', async () => {
  await subscribers('archive', 2);
  const draft = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Still a draft' }).expect(201);
  const created = await admin
    .post('/api/admin/newsletter/issues')
    .send({ subject: 'Archived issue', preheader: 'From the archive', intro: 'An *intro* here.' })
    .expect(201);
  await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`).expect(202);
  await waitUntilSent(created.body.id);

  const index = await request(t.baseUrl).get('/newsletter/issues').expect(200);
  expect(index.text).toContain('href="/newsletter/issues/archived-issue"');
  expect(index.text).not.toContain('Still a draft');
  const page = await request(t.baseUrl).get('/newsletter/issues/archived-issue').expect(200);
  expect(page.text).toContain('Archived issue');
  expect(page.text).toContain('<em>intro</em>');
  // The default posts: the latest article or review, linked as on the site.
  expect(page.text).toMatch(/href="\/(blog|gear-reviews)\/[a-z0-9-]+"/);
  await request(t.baseUrl).get(`/newsletter/issues/${draft.body.slug}`).expect(404);

  const sitemap = await request(t.baseUrl).get('/sitemap.xml').expect(200);
  expect(sitemap.text).toContain('http://divers.example.au/newsletter/issues/archived-issue</loc>');
  expect(sitemap.text).toContain('http://divers.example.au/newsletter/issues</loc>');
  expect((await request(t.baseUrl).get('/rss.xml').expect(200)).text).not.toContain('newsletter/issues');
  expect((await request(t.baseUrl).get('/newsletter').expect(200)).text).toContain('href="/newsletter/issues"');
  expect((await request(t.baseUrl).get('/privacy-policy').expect(200)).text).toContain('no tracking pixel and no rewritten links');
});

it('previews an issue as the email and sends a test to CONTACT_EMAIL or a typed address, recording no delivery', async () => {
  const created = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Preview me', intro: '# Hello' }).expect(201);
  expect(created.body.posts.length).toBeGreaterThan(0);
  const preview = await admin.get(`/api/admin/newsletter/issues/${created.body.id}/preview`).expect(200);
  expect(preview.body.subject).toBe('Preview me');
  expect(preview.body.html).toContain('<h1>Hello</h1>');
  expect(preview.body.text).toContain('Hello');

  expect((await admin.post(`/api/admin/newsletter/issues/${created.body.id}/test`).send({}).expect(200)).body).toEqual({
    to: 'team@divers.example.au',
    sent: true,
  });
  expect((await admin.post(`/api/admin/newsletter/issues/${created.body.id}/test`).send({ email: 'Editor@Example.com' }).expect(200)).body.to).toBe(
    'editor@example.com',
  );
  expect((await admin.post(`/api/admin/newsletter/issues/${created.body.id}/test`).send({ email: 'not an address' }).expect(400)).body.error).toBe(
    'Invalid email',
  );
  expect(smtp.received.map((mail) => mail.to)).toEqual(['team@divers.example.au', 'editor@example.com']);
  expect(parseMail(smtp.received[0].raw).headers.subject).toBe('[Test] Preview me');
  const report = await admin.get(`/api/admin/newsletter/issues/${created.body.id}`).expect(200);
  expect(report.body).toMatchObject({ status: 'draft', counts: { queued: 0, sent: 0, failed: 0 } });
});

it('schedules an issue (a time in the future) and keeps drafts editable until then', async () => {
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const created = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Later' }).expect(201);
  const scheduled = await admin.patch(`/api/admin/newsletter/issues/${created.body.id}`).send({ scheduledAt: at, subject: 'Later on' }).expect(200);
  expect(scheduled.body).toMatchObject({ status: 'scheduled', subject: 'Later on', scheduledAt: at });
  const back = await admin.patch(`/api/admin/newsletter/issues/${created.body.id}`).send({ scheduledAt: null }).expect(200);
  expect(back.body).toMatchObject({ status: 'draft', scheduledAt: null });
  const list = await admin.get('/api/admin/newsletter/issues').expect(200);
  expect(list.body.map((issue: { subject: string }) => issue.subject)).toContain('Later on');
});
