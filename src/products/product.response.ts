import type { Product } from './product.entity';

export function toProductResponse(product: Product) {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    description: product.description,
    price: product.price === null ? null : Number(product.price),
    rating: product.rating === null ? null : Number(product.rating),
    reviewCount: product.reviewCount,
    affiliateLink: product.affiliateLink,
    imageUrl: product.imageUrl,
    featured: product.featured,
    published: product.published,
    publishedAt: product.publishedAt,
    createdAt: product.createdAt,
  };
}
