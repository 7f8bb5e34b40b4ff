import type { Page } from 'playwright-core';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { browserSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite();
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

/** The form posts without JavaScript too: these tests are about the island, so they wait for it. */
const hydrated = () => page.locator('[data-island="NewsletterSignup"][data-hydrated="true"]').waitFor();

const toast = () => page.locator('#toaster');

describe('newsletter signup on /newsletter', () => {
  it('subscribes, then says "Already subscribed!" for the same address', async () => {
    const email = `browser.${Date.now()}@example.com`;
    await page.goto(`${t.baseUrl}/newsletter`);
    await hydrated();
    await expect(page.getByText('Free PDF guide: 10 Must-Have Items for Your First Dive Trip').isVisible()).resolves.toBe(true);

    const field = page.getByLabel('Email address');
    await field.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast().getByText('Successfully subscribed!').waitFor();
    await expect(toast().innerText()).resolves.toContain('Check your email for the free PDF guide.');
    // The form resets, and the guide can be downloaded at once.
    await expect(field.inputValue()).resolves.toBe('');
    await expect(page.getByRole('link', { name: 'Download the free PDF guide now' }).getAttribute('href')).resolves.toBe(
      '/guides/10-must-have-items-for-your-first-dive-trip.pdf',
    );
    // Double opt-in: the address waits for its owner to follow the emailed link (its secret read from the row here).
    const waiting = await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });
    expect(waiting).toMatchObject({ subscribed: false, consentSource: 'newsletter-page' });
    await page.goto(`${t.baseUrl}/newsletter/confirm?token=${waiting.confirmToken}`);
    await page.getByRole('heading', { name: 'Your subscription is confirmed' }).waitFor();
    expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ subscribed: true, consentSource: 'newsletter-page' });

    await page.goto(`${t.baseUrl}/newsletter`);
    await hydrated();
    await field.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast().getByText('Already subscribed!').waitFor();
    await expect(toast().innerText()).resolves.toContain('This email is already receiving our newsletter. Check your inbox for the latest updates.');
    await expect(toast().locator('[data-variant]').getAttribute('data-variant')).resolves.toBe('destructive');
  });

  it('shows "Required" and "Invalid email" under the field without sending anything', async () => {
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST') posts++;
    });
    await page.goto(`${t.baseUrl}/newsletter`);
    await hydrated();
    const button = page.getByRole('button', { name: 'Subscribe' });
    await button.click();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.getByLabel('Email address').fill('not-an-email');
    await button.click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await expect(page.getByLabel('Email address').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(posts).toBe(0);
  });
});
