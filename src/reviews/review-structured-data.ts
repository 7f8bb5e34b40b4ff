import { prosAndCons } from 'src/rich-text/render-body';
import type { ReviewResponse } from 'core/api/reviews';

export const DEFAULT_STRUCTURED_RATING = 4.5;
export const PRICE_VALID_DAYS = 90;

/** SPEC section 9: a number or a string of stars; 4.5 when absent or unparseable; clamped to 1-5. */
export function structuredRating(rating: string | null): number {
  if (!rating) return DEFAULT_STRUCTURED_RATING;
  const value = /^★+$/.test(rating.trim()) ? rating.trim().length : Number.parseFloat(rating);
  if (!Number.isFinite(value)) return DEFAULT_STRUCTURED_RATING;
  return Math.min(5, Math.max(1, value));
}

/** The number in a free-text price such as "$1,449" or "AUD 899.95"; null when there is none. */
export function priceNumber(price: string | null): string | null {
  const match = /(\d[\d,]*(?:\.\d{1,2})?)/.exec(price ?? '');
  return match ? match[1].replace(/,/g, '') : null;
}

/** schema.org Review of a Product, with offers in AUD valid for 90 days and the body's pros and cons. */
export function reviewJsonLd(review: ReviewResponse<Date>, siteName: string, absolute: (path: string) => string, now: Date): object {
  const validUntil = new Date(now.getTime() + PRICE_VALID_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const price = priceNumber(review.price);
  const { pros, cons } = prosAndCons(review.content);
  const notes = (items: string[]) =>
    items.length ? { '@type': 'ItemList', itemListElement: items.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name })) } : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: review.title.replace(/\s+review.*$/i, ''),
    image: absolute(review.imageUrl),
    description: review.excerpt,
    category: review.category,
    ...(price && review.purchaseLink
      ? {
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency: 'AUD',
            priceValidUntil: validUntil,
            url: review.purchaseLink,
            availability: 'https://schema.org/InStock',
          },
        }
      : {}),
    review: {
      '@type': 'Review',
      name: review.title,
      reviewBody: review.excerpt,
      datePublished: (review.publishedAt ?? review.createdAt).toISOString(),
      author: { '@type': 'Organization', name: siteName },
      publisher: { '@type': 'Organization', name: siteName },
      reviewRating: { '@type': 'Rating', ratingValue: structuredRating(review.rating), bestRating: 5, worstRating: 1 },
      ...(notes(pros) ? { positiveNotes: notes(pros) } : {}),
      ...(notes(cons) ? { negativeNotes: notes(cons) } : {}),
    },
  };
}
