import type { ReviewListItem, ReviewResponse } from 'core/api/reviews';
import type { Review } from './review.entity';

export function toReviewListItem(review: Review): ReviewListItem<Date> {
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

export function toReviewResponse(review: Review): ReviewResponse<Date> {
  return { ...toReviewListItem(review), content: review.content, published: review.published, featured: review.featured, updatedAt: review.updatedAt };
}
