import type { Page } from 'playwright-core';
import { MailService } from 'src/mail/mail.service';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';
import { keptMailIn, type ParsedMail } from '../api/newsletter-mail-parser';

/** Double opt-in without JavaScript (issue 42, F11): the form, the emailed link, the page it opens. */
const suite = browserSuite({ page: false });
let t: TestApp;
let page: Page;

beforeEach(async () => {
  t = suite.t;
  await t.dataSource.query(`DELETE FROM rate_limits`);
  page = await suite.open({ ...DESKTOP, javaScriptEnabled: false });
  page.context().setDefaultTimeout(8000);
});

/** The email kept in the outbox for `address` whose subject starts so (no SMTP_URL here), once the job queue wrote it. */
function keptMail(address: string, subject: string): Promise<ParsedMail> {
  const wanted = (each: ParsedMail) => each.headers.to === address && each.headers.subject.startsWith(subject);
  return keptMailIn(t.app.get(MailService).outboxDir, wanted, 150, `no kept email "${subject}" to ${address}`);
}

async function submit(): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Subscribe' }).click()]);
}

const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
const row = (email: string) => t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });

it('F11 without JavaScript: the form signs up, the emailed link confirms in one click, and only then the address is subscribed and welcomed', async () => {
  const email = `confirm.${Date.now().toString(36)}@example.com`;
  await page.goto(`${t.baseUrl}/newsletter`);
  await page.getByLabel('Email address').fill(email);
  await submit();
  // SPEC's texts: the success message, which says to check the inbox.
  await visible('Successfully subscribed!');
  await visible('Check your email for the free PDF guide.');
  expect(await row(email)).toMatchObject({ subscribed: false, confirmedAt: null });

  const confirmation = await keptMail(email, 'Confirm your subscription');
  const link = /http:\/\/localhost:3000(\/newsletter\/confirm\?token=[\w-]+)/.exec(confirmation.text)![1];
  await page.goto(`${t.baseUrl}${link}`);
  await page.getByRole('heading', { name: 'Your subscription is confirmed' }).waitFor();
  await page.getByText(email).first().waitFor();
  expect(await row(email)).toMatchObject({ subscribed: true });
  await keptMail(email, 'Welcome to');

  // Used once: the link now says so and offers the form, which still works without JavaScript.
  const again = await page.goto(`${t.baseUrl}${link}`);
  expect(again!.status()).toBe(404);
  await page.getByRole('heading', { name: 'This confirmation link is not valid' }).waitFor();
  await page.getByLabel('Email address').fill(email);
  await submit();
  await visible('Already subscribed!');
  await visible('This email is already receiving our newsletter. Check your inbox for the latest updates.');
});
