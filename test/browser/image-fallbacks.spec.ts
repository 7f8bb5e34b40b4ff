import { signInAsAdmin } from '../support/admin';
import { browserSuite } from '../support/browser-suite';

/**
 * SPEC section 4's error states, as a reader meets them when a post's picture cannot be had: the image
 * endpoint cannot reach its host (a name that never resolves), so each image fails in the browser.
 */
const suite = browserSuite();
const BROKEN = 'https://pictures.invalid/gone.jpg';

beforeAll(async () => {
  const admin = await signInAsAdmin(suite.t);
  await admin
    .post('/api/articles')
    .send({
      title: 'Night Dive at Nelson Bay Pipeline',
      category: 'Dive Sites',
      content: 'Pygmy pipefish, decorator crabs and sleeping fish under the Halifax Park pipeline.',
      imageUrl: BROKEN,
      published: true,
    })
    .expect(201);
  await admin
    .post('/api/reviews')
    .send({
      title: 'Kraken Hydra 2500 Torch Review',
      category: 'Other',
      imageUrl: BROKEN,
      content: '## Verdict\n\nBright, even beam for night dives.\n\n### Pros\n- Two hours at full power\n\n### Cons\n- Heavy on a wrist mount',
      purchaseLink: 'https://www.scubawarehouse.com.au/search?q=kraken+hydra',
      price: '$499 AUD',
      rating: '4',
      published: true,
    })
    .expect(201);
}, 60_000);

describe('images that cannot be loaded', () => {
  it("shows 'Image unavailable' in place of an article's header image, and the article still reads", async () => {
    const { page, t } = suite;
    await page.goto(`${t.baseUrl}/blog/night-dive-at-nelson-bay-pipeline`);
    // The header image is decorative (alt=""), so the box is named by its own text.
    await page.getByRole('img', { name: 'Image unavailable' }).getByText('Image unavailable').waitFor();
    await page.locator('article').getByText('Pygmy pipefish, decorator crabs').first().waitFor();
  });

  it("shows 'Review image unavailable' and 'Content still accessible' on a review", async () => {
    const { page, t } = suite;
    await page.goto(`${t.baseUrl}/gear-reviews/kraken-hydra-2500-torch-review`);
    await page.getByText('Review image unavailable').waitFor();
    await page.getByText('Content still accessible').waitFor();
    await page.getByText('Bright, even beam for night dives.', { exact: true }).waitFor();
  });

  it("puts one of the site's stock photographs behind the News hero when the latest post's image fails", async () => {
    const { page, t } = suite;
    await page.goto(`${t.baseUrl}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Night Dive at Nelson Bay Pipeline' }).waitFor();
    const hero = page.locator('section img[data-fallback="hero"]').first();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('section img[data-fallback="hero"]');
      return !!image && image.complete && image.naturalWidth > 0;
    });
    const shown = new URL(await hero.evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(shown.pathname).toMatch(/^\/media\/stock\/hero-(reef|wreck|drift)\.jpg$/);
  });
});
