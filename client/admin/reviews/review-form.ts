import type { ReviewResponse } from 'core/api/reviews';
import { REVIEW_REQUIREMENTS, saveProblem } from 'core/publishing';
import { EMPTY_POST_FORM, postPayload, postToForm, type PostForm, type PostFormKind } from '../content/post-form';
import { textOrNull } from '../form-text';
import { firstDevelopmentUrl } from '../urls';

export interface ReviewForm extends PostForm {
  price: string;
  rating: string;
  purchaseLink: string;
}

export const EMPTY_REVIEW_FORM: ReviewForm = { ...EMPTY_POST_FORM, price: '', rating: '', purchaseLink: '' };

/** SPEC section 2: 1 to 5 star characters, labelled '5 Stars' to '1 Star'. */
export const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: '★'.repeat(n), label: `${n} Star${n === 1 ? '' : 's'}` }));

export const REVIEW_PUBLISH_REQUIRED = REVIEW_REQUIREMENTS.incomplete;

export const reviewToForm = (review: ReviewResponse, timeZone: string): ReviewForm => ({
  ...postToForm(review, timeZone),
  price: review.price ?? '',
  rating: review.rating ?? '',
  purchaseLink: review.purchaseLink ?? '',
});

/** SPEC section 5: publishing needs Title, Category, Image URL, Content and Purchase Link; a draft a title. */
export const reviewProblem = (form: ReviewForm, publish: boolean) => saveProblem(form, REVIEW_REQUIREMENTS, publish);

export const reviewUrlProblem = (form: ReviewForm) => firstDevelopmentUrl([['Image URL', form.imageUrl]]);

/** The body of POST/PATCH /api/reviews; rating is null when none is chosen (SPEC section 5). */
export const reviewPayload = (form: ReviewForm, published: boolean, timeZone?: string) => ({
  ...postPayload(form, published, timeZone),
  price: textOrNull(form.price),
  purchaseLink: textOrNull(form.purchaseLink),
  rating: form.rating || null,
});

/** The reviews tab's form. */
export const REVIEW_FORM: PostFormKind<ReviewResponse, ReviewForm> = {
  empty: EMPTY_REVIEW_FORM,
  toForm: reviewToForm,
  requirements: REVIEW_REQUIREMENTS,
  urlProblem: reviewUrlProblem,
  payload: reviewPayload,
};
