import type { ArticleListItem } from 'core/api/articles';
import type { PublishRequirements } from 'core/publishing';
import { DEFAULT_SITE_TIMEZONE, fromZonedInput, toZonedInput } from 'core/site-time';
import { textOrNull } from '../form-text';

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

/** The post as the form shows it; its published date as the clock reads in `timeZone` (the site's). */
export function postToForm(post: ArticleListItem & { content: string }, timeZone: string): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    category: post.category ?? '',
    imageUrl: post.imageUrl ?? '',
    author: post.author ?? '',
    publishedAt: toZonedInput(post.publishedAt, timeZone),
    excerpt: post.excerpt ?? '',
    content: post.content ?? '',
  };
}

/** What one kind of post (articles, reviews) brings to the shared posts tab about its form. */
export interface PostFormKind<P, F extends PostForm> {
  empty: F;
  /** The post as the form holds it, its date as the clock reads in the site's zone. */
  toForm: (post: P, timeZone: string) => F;
  /** What publishing needs: the tab derives the message that stops a save and each field's own message from it. */
  requirements: PublishRequirements<keyof F & string>;
  /** A URL on a development host, named, or null. */
  urlProblem: (form: F) => string | null;
  payload: (form: F, publish: boolean, timeZone: string) => Record<string, unknown>;
}

/**
 * The shared part of a POST/PATCH body. Blank slug and excerpt go as null so the server generates them
 * (and numbers a slug another post already has); an empty date means 'now' on publish. The date is
 * read as the clock in `timeZone` (the site's) and sent as an instant.
 */
export function postPayload(form: PostForm, published: boolean, timeZone: string = DEFAULT_SITE_TIMEZONE) {
  return {
    title: form.title.trim(),
    slug: textOrNull(form.slug),
    excerpt: textOrNull(form.excerpt),
    content: form.content,
    category: form.category || null,
    imageUrl: textOrNull(form.imageUrl),
    author: textOrNull(form.author),
    published,
    publishedAt: fromZonedInput(form.publishedAt, timeZone)?.toISOString() ?? null,
  };
}
