import type { ArticleListItem, ArticleResponse } from 'core/api/articles';
import type { Article } from './article.entity';

export function toArticleListItem(article: Article): ArticleListItem<Date> {
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

export function toArticleResponse(article: Article): ArticleResponse<Date> {
  return {
    ...toArticleListItem(article),
    content: article.content,
    videoUrl: article.videoUrl,
    videoThumbnail: article.videoThumbnail,
    published: article.published,
    updatedAt: article.updatedAt,
  };
}
