import type { Locator, Page } from 'playwright-core';
import { listRow, openDashboard, openSection, publishNow, toastShows } from '../support/admin-browser';
import { adminDashboardSuite } from '../support/browser-suite';
import type { TestApp } from '../support/test-app';

const suite = adminDashboardSuite('Blog');
let t: TestApp;
let page: Page;
beforeEach(() => ({ t, page } = suite));

/** Issue 44: the lists come first; 'New post' (or 'New review', 'New slide') opens the form. */
const openNew = (name: string) => page.getByRole('button', { name, exact: true }).click();

const row = (list: string, title: string): Locator => listRow(page, list, title);

/**
 * The first site given a video, and 'New slide' opened on the Carousel tab: its 'Load from Existing Video'
 * choice, and how to choose the site's video there once it is listed.
 */
async function newSlideBesideSiteVideo() {
  const [site] = await t.dataSource.query(`SELECT id, name, region FROM dive_sites ORDER BY id LIMIT 1`);
  await t.dataSource.query(`UPDATE dive_sites SET "videoUrl" = 'https://videos.example/site-loop.mp4' WHERE id = $1`, [site.id]);
  await page.getByRole('tab', { name: 'Carousel' }).click();
  await openNew('New slide');
  const source = page.getByLabel('Load from Existing Video');
  const label = `${site.name} (${site.region})`;
  const chooseSiteVideo = async () => {
    await source.locator('option', { hasText: label }).waitFor({ state: 'attached' });
    await source.selectOption({ label });
  };
  return { site: site as { id: number; name: string; region: string }, source, chooseSiteVideo };
}

async function publicPageText(path: string): Promise<string> {
  const response = await page.request.get(`${t.baseUrl}${path}`);
  return response.text();
}

describe('blog tab', () => {
  const title = 'Night Diving at Nelson Bay: Pyjama Squid and Seahorses';
  const slug = 'night-diving-at-nelson-bay-pyjama-squid-and-seahorses';

  it('writes a draft, publishes it, finds it on /blog, unpublishes it and deletes it after confirming', async () => {
    await openNew('New post');
    await page.getByRole('heading', { name: 'Create New Blog Post' }).waitFor();
    // Publishing needs more than a title.
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await toastShows(page, 'Missing Information', 'Please fill in all required fields to publish the article.');

    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await toastShows(page, 'Draft Saved');
    await row('Draft Posts', title).waitFor();
    await expect(page.getByRole('heading', { name: /^Draft Posts \(\d+\)$/ }).count()).resolves.toBe(1);

    await row('Draft Posts', title).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('Marine Life');
    await page.getByLabel('Header Image URL').fill('https://images.example/nelson-bay-night.jpg');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill("## After dark at Fly Point\n\nPyjama squid, White's seahorses and decorator crabs come out once the sun sets over Port Stephens.");
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await toastShows(page, 'Draft Saved');
    // Saved: the editor closes and the lists show alone again.
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor({ state: 'detached' });

    // Publishing is public: it asks first, naming the post.
    await row('Draft Posts', title)
      .getByRole('button', { name: `Publish \u201c${title}\u201d` })
      .click();
    await page
      .getByRole('alertdialog', { name: `Publish \u201c${title}\u201d?` })
      .getByRole('button', { name: 'Publish' })
      .click();
    await toastShows(page, 'Post Published');
    await row('Published Posts', title).waitFor();
    await expect(publicPageText('/blog')).resolves.toContain(title);
    await page.goto(`${t.baseUrl}/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await openDashboard(page, t);
    await openSection(page, 'Blog');

    // Unpublishing takes a live post down: it asks too, and Cancel leaves it up.
    await row('Published Posts', title).getByRole('button', { name: 'Unpublish' }).click();
    const unpublish = page.getByRole('alertdialog', { name: `Unpublish \u201c${title}\u201d?` });
    await unpublish.getByRole('button', { name: 'Cancel' }).click();
    await unpublish.waitFor({ state: 'detached' });
    await expect(publicPageText('/blog')).resolves.toContain(title);
    await row('Published Posts', title).getByRole('button', { name: 'Unpublish' }).click();
    await unpublish.getByRole('button', { name: 'Unpublish' }).click();
    await toastShows(page, 'Post Unpublished');
    await row('Draft Posts', title).waitFor();
    await expect(publicPageText('/blog')).resolves.not.toContain(title);

    // A published post asks before it is deleted; Cancel keeps it.
    await row('Draft Posts', title).getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
    await row('Published Posts', title).waitFor();
    await row('Published Posts', title).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Published Post' });
    await dialog
      .getByText(`Are you sure you want to delete "${title}"? This action cannot be undone and will permanently remove the published post from your website.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Published Posts', title).waitFor();

    await row('Published Posts', title).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Post Deleted');
    await row('Published Posts', title).waitFor({ state: 'detached' });
    await expect(publicPageText('/blog')).resolves.not.toContain(title);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM articles WHERE slug = $1`, [slug]);
    expect(count).toBe(0);
  });
});

describe('reviews tab', () => {
  it('creates a gear review that shows on /gear-reviews', async () => {
    const title = 'Apeks XTX50 Regulator Review';
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await openNew('New review');
    await page.getByRole('heading', { name: 'Create New Gear Review' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption('Regulators');
    await page.getByLabel('Price').fill('$899 AUD');
    await page.getByLabel('Rating').selectOption({ label: '4 Stars' });
    await page.getByLabel('Image URL', { exact: true }).fill('https://images.example/xtx50.jpg');
    await page.getByLabel('Purchase Link (Affiliate)').fill('https://www.amazon.com.au/s?k=apeks+xtx50');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill('## Overview\n\nA cold-water workhorse that breathes easily at depth, tested on forty dives around Melbourne.');

    // Local development image URLs in the content raise the yellow warning.
    await page.getByRole('textbox', { name: 'Content' }).press('End');
    await page.getByRole('textbox', { name: 'Content' }).pressSequentially('\n\n![test](http://localhost:3000/img.png)');
    await page.getByText('Image Warning').waitFor();
    const content = await page.getByRole('textbox', { name: 'Content' }).inputValue();
    await page.getByRole('textbox', { name: 'Content' }).fill(content.replace('\n\n![test](http://localhost:3000/img.png)', ''));
    await page.getByText('Image Warning').waitFor({ state: 'detached' });

    await publishNow(page);
    await toastShows(page, 'Review Published');
    await row('Published Reviews', title).getByText('$899 AUD').waitFor();
    await expect(publicPageText('/gear-reviews')).resolves.toContain(title);
    await page.goto(`${t.baseUrl}/gear-reviews/apeks-xtx50-regulator-review`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // The price already names its currency: said once, not '$899 AUD (AUD)'.
    const affiliate = page.getByRole('complementary', { name: 'Affiliate link' });
    await affiliate.getByText('Price at review: $899 AUD', { exact: true }).waitFor();
    expect(await affiliate.innerText()).not.toContain('(AUD)');
  });
});

describe('carousel tab', () => {
  it('creates, edits and deletes a slide', async () => {
    await page.getByRole('tab', { name: 'Carousel' }).click();
    await openNew('New slide');
    await page.getByRole('heading', { name: 'Create Carousel Slide' }).waitFor();
    await page.getByText('Add a video URL or poster image URL to see the preview.').waitFor();

    await page.getByRole('button', { name: 'Create Slide' }).click();
    await toastShows(page, 'Missing Information', 'Please provide a title and video URL before saving the carousel slide.');

    await page.getByLabel('Title', { exact: true }).fill('Manta Rays of Lady Elliot Island');
    await page.getByLabel('Video URL').fill('https://videos.example/lady-elliot-mantas.mp4');
    await page.getByLabel('Description').fill('Year-round manta encounters at the southern tip of the Great Barrier Reef.');
    await page.getByLabel('CTA Text').fill('Explore Dive Sites');
    await page.getByLabel('CTA Link').fill('/dive-sites');
    expect(await page.getByLabel('Publish to homepage (uncheck to save as draft)').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Slide' }).click();
    await toastShows(page, 'Slide Created');
    const slides = page.getByRole('list', { name: 'Existing slides' });
    const slide = slides.getByRole('listitem').filter({ hasText: 'Manta Rays of Lady Elliot Island' });
    await slide.waitFor();
    await expect(publicPageText('/')).resolves.toContain('Manta Rays of Lady Elliot Island');

    await slide.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Carousel Slide' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Mantas at Lady Elliot Island');
    await page.getByRole('button', { name: 'Update Slide' }).click();
    await toastShows(page, 'Slide Updated');
    const edited = slides.getByRole('listitem').filter({ hasText: 'Mantas at Lady Elliot Island' });
    await edited.waitFor();
    await page.getByRole('heading', { name: 'Edit Carousel Slide' }).waitFor({ state: 'detached' });

    await edited.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Carousel Slide' });
    await dialog.getByText('Are you sure you want to delete "Mantas at Lady Elliot Island"? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Slide Deleted');
    await edited.waitFor({ state: 'detached' });
    await expect(publicPageText('/')).resolves.not.toContain('Mantas at Lady Elliot Island');
  });

  it('pre-fills a new slide from an existing dive-site video', async () => {
    const { site, source, chooseSiteVideo } = await newSlideBesideSiteVideo();
    expect(await source.locator('option').first().innerText()).toBe('Create new slide from scratch');
    await chooseSiteVideo();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(site.name);
    expect(await page.getByLabel('Video URL').inputValue()).toBe('https://videos.example/site-loop.mp4');
    expect(await page.getByLabel('CTA Link').inputValue()).toBe(`/dive-sites/${site.id}`);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
  });

  it("empties the form when 'Create new slide from scratch' is chosen after loading a video", async () => {
    const { site, source, chooseSiteVideo } = await newSlideBesideSiteVideo();
    await chooseSiteVideo();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(site.name);
    await page.getByLabel('Publish to homepage (uncheck to save as draft)').uncheck();

    await source.selectOption({ label: 'Create new slide from scratch' });
    for (const field of ['Title', 'Video URL', 'Description', 'Poster Image URL', 'CTA Text', 'CTA Link']) {
      expect({ field, value: await page.getByRole('textbox', { name: field, exact: true }).inputValue() }).toEqual({ field, value: '' });
    }
    // The publish choice is the administrator's, not the loaded video's: it stays as set.
    expect(await page.getByLabel('Publish to homepage (uncheck to save as draft)').isChecked()).toBe(false);
    await page.getByText('Add a video URL or poster image URL to see the preview.').waitFor();
  });
});

describe('content editor', () => {
  beforeEach(() => openNew('New post'));

  it('warns under an image or video field before saving when visitors could not load it', async () => {
    const header = page.getByLabel('Header Image URL');
    await header.fill('javascript:alert(1)');
    await page.getByText('Header Image URL must be a valid URL', { exact: true }).waitFor();
    await header.fill('http://localhost:5173/reef.jpg');
    await page
      .getByText('Header Image URL points to a local development host and will not work in published articles. Use a public URL.', { exact: true })
      .waitFor();
    await page.getByLabel('Video URL').fill('data:video/mp4;base64,AAAA');
    await page.getByText('Video URL must be a valid URL', { exact: true }).waitFor();
    // The site's own files and public addresses are fine.
    await header.fill('/media/scene-nudibranch.svg');
    await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByText('Header Image URL points', { exact: false }).waitFor({ state: 'detached' });
    expect(await page.getByText(/must be a valid URL/).count()).toBe(0);
  });

  it('inserts a template and an image at the chosen width', async () => {
    const content = page.getByRole('textbox', { name: 'Content' });
    await page.getByRole('button', { name: 'Pros & Cons Template' }).click();
    await expect(content.inputValue()).resolves.toContain('## Pros');
    const width = page.getByLabel('Image width');
    expect(await width.inputValue()).toBe('600');
    expect(await width.locator('option').allInnerTexts()).toEqual(['300px', '600px (default)', '800px', '1200px']);
    await width.selectOption('800');
    await page.getByLabel('Image to insert (URL)').fill('https://images.example/fins.jpg');
    await page.getByLabel('Alt text').fill('Open-heel fins');
    await page.getByRole('button', { name: 'Insert Image' }).click();
    await expect(content.inputValue()).resolves.toContain('![Open-heel fins](https://images.example/fins.jpg "width=800")');
  });
});

async function editTitle(from: string, to: string): Promise<void> {
  await row('Published Posts', from).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Update & Keep Published' }).click();
  await toastShows(page, 'Post Updated');
  await row('Published Posts', to).waitFor();
}

describe('revisions in the blog editor', () => {
  it('lists the versions two edits replaced and restores the first, in the editor and on the public page', async () => {
    const first = 'Julian Rocks in Winter: Grey Nurse Sharks';
    const second = 'Julian Rocks in Winter: Grey Nurses and Mantas';
    const third = 'Julian Rocks in Winter: A Season of Sharks';
    const slug = 'julian-rocks-in-winter-grey-nurse-sharks';

    await openNew('New post');
    await page.getByLabel('Title', { exact: true }).fill(first);
    await page.getByLabel('Category', { exact: true }).selectOption('Dive Sites');
    await page.getByLabel('Header Image URL').fill('/media/scene-nudibranch.svg');
    await page.getByRole('textbox', { name: 'Content' }).fill('From June the grey nurse sharks gather in the gutters of the Cod Hole at Julian Rocks.');
    await publishNow(page);
    await toastShows(page, 'Post Published');
    await row('Published Posts', first).waitFor();

    await editTitle(first, second);
    await editTitle(second, third);

    await row('Published Posts', third).getByRole('button', { name: 'Edit' }).click();
    const revisions = page.getByRole('list', { name: 'Revisions' });
    await revisions.getByRole('listitem').nth(1).waitFor();
    await expect(revisions.getByRole('listitem').count()).resolves.toBe(2);
    await revisions.getByRole('listitem').first().getByText(second, { exact: true }).waitFor();
    const oldest = revisions.getByRole('listitem').nth(1);
    await oldest.getByText(first, { exact: true }).waitFor();
    await oldest.getByText(/by admin · Differs in: Title\b/).waitFor();

    await oldest.getByRole('button', { name: /^Preview/ }).click();
    const preview = page.getByRole('region', { name: 'Version preview' });
    await preview.getByText(first, { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await toastShows(page, 'Version Restored');

    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(first);
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    // The version the restore replaced is kept in turn.
    await revisions.getByRole('listitem').nth(2).waitFor();
    await revisions.getByRole('listitem').first().getByText(third, { exact: true }).waitFor();
    await row('Published Posts', first).waitFor();

    await page.goto(`${t.baseUrl}/blog/${slug}`);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
  });
});
