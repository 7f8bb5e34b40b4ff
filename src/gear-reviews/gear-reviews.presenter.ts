import { metaDescription } from 'core/text';
import type { PageLinks } from 'core/pagination';
import { PUBLIC_REVIEW_CATEGORIES } from 'core/categories';
import { pagePath } from 'src/lists/pagination';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import type { Product } from 'src/products/product.entity';
import { itemCrumbs, pageRelations, pageSuffix } from 'src/publishing/publication-pages';
import type { PageView, SiteAddress } from 'src/render/page-meta';
import type { ReviewResponse } from 'core/api/reviews';
import type { CheckedOffer } from 'core/outbound';
import { reviewJsonLd } from 'src/reviews/review-structured-data';
import { reviewSummary } from 'src/rich-text/render-body';
import type { Review } from 'src/reviews/review.entity';
import { toReviewListItem } from 'src/reviews/review.response';
import { breadcrumbJsonLd } from 'views/components/Breadcrumbs';
import type { ProductCardItem } from 'views/components/ProductCard';
import type { GearReviewsPageProps } from 'views/pages/reviews/GearReviewsPage';
import type { ReviewPageProps } from 'views/pages/reviews/ReviewPage';

const HERO_FALLBACKS = ['/media/scene-coral-reef.svg', '/media/scene-wreck.svg', '/media/scene-drift.svg'];

type HeroSite = Pick<DiveSite, 'id' | 'name' | 'region' | 'imageUrl' | 'blogSlug'>;

export interface GearReviewsListData {
  hero: HeroSite | null;
  latest: Review | null;
  reviews: Review[];
  products: Product[];
  /** The prices checked on the pages the reviews' and products' purchase links lead to (issue 47), by link. */
  offers?: Map<string, CheckedOffer>;
  category: string | null;
  search: string | null;
  links: PageLinks;
}

/** /gear-reviews: a featured dive site as the hero, the latest review, a page of reviews and, with a search, the products it finds. */
export function presentGearReviews(data: GearReviewsListData): PageView<GearReviewsPageProps> {
  const { category, search, links } = data;
  return {
    meta: {
      title: `${category ? `${category} Reviews - Honest Scuba Gear Reviews` : 'Scuba Gear Reviews - Honest Reviews Tested in Australia'}${pageSuffix(links.page)}`,
      fullTitle: true,
      description:
        'Honest scuba gear reviews tested on Australian and Pacific dives: dive computers, BCDs, regulators, wetsuits, masks, fins and cameras, with AUD prices.',
      path: pagePath('/gear-reviews', { category }, links.page),
      ...pageRelations(links),
      noindex: !!search,
    },
    props: {
      hero: data.hero ? heroOf(data.hero) : null,
      latest: data.latest ? toReviewListItem(data.latest) : null,
      reviews: data.reviews.map(toReviewListItem),
      products: data.products.map((product) => toProductCard(product, data.offers?.get(product.affiliateLink) ?? null)),
      categories: PUBLIC_REVIEW_CATEGORIES,
      category,
      search,
      pages: links,
      offers: Object.fromEntries(data.offers ?? []),
    },
  };
}

function heroOf(site: HeroSite): NonNullable<GearReviewsPageProps['hero']> {
  return { name: site.name, region: site.region, imageUrl: site.imageUrl ?? HERO_FALLBACKS[site.id % HERO_FALLBACKS.length], href: `/blog/${site.blogSlug}` };
}

export function toProductCard(product: Product, offer: CheckedOffer | null = null): ProductCardItem {
  const { id, name, category, description, price, rating, reviewCount, affiliateLink, imageUrl } = product;
  return { id, name, category, description, price, rating, reviewCount, affiliateLink, imageUrl, offer };
}

export const reviewPath = (slug: string) => `/gear-reviews/${slug}`;

/**
 * /gear-reviews/{slug}: the review, its body (null when formatting failed: the raw text is shown), the price
 * checked on the page its purchase link leads to (issue 47; null when none was) and schema.org Review.
 */
export function presentReview(
  data: { review: ReviewResponse<Date>; bodyHtml: string | null; now: Date; offer?: CheckedOffer | null },
  address: SiteAddress,
): PageView<ReviewPageProps> {
  const { review } = data;
  const path = reviewPath(review.slug);
  const breadcrumbs = itemCrumbs({ label: 'Gear Reviews', href: '/gear-reviews' }, review.title, path);
  const absolute = (href: string) => address.absoluteUrl(href);
  return {
    meta: {
      title: `${review.title} - Expert Gear Review`,
      fullTitle: true,
      description: metaDescription(review.excerpt || null, review.content) || 'An honest, expert scuba gear review tested in Australian water.',
      path,
      image: review.imageUrl,
      type: 'article',
      jsonLd: [reviewJsonLd(review, address.siteName, absolute, data.now), breadcrumbJsonLd(breadcrumbs, absolute)],
    },
    props: { review, bodyHtml: data.bodyHtml, breadcrumbs, summary: reviewSummary(review.content), offer: data.offer ?? null },
  };
}

/** /gear-reviews/{slug} of no published review. */
export function presentReviewNotFound(slug: string): PageView<Record<string, never>> {
  return {
    meta: {
      title: 'Review Not Found',
      description: "The gear review you're looking for doesn't exist or has been removed.",
      path: reviewPath(slug),
      noindex: true,
    },
    props: {},
  };
}
