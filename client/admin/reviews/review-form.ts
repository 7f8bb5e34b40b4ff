import { fromDateTimeLocal, toDateTimeLocal } from '../format';
import type { ReviewResponse } from 'core/api/reviews';
import { firstDevelopmentUrl } from '../urls';

export interface ReviewForm {
  title: string;
  slug: string;
  category: string;
  price: string;
  rating: string;
  imageUrl: string;
  excerpt: string;
  content: string;
  purchaseLink: string;
  author: string;
  publishedAt: string;
}

export const EMPTY_REVIEW_FORM: ReviewForm = { title: '', slug: '', category: '', price: '', rating: '', imageUrl: '', excerpt: '', content: '', purchaseLink: '', author: '', publishedAt: '' };

/** SPEC section 2: 1 to 5 star characters, labelled '5 Stars' to '1 Star'. */
export const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: '★'.repeat(n), label: `${n} Star${n === 1 ? '' : 's'}` }));

export const REVIEW_PUBLISH_REQUIRED = 'Please fill in all required fields to publish the review.';
export const REVIEW_DRAFT_REQUIRED = 'Please provide at least a title to save the draft.';

export function reviewToForm(review: ReviewResponse): ReviewForm {
  return {
    title: review.title,
    slug: review.slug,
    category: review.category ?? '',
    price: review.price ?? '',
    rating: review.rating ?? '',
    imageUrl: review.imageUrl ?? '',
    excerpt: review.excerpt ?? '',
    content: review.content ?? '',
    purchaseLink: review.purchaseLink ?? '',
    author: review.author ?? '',
    publishedAt: toDateTimeLocal(review.publishedAt),
  };
}

/** SPEC section 5: publishing needs Title, Category, Image URL, Content and Purchase Link; a draft a title. */
export function reviewProblem(form: ReviewForm, publish: boolean): string | null {
  const missing = [form.title, form.category, form.imageUrl, form.content, form.purchaseLink].some((value) => !value.trim());
  if (publish && missing) return REVIEW_PUBLISH_REQUIRED;
  if (!form.title.trim()) return REVIEW_DRAFT_REQUIRED;
  return null;
}

export const reviewUrlProblem = (form: ReviewForm) => firstDevelopmentUrl([['Image URL', form.imageUrl]]);

/** The body of POST/PATCH /api/reviews; rating is null when none is chosen (SPEC section 5). */
export function reviewPayload(form: ReviewForm, published: boolean) {
  const text = (value: string) => value.trim() || null;
  return {
    title: form.title.trim(),
    slug: text(form.slug),
    excerpt: text(form.excerpt),
    content: form.content,
    category: form.category || null,
    imageUrl: text(form.imageUrl),
    price: text(form.price),
    purchaseLink: text(form.purchaseLink),
    rating: form.rating || null,
    author: text(form.author),
    published,
    publishedAt: fromDateTimeLocal(form.publishedAt),
  };
}
