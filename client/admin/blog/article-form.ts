import { fromDateTimeLocal, toDateTimeLocal } from '../format';
import type { ArticleResponse } from 'core/api/articles';
import { firstDevelopmentUrl } from '../urls';

export interface ArticleForm {
  title: string;
  slug: string;
  category: string;
  imageUrl: string;
  videoUrl: string;
  author: string;
  publishedAt: string;
  excerpt: string;
  content: string;
}

export const EMPTY_ARTICLE_FORM: ArticleForm = { title: '', slug: '', category: '', imageUrl: '', videoUrl: '', author: '', publishedAt: '', excerpt: '', content: '' };

export const PUBLISH_REQUIRED = 'Please fill in all required fields to publish the article.';
export const DRAFT_REQUIRED = 'Please provide at least a title to save the draft.';

export function articleToForm(article: ArticleResponse): ArticleForm {
  return {
    title: article.title,
    slug: article.slug,
    category: article.category ?? '',
    imageUrl: article.imageUrl ?? '',
    videoUrl: article.videoUrl ?? '',
    author: article.author ?? '',
    publishedAt: toDateTimeLocal(article.publishedAt),
    excerpt: article.excerpt ?? '',
    content: article.content ?? '',
  };
}

/** SPEC section 5: publishing needs title, content, category and header image; a draft only a title. */
export function articleProblem(form: ArticleForm, publish: boolean): string | null {
  if (publish && (!form.title.trim() || !form.content.trim() || !form.category || !form.imageUrl.trim())) return PUBLISH_REQUIRED;
  if (!form.title.trim()) return DRAFT_REQUIRED;
  return null;
}

export const articleUrlProblem = (form: ArticleForm) =>
  firstDevelopmentUrl([
    ['Header Image URL', form.imageUrl],
    ['Video URL', form.videoUrl],
  ]);

/**
 * The body of POST/PATCH /api/articles. Blank slug and excerpt go as null so the server generates them
 * (and numbers a slug another post already has); an empty date means 'now' on publish.
 */
export function articlePayload(form: ArticleForm, published: boolean) {
  const text = (value: string) => value.trim() || null;
  return {
    title: form.title.trim(),
    slug: text(form.slug),
    excerpt: text(form.excerpt),
    content: form.content,
    category: form.category || null,
    imageUrl: text(form.imageUrl),
    videoUrl: text(form.videoUrl),
    author: text(form.author),
    published,
    publishedAt: fromDateTimeLocal(form.publishedAt),
  };
}
