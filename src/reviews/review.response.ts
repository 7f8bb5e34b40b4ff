import type { Review } from './review.entity';

/** GET /api/reviews/published items: the article list fields plus purchaseLink and rating (SPEC section 7). */
export function toReviewListItem(review: Review) {
  return {
    id: review.id,
    title: review.title,
    slug: review.slug,
    excerpt: review.excerpt,
    category: review.category,
    imageUrl: review.imageUrl,
    author: review.author,
    publishedAt: review.publishedAt,
    createdAt: review.createdAt,
    purchaseLink: review.purchaseLink,
    rating: review.rating,
    price: review.price,
  };
}

export type ReviewListItem = ReturnType<typeof toReviewListItem>;

export function toReviewResponse(review: Review) {
  return { ...toReviewListItem(review), content: review.content, published: review.published, featured: review.featured, updatedAt: review.updatedAt };
}

export type ReviewResponse = ReturnType<typeof toReviewResponse>;
