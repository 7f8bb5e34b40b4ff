import type { Page } from 'playwright-core';
import { Contact } from 'src/contact/contact.entity';
import { browserSuite } from '../support/browser-suite';
import { startTestApp, type TestApp } from '../support/test-app';

const suite = browserSuite();
let t: TestApp;
let page: Page;

beforeEach(() => ({ t, page } = suite));

/** The form posts without JavaScript too: these tests are about the island, so they wait for it. */
const hydrated = () => page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();

describe('contact page', () => {
  it('sends a message and says it was saved (no mail server configured)', async () => {
    const email = `visitor.${Date.now()}@example.com`;
    await page.goto(`${t.baseUrl}/contact`);
    await hydrated();
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 }).isVisible()).resolves.toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('Morgan Lee');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Subject', { exact: true }).fill('Dive site suggestion');
    await page.getByLabel('Message', { exact: true }).fill('Please add Shelly Beach at Manly, a great shore dive for beginners.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const toast = page.locator('#toaster');
    await toast.getByText('Message sent successfully!').waitFor();
    await expect(toast.innerText()).resolves.toContain("Your message was saved and we'll respond soon.");
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('');
    expect(await t.dataSource.getRepository(Contact).findOneBy({ email })).toMatchObject({ name: 'Morgan Lee', subject: 'Dive site suggestion' });
  });

  it('shows what is wrong with each field before sending', async () => {
    await page.goto(`${t.baseUrl}/contact`);
    await hydrated();
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message must be at least 10 characters']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
  });

  it('offers an email link, social links, the response time and an FAQ that opens', async () => {
    await page.goto(`${t.baseUrl}/contact`);
    await expect(page.getByRole('link', { name: 'contact@localhost' }).getAttribute('href')).resolves.toBe('mailto:contact@localhost');
    const instagram = page.getByRole('link', { name: 'Instagram' });
    await expect(instagram.getAttribute('target')).resolves.toBe('_blank');
    await expect(page.getByText('We reply within 24-48 hours on business days').isVisible()).resolves.toBe(true);

    const answer = page.getByText('Divers Alert Network (DAN) suggests a minimum surface interval before flying of 12 hours');
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('How long should I wait before flying after diving?').click();
    expect(await answer.isVisible()).toBe(true);
  });

  it('never makes up an address from a site reached by its IP address: the configured one, or none', async () => {
    const byAddress = await startTestApp({ SITE_URL: 'http://203.0.113.5' }, { databaseUrl: t.databaseUrl });
    const configured = await startTestApp({ SITE_URL: 'http://203.0.113.5', CONTACT_EMAIL: 'crew@divers.example.com' }, { databaseUrl: t.databaseUrl });
    try {
      await page.goto(`${byAddress.baseUrl}/contact`);
      await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Response time' }).waitFor();
      expect(await page.locator('a[href^="mailto:"]').count()).toBe(0);
      expect(await page.content()).not.toMatch(/contact@(\[|\d)/);
      await page.getByRole('button', { name: 'Send Message' }).waitFor();

      await page.goto(`${configured.baseUrl}/contact`);
      await expect(page.getByRole('link', { name: 'crew@divers.example.com' }).getAttribute('href')).resolves.toBe('mailto:crew@divers.example.com');
      expect(await page.content()).not.toMatch(/contact@(\[|\d)/);
    } finally {
      await Promise.all([byAddress.close(), configured.close()]);
    }
  });
});
