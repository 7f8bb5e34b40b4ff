import type { EntityManager } from 'typeorm';
import type { ContentKind } from 'core/api/content-transfer';
import { Article } from 'src/articles/article.entity';
import { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { Comment } from 'src/comments/comment.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { Notice, NoticeSite } from 'src/dive-sites/notice.entity';
import { SiteCheck } from 'src/dive-sites/site-check.entity';
import { Media } from 'src/images/media.entity';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { Product } from 'src/products/product.entity';
import { DiveSiteRating } from 'src/ratings/dive-site-rating.entity';
import { Review } from 'src/reviews/review.entity';
import {
  articleFromRow,
  carouselSlideRecord,
  commentRecord,
  diveSiteRecord,
  mediaRecord,
  noticeRecord,
  productRecord,
  ratingRecord,
  reviewFromRow,
  siteCheckRecord,
  subscriberRecord,
} from './content-records';

/** A row of the site as a content record, with its id (what an import updates). */
export interface Held<R = unknown> {
  id: number;
  record: R;
}

export type SiteContent = { [K in ContentKind]: Held[] };

/** The function making each kind's record from its row (comments and ratings with their article's slug and site's name). */
export const RECORD_OF = {
  articles: articleFromRow,
  reviews: reviewFromRow,
  products: productRecord,
  carouselSlides: carouselSlideRecord,
  diveSites: diveSiteRecord,
  comments: commentRecord,
  ratings: ratingRecord,
  siteChecks: siteCheckRecord,
  notices: noticeRecord,
  subscribers: subscriberRecord,
  media: mediaRecord,
} as const satisfies Record<ContentKind, unknown>;

/** The entity each kind is written to. */
export const ENTITIES = {
  articles: Article,
  reviews: Review,
  products: Product,
  carouselSlides: CarouselVideo,
  diveSites: DiveSite,
  comments: Comment,
  ratings: DiveSiteRating,
  siteChecks: SiteCheck,
  notices: Notice,
  subscribers: Subscriber,
  media: Media,
} as const satisfies Record<ContentKind, unknown>;

/**
 * Every content row of the site as records, oldest id first (so of two rows sharing a name, the first
 * is the one an import matches). Uploads without their bytes: the export reads those it needs.
 */
export async function readSiteContent(manager: EntityManager): Promise<SiteContent> {
  // One after another: a transaction holds one connection, which runs one query at a time.
  const byId = { order: { id: 'ASC' as const } };
  const articles = await manager.find(Article, byId);
  const reviews = await manager.find(Review, byId);
  const products = await manager.find(Product, byId);
  const slides = await manager.find(CarouselVideo, byId);
  const sites = await manager.find(DiveSite, byId);
  const comments = await manager.find(Comment, { ...byId, relations: { article: true } });
  const ratings = await manager.find(DiveSiteRating, { ...byId, relations: { diveSite: true } });
  const checks = await manager.find(SiteCheck, { ...byId, relations: { site: true } });
  const notices = await manager.find(Notice, byId);
  const links = await manager.find(NoticeSite, { relations: { site: true } });
  const subscribers = await manager.find(Subscriber, byId);
  const media = await manager.find(Media, byId);
  const held = <T extends { id: number }, R>(rows: T[], toRecord: (row: T) => R): Held<R>[] => rows.map((row) => ({ id: row.id, record: toRecord(row) }));
  return {
    articles: held(articles, RECORD_OF.articles),
    reviews: held(reviews, RECORD_OF.reviews),
    products: held(products, RECORD_OF.products),
    carouselSlides: held(slides, RECORD_OF.carouselSlides),
    diveSites: held(sites, RECORD_OF.diveSites),
    comments: held(comments, (row) => RECORD_OF.comments({ ...row, articleSlug: row.article!.slug })),
    ratings: held(ratings, (row) => RECORD_OF.ratings({ ...row, diveSiteName: row.diveSite!.name })),
    siteChecks: held(checks, (row) => RECORD_OF.siteChecks({ ...row, diveSiteName: row.site!.name })),
    notices: held(notices, (row) => RECORD_OF.notices({ ...row, siteNames: links.filter((link) => link.noticeId === row.id).map((link) => link.site!.name) })),
    subscribers: held(subscribers, RECORD_OF.subscribers),
    media: held(media, RECORD_OF.media),
  };
}

/** The uploads content refers to, by hash: /media/uploads/<hash>.<ext>, alone, absolute or inside markdown. */
export function referencedUploads(content: unknown): Set<string> {
  return new Set([...JSON.stringify(content).matchAll(/\/media\/uploads\/([0-9a-f]{64})\./g)].map((match) => match[1]));
}
