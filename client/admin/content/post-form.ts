import type { ArticleListItem } from 'core/api/articles';
import { fromDateTimeLocal, toDateTimeLocal } from '../format';

/** The fields every post form has (articles and reviews), as the inputs hold them: text. */
export interface PostForm {
  title: string;
  slug: string;
  category: string;
  imageUrl: string;
  author: string;
  publishedAt: string;
  excerpt: string;
  content: string;
}

export const EMPTY_POST_FORM: PostForm = { title: '', slug: '', category: '', imageUrl: '', author: '', publishedAt: '', excerpt: '', content: '' };

export function postToForm(post: ArticleListItem & { content: string }): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    category: post.category ?? '',
    imageUrl: post.imageUrl ?? '',
    author: post.author ?? '',
    publishedAt: toDateTimeLocal(post.publishedAt),
    excerpt: post.excerpt ?? '',
    content: post.content ?? '',
  };
}

/** Blank optional text goes as null, so the server fills it in (slug, excerpt, author) or leaves it empty. */
export const textOrNull = (value: string) => value.trim() || null;

/**
 * The shared part of a POST/PATCH body. Blank slug and excerpt go as null so the server generates them
 * (and numbers a slug another post already has); an empty date means 'now' on publish.
 */
export function postPayload(form: PostForm, published: boolean) {
  return {
    title: form.title.trim(),
    slug: textOrNull(form.slug),
    excerpt: textOrNull(form.excerpt),
    content: form.content,
    category: form.category || null,
    imageUrl: textOrNull(form.imageUrl),
    author: textOrNull(form.author),
    published,
    publishedAt: fromDateTimeLocal(form.publishedAt),
  };
}
