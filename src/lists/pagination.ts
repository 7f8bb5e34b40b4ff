import { NotFoundException } from '@nestjs/common';
import type { PageLinks } from 'core/pagination';

/** Articles on a page of /blog, reviews on a page of /gear-reviews. */
export const LIST_PAGE_SIZE = 12;

/**
 * The page a list page asks for with `?page=N`: 1 when absent. Anything but a whole number from 1
 * (`?page=abc`, `?page=0`, `?page=2&page=3`) names no page, so it is the site's 404 like a page past the end:
 * a search engine drops it rather than keep a copy of the first page under another address.
 */
export function requestedPage(raw: unknown): number {
  if (raw === undefined) return 1;
  const page = typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isNaN(page)) throw new NotFoundException('Page not found');
  return page;
}

/** How many pages `total` items make (at least one, the empty state's). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
}

/** The address of a page of a list: its filters, then `page` from the second page on (the first has none). */
export function pagePath(path: string, params: Record<string, string | null>, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The page's links; a 404 for a page past the last. */
export function pageLinks(path: string, params: Record<string, string | null>, page: number, total: number): PageLinks {
  const pages = pageCount(total);
  if (page > pages) throw new NotFoundException('Page not found');
  return {
    page,
    pages,
    previous: page > 1 ? pagePath(path, params, page - 1) : null,
    next: page < pages ? pagePath(path, params, page + 1) : null,
  };
}
