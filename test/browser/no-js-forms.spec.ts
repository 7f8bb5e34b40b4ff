import type { Page } from 'playwright-core';
import { Article } from 'src/articles/article.entity';
import { Comment } from 'src/comments/comment.entity';
import { Contact } from 'src/contact/contact.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { browserSuite, DESKTOP } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = browserSuite({ page: false });
let t: TestApp;
let page: Page;

const ARTICLE = '/blog/fish-rock-cave-south-west-rocks';
const GUIDE = '/guides/10-must-have-items-for-your-first-dive-trip.pdf';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}.${counter++}@example.com`;

beforeEach(async () => {
  t = suite.t;
  // Every post comes from 127.0.0.1: each test starts with fresh rate-limit windows.
  await t.dataSource.query(`DELETE FROM rate_limits`);
});

async function openPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await suite.open({ ...DESKTOP, javaScriptEnabled });
  page.context().setDefaultTimeout(8000);
  return page;
}

/** Submits by pressing the button, and waits for the page the browser is sent back to. */
async function submit(name: string): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
}

const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('with JavaScript off', () => {
  beforeEach(async () => {
    page = await openPage(false);
  });

  it('subscribes to the newsletter on /newsletter, keeps a refused address and offers the guide', async () => {
    await page.goto(`${t.baseUrl}/newsletter`);
    await expect(page.getByRole('button', { name: 'Subscribe' }).isEnabled()).resolves.toBe(true);
    await page.getByLabel('Email address').fill('not-an-email');
    await submit('Subscribe');
    expect(new URL(page.url()).pathname).toBe('/newsletter');
    await visible('Invalid email');
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('not-an-email');

    const email = uniqueEmail('nojs');
    await page.getByLabel('Email address').fill(email);
    await submit('Subscribe');
    await visible('Successfully subscribed!');
    await visible('Check your email for the free PDF guide.');
    await expect(page.getByRole('link', { name: 'Download the free PDF guide now' }).getAttribute('href')).resolves.toBe(GUIDE);
    // Double opt-in: the address waits for its owner's click (newsletter-confirm.spec.ts follows the emailed link).
    const waiting = await t.dataSource.getRepository(Subscriber).findOneByOrFail({ email });
    expect(waiting).toMatchObject({ subscribed: false, consentSource: 'newsletter-page' });

    // A reload asks for the page again, it does not post again: the outcome was shown once.
    await page.reload();
    await page.getByLabel('Email address').waitFor();
    await expect(page.getByText('Successfully subscribed!').count()).resolves.toBe(0);
    await expect(t.dataSource.getRepository(Subscriber).countBy({ email })).resolves.toBe(1);

    await page.goto(`${t.baseUrl}/newsletter/confirm?token=${waiting.confirmToken}`);
    await page.getByRole('heading', { name: 'Your subscription is confirmed' }).waitFor();
    await page.goto(`${t.baseUrl}/newsletter`);

    await page.getByLabel('Email address').fill(email);
    await submit('Subscribe');
    await visible('Already subscribed!');
    await visible('This email is already receiving our newsletter. Check your inbox for the latest updates.');
  });

  it('subscribes from the home page and comes back to it', async () => {
    await page.goto(`${t.baseUrl}/`);
    const email = uniqueEmail('home');
    await page.getByLabel('Email address').fill(email);
    await submit('Subscribe');
    expect(new URL(page.url()).pathname).toBe('/');
    await visible('Successfully subscribed!');
    await page.getByRole('link', { name: 'Download the free PDF guide now' }).waitFor();
    expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ consentSource: 'home' });
  });

  it('sends a contact message, keeping every field when one is refused', async () => {
    const email = uniqueEmail('contact');
    await page.goto(`${t.baseUrl}/contact`);
    await expect(page.getByRole('button', { name: 'Send Message' }).isEnabled()).resolves.toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('Robin No-Script');
    await page.getByLabel('Email', { exact: true }).fill('robin@');
    await page.getByLabel('Subject', { exact: true }).fill('Shore dives near Sydney');
    await page.getByLabel('Message', { exact: true }).fill('Is Bare Island good for a first shore dive in winter?');
    await submit('Send Message');
    expect(new URL(page.url()).pathname).toBe('/contact');
    await visible('Please enter a valid email address');
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Robin No-Script');
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('robin@');
    await expect(page.getByLabel('Subject', { exact: true }).inputValue()).resolves.toBe('Shore dives near Sydney');
    await expect(page.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('Is Bare Island good for a first shore dive in winter?');
    await expect(t.dataSource.getRepository(Contact).countBy({ name: 'Robin No-Script' })).resolves.toBe(0);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await submit('Send Message');
    await visible('Message sent successfully!');
    await visible("Your message was saved and we'll respond soon.");
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('');
    await page.reload();
    await page.getByLabel('Name', { exact: true }).waitFor();
    await expect(t.dataSource.getRepository(Contact).countBy({ email })).resolves.toBe(1);
  });

  it('posts an article comment, keeping what was typed when it is refused', async () => {
    const article = await t.dataSource.getRepository(Article).findOneByOrFail({ slug: ARTICLE.split('/').pop() });
    const content = `No-script comment ${Date.now()}: the grey nurses sat in the cave all dive.`;
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    await page.getByLabel('Name', { exact: true }).fill('Kim');
    await page.getByLabel('Comment', { exact: true }).fill('Too short');
    await submit('Post Comment');
    expect(new URL(page.url()).pathname).toBe(ARTICLE);
    await visible('Comment must be at least 10 characters');
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Kim');
    await expect(page.getByLabel('Comment', { exact: true }).inputValue()).resolves.toBe('Too short');

    await page.getByLabel('Comment', { exact: true }).fill(content);
    await submit('Post Comment');
    await visible('Thanks for your comment!');
    await visible('Your comment has been posted successfully.');
    await expect(page.locator('section[aria-labelledby="comments-heading"] ul').innerText()).resolves.toContain(content);
    await page.reload();
    await page.getByRole('heading', { name: /^Comments/ }).waitFor();
    await expect(t.dataSource.getRepository(Comment).countBy({ articleId: article.id, content })).resolves.toBe(1);

    // 'Add Another Comment' opens the page again, with the form.
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    await page.getByLabel('Comment', { exact: true }).fill(`${content} Again.`);
    await page.getByLabel('Name', { exact: true }).fill('Kim');
    await submit('Post Comment');
    await submit('Add Another Comment');
    await page.getByRole('button', { name: 'Post Comment' }).waitFor();
  });

  it('rates a dive site, and says a star must be chosen', async () => {
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'Cod Hole' });
    const comment = `No-script rating ${Date.now()}: potato cod at arm's length.`;
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    await panel.getByLabel('Comment (optional)').fill(comment);
    await submit('Submit Rating');
    expect(new URL(page.url()).pathname).toBe(`/dive-sites/${site.id}`);
    await visible('Please select a rating');
    await visible('Choose 1-5 stars to rate this dive site');
    await expect(panel.getByLabel('Comment (optional)').inputValue()).resolves.toBe(comment);

    await panel.getByRole('radio', { name: '4 stars' }).check();
    await submit('Submit Rating');
    await visible('Rating submitted!');
    await visible(`Thanks for rating ${site.name}`);
    await expect(panel.getByRole('list', { name: 'Recent reviews' }).innerText()).resolves.toContain(comment);
    await page.reload();
    await panel.waitFor();
    await expect(t.dataSource.getRepository(DiveSiteRating).countBy({ diveSiteId: site.id, comment })).resolves.toBe(1);
    expect(await t.dataSource.getRepository(DiveSiteRating).findOneBy({ diveSiteId: site.id, comment })).toMatchObject({ rating: 4 });
  });

  it('shows the rate limit on the page, not a JSON body', async () => {
    await page.goto(`${t.baseUrl}/newsletter`);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Email address').fill(uniqueEmail('limit'));
      await submit('Subscribe');
    }
    await page.getByLabel('Email address').fill(uniqueEmail('limit'));
    await submit('Subscribe');
    await visible('Subscription failed');
    await visible('Too many subscription attempts from your network. Please try again in 15 minutes.');
  });
});

describe('with JavaScript on, before the island hydrates', () => {
  beforeEach(async () => {
    page = await openPage(true);
  });

  /** Holds an island's code until the returned function is called, so the page stays unhydrated. */
  async function holdIsland(name: string): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/assets/chunks/${name}-[A-Z0-9]+\\.js$`), async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  const hydrated = (name: string) => page.locator(`[data-island="${name}"][data-hydrated="true"]`).first().waitFor();

  it('sends the contact message typed before the form hydrated', async () => {
    const release = await holdIsland('ContactForm');
    const email = uniqueEmail('early');
    await page.goto(`${t.baseUrl}/contact`);
    await page.getByLabel('Name', { exact: true }).fill('Early Typist');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Subject', { exact: true }).fill('Typed before hydration');
    await page.getByLabel('Message', { exact: true }).fill('This message was typed before the script arrived.');
    release();
    await hydrated('ContactForm');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#toaster').getByText('Message sent successfully!').waitFor();
    expect(await t.dataSource.getRepository(Contact).findOneBy({ email })).toMatchObject({
      name: 'Early Typist',
      subject: 'Typed before hydration',
      message: 'This message was typed before the script arrived.',
    });
  });

  it('sends the comment typed before the form hydrated', async () => {
    const release = await holdIsland('ArticleComments');
    const content = `Typed before hydration ${Date.now()}, and still sent.`;
    await page.goto(`${t.baseUrl}${ARTICLE}`);
    await page.getByLabel('Name', { exact: true }).fill('Early Commenter');
    await page.getByLabel('Comment', { exact: true }).fill(content);
    release();
    await hydrated('ArticleComments');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Comment submitted!').first().waitFor();
    expect(await t.dataSource.getRepository(Comment).findOneBy({ content })).toMatchObject({ name: 'Early Commenter' });
  });

  it('sends the star and comment chosen before the rating form hydrated', async () => {
    const site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
    const release = await holdIsland('SiteRatings');
    const comment = `Chosen before hydration ${Date.now()}.`;
    await page.goto(`${t.baseUrl}/dive-sites/${site.id}`);
    const panel = page.getByRole('region', { name: 'Ratings & Reviews' });
    await panel.getByRole('radio', { name: '5 stars' }).check();
    await panel.getByLabel('Comment (optional)').fill(comment);
    release();
    await hydrated('SiteRatings');
    await panel.getByText(`${comment.length}/500 characters`).waitFor();
    await panel.getByRole('button', { name: 'Submit Rating' }).click();
    await page.getByText(`Thanks for rating ${site.name}`).first().waitFor();
    expect(await t.dataSource.getRepository(DiveSiteRating).findOneBy({ diveSiteId: site.id, comment })).toMatchObject({ rating: 5 });
  });

  it('lists the region chosen before the explorer hydrated', async () => {
    const sites = await t.dataSource.getRepository(DiveSite).find();
    const release = await holdIsland('DiveSiteExplorer');
    await page.goto(`${t.baseUrl}/dive-sites`);
    await page.getByLabel('Region').selectOption('Tasmania');
    release();
    await hydrated('DiveSiteExplorer');
    await page.getByText(`Showing ${sites.filter((site) => site.region === 'Tasmania').length} of ${sites.length} dive sites`).waitFor();
    await expect(page.getByLabel('Region').inputValue()).resolves.toBe('Tasmania');
  });

  it('subscribes the address typed before the signup hydrated', async () => {
    const release = await holdIsland('NewsletterSignup');
    const email = uniqueEmail('early');
    await page.goto(`${t.baseUrl}/newsletter`);
    await page.getByLabel('Email address').fill(email);
    release();
    await hydrated('NewsletterSignup');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('#toaster').getByText('Successfully subscribed!').waitFor();
    // Signed up, waiting for the owner's click on the emailed link (double opt-in).
    expect(await t.dataSource.getRepository(Subscriber).findOneBy({ email })).toMatchObject({ subscribed: false, confirmToken: expect.any(String) });
  });
});
