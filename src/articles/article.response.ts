import type { Article } from './article.entity';

/** GET /api/articles list items: the fields SPEC section 7 lists, nothing more. */
export function toArticleListItem(article: Article) {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt,
    category: article.category,
    imageUrl: article.imageUrl,
    author: article.author,
    publishedAt: article.publishedAt,
    createdAt: article.createdAt,
  };
}

export type ArticleListItem = ReturnType<typeof toArticleListItem>;

export function toArticleResponse(article: Article) {
  return {
    ...toArticleListItem(article),
    content: article.content,
    videoUrl: article.videoUrl,
    videoThumbnail: article.videoThumbnail,
    published: article.published,
    updatedAt: article.updatedAt,
  };
}

export type ArticleResponse = ReturnType<typeof toArticleResponse>;
