import type { ReviewResponse } from 'core/api/reviews';
import { PostsTab } from '../content/PostsTab';
import { keys } from '../query-keys';
import { LinkHealthPanel, ReviewLinkFlag } from './LinkHealthPanel';
import { REVIEW_FORM, type ReviewForm as ReviewFormState } from './review-form';
import { ReviewForm } from './ReviewForm';

const ratingText = (rating: string | null) => (!rating ? null : /^★+$/.test(rating) ? rating : `${rating}★`);

/**
 * Gear reviews: the purchase-link check (issue 32), the form, then 'Draft Reviews (n)' and 'Published
 * Reviews (n)' (SPEC section 2), each review flagged when its purchase link is broken.
 */
export function ReviewsTab() {
  return (
    <>
      <LinkHealthPanel />
      <PostsTab<ReviewResponse, ReviewFormState>
        api={{ endpoint: '/api/reviews', queryKey: keys.reviews, noun: 'gear review', word: 'Review' }}
        Editor={ReviewForm}
        form={REVIEW_FORM}
        previewKind="reviews"
        details={(review) => (
          <>
            {review.price && <span>{review.price}</span>}
            {ratingText(review.rating) && <span className="text-amber-700">{ratingText(review.rating)}</span>}
            <ReviewLinkFlag slug={review.slug} />
          </>
        )}
        // SPEC section 5 (confirmations): deleting any review asks first.
        deleteConfirmation={() => ({ title: 'Delete Gear Review', description: 'Are you sure you want to delete this gear review?' })}
        plural="Reviews"
        listNoun="gear reviews"
      />
    </>
  );
}
