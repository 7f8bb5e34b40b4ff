import { SetMetadata } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * What a cached answer shows, and what a write changes, named by tags (docs/operations.md: Caching). A write drops
 * every kept answer that carries one of its tags; the rest stay.
 */
export const Tag = {
  /** Every list or page that shows published articles (/blog, /api/articles, ...). */
  articles: 'articles',
  article: (id: number | string) => `article:${id}`,
  comments: (articleId: number | string) => `comments:${articleId}`,
  /** Every article's comments (a moderator's deletion names no article). */
  allComments: 'comments',
  reviews: 'reviews',
  review: (id: number | string) => `review:${id}`,
  /** Every page or answer that shows dive sites (the list, the map, every site page's explorer). */
  diveSites: 'dive-sites',
  diveSite: (id: number | string) => `dive-site:${id}`,
  ratings: (siteId: number | string) => `ratings:${siteId}`,
  /** Every answer showing any site's ratings (the stars of the cards and popups, 'Top rated'). */
  allRatings: 'ratings',
  /** A site's published condition reports (issue 45): its page's 'Latest reports' and GET .../reports. */
  reports: (siteId: number | string) => `reports:${siteId}`,
  /** Every answer showing any site's newest report (the cards' 'vis 15 m, 2 days ago'). */
  allReports: 'reports',
  /** Issue 46: every answer showing many sites' outlooks (cards, the outlook filter, the weekend list): each forecast refresh drops it. */
  forecasts: 'forecasts',
  carousel: 'carousel',
  products: 'products',
  home: 'home',
  feeds: 'feeds',
  sitemap: 'sitemap',
  search: 'search',
  /** The newsletter's public archive (/newsletter/issues and each issue): dropped when an issue is sent. */
  newsletterIssues: 'newsletter-issues',
} as const;

/**
 * Carried by an answer whose handler declared nothing: any write that changes content drops it, so an
 * undeclared page is never stale, only kept less long.
 */
export const ANY_CONTENT = '*';

/** A tag, or tags computed from the request (e.g. its `:id`). */
export type ReadTag = string | ((request: Request) => string | string[]);
/** A tag, or tags computed from the request and the handler's answer (e.g. the id of what it created). Never "everything". */
export type WriteTag = string | ((request: Request, result: unknown) => string | string[] | null | undefined);

export const CACHE_TAGS = Symbol('page-cache:tags');
export const INVALIDATES = Symbol('page-cache:invalidates');

/**
 * On a GET handler: what its answer shows. `@CacheTags()` with nothing says it shows no content (a
 * static page), so only a full flush or its age drops it.
 */
export const CacheTags = (...tags: ReadTag[]) => SetMetadata(CACHE_TAGS, tags);

/**
 * On a write handler (or its controller, for all its writes): what it changes, dropped in every process
 * once it succeeds (an answer under 400). `@Invalidates()` with nothing says it changes no page (a
 * newsletter sign-up). Every write handler declares one (test/unit/cache-declarations.spec.ts fails for
 * one that does not); an undeclared write drops nothing, and no declaration drops everything (only the administrator's content import does, itself).
 */
export const Invalidates = (...tags: WriteTag[]) => SetMetadata(INVALIDATES, tags);

/** The tags gathered for an answer being rendered, while the page cache may keep it. */
const gathered = new WeakMap<Response, { tags: Set<string>; declared: boolean }>();
/** Until when (epoch ms) an answer stays right, where its handler said (keepAnswerFor). */
const rightUntil = new WeakMap<Response, number>();

export function startGathering(response: Response): void {
  gathered.set(response, { tags: new Set(), declared: false });
}

/**
 * The answer being rendered is right for `ms` more only (it shows 'today' at a site, until the site's
 * midnight): the page cache keeps it no longer, and tells a CDN so (issue 46).
 */
export function keepAnswerFor(response: Response, ms: number): void {
  rightUntil.set(response, Math.min(answerKeepUntil(response), Date.now() + Math.max(0, ms)));
}

/** Until when (epoch ms) the answer may be kept at most, as its handler said (Infinity when it said nothing). */
export function answerKeepUntil(response: Response): number {
  return rightUntil.get(response) ?? Infinity;
}

/** Adds tags to the answer being rendered (a handler that learns an id while rendering, e.g. by slug). */
export function tagAnswer(response: Response, ...tags: string[]): void {
  const entry = gathered.get(response);
  if (!entry) return;
  entry.declared = true;
  for (const tag of tags) entry.tags.add(tag);
}

export function resolveReadTags(tags: readonly ReadTag[], request: Request): string[] {
  return tags.flatMap((tag) => (typeof tag === 'function' ? tag(request) : tag));
}

export function resolveWriteTags(tags: readonly WriteTag[], request: Request, result: unknown): string[] {
  return tags.flatMap((tag) => (typeof tag === 'function' ? (tag(request, result) ?? []) : tag));
}

/** The tags an answer is kept with: what was declared, or ANY_CONTENT when nothing was. */
export function gatheredTags(response: Response): string[] {
  const entry = gathered.get(response);
  if (!entry?.declared) return [ANY_CONTENT];
  return [...entry.tags];
}

/** An id as the handlers read it (an integer, so `05` and `5` are one tag). */
function idText(raw: unknown): string {
  const id = Number.parseInt(String(raw), 10);
  return Number.isSafeInteger(id) ? String(id) : String(raw);
}

/** The `:id` route parameter, for tags such as `Tag.ratings`. */
export const byId =
  (tag: (id: string) => string) =>
  (request: Request): string =>
    tag(idText(request.params.id));

/** The id a write acted on: its `:id`, or the id of what it created. */
export function writtenId(request: Request, result: unknown): string | null {
  const id = request.params?.id ?? (result as { id?: unknown } | undefined)?.id;
  return id === undefined || id === null ? null : idText(id);
}

/** What an article's creation, edit or deletion changes. */
export function articleChanged(request: Request, result: unknown): string[] {
  const id = writtenId(request, result);
  return [...(id ? [Tag.article(id), Tag.comments(id)] : []), Tag.articles, Tag.home, Tag.feeds, Tag.sitemap, Tag.search];
}

/** What a review's creation, edit or deletion changes. */
export function reviewChanged(request: Request, result: unknown): string[] {
  const id = writtenId(request, result);
  return [...(id ? [Tag.review(id)] : []), Tag.reviews, Tag.home, Tag.feeds, Tag.sitemap, Tag.search];
}

/** What a dive site's creation, edit or deletion changes (every site page shows every site). */
export function diveSiteChanged(request: Request, result: unknown): string[] {
  const id = writtenId(request, result);
  return [...(id ? [Tag.diveSite(id), Tag.ratings(id)] : []), Tag.diveSites, Tag.sitemap, Tag.search];
}

/**
 * What a condition report's write changes (issue 45), once a report is on the page; nothing while it waits
 * for approval. A diver's new report drops its own site's reports (the site's page among them) and no
 * more: every card showing a newest report (/dive-sites, every site page, the cards API) follows within the
 * page cache's 60 s, as 20 reports a second would otherwise re-render every site page 20 times a second
 * (bench/reports-under-load.mjs). The administrator's actions (`siteIds`) drop the cards at once too.
 */
export function reportsChanged(_request: Request, result: unknown): string[] {
  const answer = result as { published?: boolean; report?: { diveSiteId: number }; siteIds?: number[] } | undefined;
  if (answer?.siteIds) return answer.siteIds.length ? [...answer.siteIds.map((id) => Tag.reports(id)), Tag.allReports] : [];
  return answer?.published && answer.report ? [Tag.reports(answer.report.diveSiteId)] : [];
}
