import { IsOptional, Matches } from 'class-validator';
import type { PageLinks } from 'core/pagination';
import { PageQuery } from 'src/lists/page-query';
import type { PageMeta } from 'src/render/page-meta';
import type { Crumb } from 'views/components/Breadcrumbs';

/**
 * `?page=N` of /blog and /gear-reviews: 1 when absent. Anything but a whole number from 1 (`?page=abc`,
 * `?page=0`, `?page=2&page=3`) names no page, so it is the site's 404 like a page past the end: a search
 * engine drops it rather than keep a copy of the first page under another address.
 */
export class ListPageQuery extends PageQuery {
  static override readonly notFoundIfInvalid = ['page'];

  @IsOptional()
  @Matches(/^[1-9]\d{0,5}$/)
  page?: string;
}

export const pageNumber = (query: ListPageQuery): number => Number(query.page ?? 1);

/** ' - Page 2' after a list's title from its second page on. */
export const pageSuffix = (page: number): string => (page > 1 ? ` - Page ${page}` : '');

/** A list page's `<link rel="prev|next">`. */
export const pageRelations = (links: PageLinks): Pick<PageMeta, 'previousPath' | 'nextPath'> => ({ previousPath: links.previous, nextPath: links.next });

/** Home, the section, then the item: an article's or a review's breadcrumbs. */
export function itemCrumbs(section: Crumb, title: string, path: string): Crumb[] {
  return [{ label: 'Home', href: '/' }, section, { label: title, href: path }];
}
