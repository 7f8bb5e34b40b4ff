import { TEAM_NAME } from 'core/constants';
import type {
  ArticleRecord,
  CarouselSlideRecord,
  CommentRecord,
  ContentKind,
  DiveSiteRecord,
  MediaRecord,
  NoticeRecord,
  ProductRecord,
  RatingRecord,
  ReviewRecord,
  SiteCheckRecord,
  SubscriberRecord,
} from 'core/api/content-transfer';
import { autoExcerpt } from 'core/text';
import type { Article } from 'src/articles/article.entity';
import type { CarouselVideo } from 'src/carousel/carousel-video.entity';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import type { Product } from 'src/products/product.entity';
import type { Review } from 'src/reviews/review.entity';
import type { Subscriber } from 'src/newsletter/subscriber.entity';
import type * as Imported from './dto/content-records.dto';
import { OPTIONAL_FIELDS, pickFields, TRANSFER_FIELDS } from 'core/dive-sites/fields';
import { calendarDate } from 'src/lists/cursor';
import type { CompassPoint } from 'core/outlook/compass';

/*
 * Every record is built by one function of its kind, from the database (export) or from a checked
 * file record (import): the keys always come in the same order, and a value the site would store
 * differently (a time to the microsecond, '4.50' for 4.5, a blank author) reads the same both ways,
 * so comparing the two JSON texts tells an unchanged record from a changed one.
 */

/** PostgreSQL keeps microseconds, JavaScript milliseconds: both sides compare at the millisecond. */
export const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined): string | null => (value ? iso(value) : null);
const decimal = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

type PostHead = Pick<ArticleRecord, 'slug' | 'title' | 'excerpt' | 'content' | 'category' | 'imageUrl'>;
type PostTail = Pick<ArticleRecord, 'author' | 'published'> & Dates;

/** A post's record as it is laid out: its text first, then its own fields, then its author, state and dates. */
function postRecord<Own extends object>(row: PostHead & PostTail, own: Own) {
  const { slug, title, excerpt, content, category, imageUrl, author, published } = row;
  const dates = { publishedAt: isoOrNull(row.publishedAt), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
  return { slug, title, excerpt, content, category, imageUrl, ...own, author, published, ...dates };
}

export function articleRecord(row: Omit<ArticleRecord, 'createdAt' | 'updatedAt' | 'publishedAt'> & Dates): ArticleRecord {
  return postRecord(row, { videoUrl: row.videoUrl, videoThumbnail: row.videoThumbnail });
}

export function reviewRecord(row: Omit<ReviewRecord, 'createdAt' | 'updatedAt' | 'publishedAt'> & Dates): ReviewRecord {
  return postRecord(row, { price: row.price, purchaseLink: row.purchaseLink, rating: row.rating, featured: row.featured });
}

interface Dates {
  publishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export const articleFromRow = (row: Article) => articleRecord(row);
export const reviewFromRow = (row: Review) => reviewRecord(row);

/** What an imported article or review may leave out, filled as the admin form fills it. */
function postDefaults(dto: Imported.ArticleImportDto | Imported.ReviewImportDto) {
  const content = dto.content ?? '';
  return {
    excerpt: dto.excerpt || autoExcerpt(content),
    content,
    category: dto.category ?? '',
    imageUrl: dto.imageUrl ?? '',
    author: dto.author || TEAM_NAME,
    published: dto.published ?? false,
    publishedAt: dto.publishedAt ?? null,
  };
}

export function articleFromFile(dto: Imported.ArticleImportDto): ArticleRecord {
  return articleRecord({ ...dto, ...postDefaults(dto), videoUrl: dto.videoUrl ?? null, videoThumbnail: dto.videoThumbnail ?? null });
}

export function reviewFromFile(dto: Imported.ReviewImportDto): ReviewRecord {
  return reviewRecord({
    ...dto,
    ...postDefaults(dto),
    price: dto.price ?? null,
    purchaseLink: dto.purchaseLink ?? '',
    rating: dto.rating ?? null,
    featured: dto.featured ?? false,
  });
}

export function productRecord(row: Product | (Imported.ProductImportDto & { price?: number | null; rating?: number | null })): ProductRecord {
  return {
    name: row.name,
    category: row.category ?? '',
    description: row.description ?? '',
    price: decimal(row.price),
    rating: decimal(row.rating),
    reviewCount: row.reviewCount ?? 0,
    affiliateLink: row.affiliateLink ?? '',
    imageUrl: row.imageUrl ?? '',
    featured: row.featured ?? false,
    published: row.published ?? false,
    publishedAt: isoOrNull(row.publishedAt),
    createdAt: iso(row.createdAt),
  };
}

export function carouselSlideRecord(row: CarouselVideo | Imported.CarouselSlideImportDto): CarouselSlideRecord {
  return {
    title: row.title,
    description: row.description ?? null,
    videoUrl: row.videoUrl,
    ctaText: row.ctaText ?? null,
    ctaUrl: row.ctaUrl ?? null,
    posterImageUrl: row.posterImageUrl ?? null,
    ordering: row.ordering ?? 0,
    published: row.published ?? false,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function diveSiteRecord(row: DiveSite | Imported.DiveSiteImportDto): DiveSiteRecord {
  // What a file may leave out: the optional fields are null, the rest their column's default.
  const optional = Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, row[field] ?? null])) as Pick<DiveSiteRecord, (typeof OPTIONAL_FIELDS)[number]>;
  const record = {
    ...row,
    ...optional,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    positionPrecision: row.positionPrecision ?? 'approximate',
    featured: row.featured ?? false,
    // A file from before issue 30 has no kind, access, status or provenance: the columns' defaults.
    kind: row.kind ?? 'other',
    access: row.access ?? 'both',
    status: row.status ?? 'open',
    statusNote: row.statusNote ?? null,
    statusSince: calendarDate(row.statusSince),
    statusSource: row.statusSource ?? null,
    lastChecked: calendarDate(row.lastChecked),
    sources: row.sources ?? [],
    // Issue 46's fields: undefined when a file from before them leaves them out, until the import fills them
    // (completeSiteRecord): a row always has them (null: chosen by position, not profiled).
    tideStation: row.tideStation as string | null,
    swellExposure: row.swellExposure as CompassPoint[] | null,
    onshoreWinds: row.onshoreWinds as CompassPoint[] | null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  return pickFields(record, TRANSFER_FIELDS);
}

/** The fields of a site a file exported before issue 46 lacks: the tide station and the exposure profile. */
export const LATER_SITE_FIELDS = ['tideStation', 'swellExposure', 'onshoreWinds'] as const;

/**
 * A file's site with the fields it left out (LATER_SITE_FIELDS, an older export) taken from the site it
 * updates, so importing an old file never clears an administrator's tide station or a site's exposure
 * profile; for a new site they are null (the station chosen by position, the exposure not profiled).
 */
export function completeSiteRecord(record: DiveSiteRecord, stored: DiveSiteRecord | undefined): DiveSiteRecord {
  const missing = LATER_SITE_FIELDS.filter((field) => record[field] === undefined);
  if (missing.length === 0) return record;
  // The keys are all there (undefined): a copy keeps their order.
  const complete: Record<string, unknown> = { ...record };
  for (const field of missing) complete[field] = stored?.[field] ?? null;
  return complete as unknown as DiveSiteRecord;
}

export function commentRecord(row: Omit<Imported.CommentImportDto, 'createdAt'> & { createdAt: Date | string }): CommentRecord {
  return {
    articleSlug: row.articleSlug,
    name: row.name,
    email: row.email ?? null,
    content: row.content,
    approved: row.approved ?? true,
    createdAt: iso(row.createdAt),
  };
}

export function ratingRecord(row: Omit<Imported.RatingImportDto, 'createdAt'> & { createdAt: Date | string }): RatingRecord {
  return {
    diveSiteName: row.diveSiteName,
    rating: row.rating,
    comment: row.comment ?? null,
    userEmail: row.userEmail ?? null,
    createdAt: iso(row.createdAt),
  };
}

export function siteCheckRecord(
  row: Omit<SiteCheckRecord, 'checkedOn' | 'createdAt'> & { checkedOn: Date | string; createdAt: Date | string },
): SiteCheckRecord {
  return {
    diveSiteName: row.diveSiteName,
    checkedOn: calendarDate(row.checkedOn)!,
    fields: [...row.fields],
    by: row.by,
    sources: row.sources.map(({ title, url }) => ({ title, url })),
    createdAt: iso(row.createdAt),
  };
}

/** The sites a notice covers by name, in code-point order: the same list both ways. */
export function noticeRecord(
  row: Omit<NoticeRecord, 'startsOn' | 'endsOn' | 'createdAt' | 'updatedAt'> & {
    startsOn: Date | string;
    endsOn?: Date | string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
  },
): NoticeRecord {
  return {
    title: row.title,
    body: row.body,
    startsOn: calendarDate(row.startsOn)!,
    endsOn: calendarDate(row.endsOn ?? null),
    sourceTitle: row.sourceTitle,
    sourceUrl: row.sourceUrl,
    siteNames: [...new Set(row.siteNames)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function subscriberRecord(row: Subscriber | Imported.SubscriberImportDto): SubscriberRecord {
  return {
    // Stored lower-cased, as the newsletter service does, so uniqueness ignores case.
    email: row.email.toLowerCase(),
    subscribed: row.subscribed ?? true,
    consentSource: row.consentSource ?? 'website',
    consentIp: row.consentIp ?? null,
    consentedAt: iso(row.consentedAt),
    unsubscribedAt: isoOrNull(row.unsubscribedAt),
    createdAt: iso(row.createdAt),
  };
}

/** Without `data` when read from the site for comparing: the hash names the bytes. */
export function mediaRecord(row: Omit<Imported.MediaImportDto, 'createdAt' | 'data'> & { createdAt: Date | string; data?: string }): MediaRecord {
  return { hash: row.hash, mimeType: row.mimeType, originalName: row.originalName ?? null, createdAt: iso(row.createdAt), data: row.data ?? '' };
}

type AnyRecord =
  | ArticleRecord
  | ReviewRecord
  | ProductRecord
  | CarouselSlideRecord
  | DiveSiteRecord
  | CommentRecord
  | RatingRecord
  | SiteCheckRecord
  | NoticeRecord
  | SubscriberRecord
  | MediaRecord;

/**
 * The natural key of each kind: what an imported record is matched by, and what the file is sorted by.
 * Slides have no slug: their title is theirs (a file may not hold two slides of one title).
 */
export const KEYS: { [K in ContentKind]: (record: never) => string } = {
  articles: (r: ArticleRecord) => r.slug,
  reviews: (r: ReviewRecord) => r.slug,
  products: (r: ProductRecord) => r.name,
  carouselSlides: (r: CarouselSlideRecord) => r.title,
  diveSites: (r: DiveSiteRecord) => r.name,
  comments: (r: CommentRecord) => `${r.articleSlug}\n${r.createdAt}\n${r.name}`,
  ratings: (r: RatingRecord) => `${r.diveSiteName}\n${r.createdAt}`,
  siteChecks: (r: SiteCheckRecord) => `${r.diveSiteName}\n${r.checkedOn}\n${r.createdAt}`,
  notices: (r: NoticeRecord) => `${r.title}\n${r.startsOn}`,
  subscribers: (r: SubscriberRecord) => r.email,
  media: (r: MediaRecord) => r.hash,
};

export const keyOf = (kind: ContentKind, record: AnyRecord): string => (KEYS[kind] as (record: AnyRecord) => string)(record);

/** How a record is named to a person (the preview's lists, an error message). */
export function labelOf(kind: ContentKind, record: AnyRecord): string {
  const r = record as unknown as Record<string, unknown>;
  switch (kind) {
    case 'articles':
      return `article "${r.slug}"`;
    case 'reviews':
      return `review "${r.slug}"`;
    case 'products':
      return `product "${r.name}"`;
    case 'carouselSlides':
      return `carousel slide "${r.title}"`;
    case 'diveSites':
      return `dive site "${r.name}"`;
    case 'comments':
      return `comment by "${r.name}" on "${r.articleSlug}" at ${r.createdAt}`;
    case 'ratings':
      return `rating of "${r.diveSiteName}" at ${r.createdAt}`;
    case 'siteChecks':
      return `check of "${r.diveSiteName}" on ${r.checkedOn}`;
    case 'notices':
      return `notice "${r.title}" from ${r.startsOn}`;
    case 'subscribers':
      return `subscriber ${r.email}`;
    case 'media':
      return `upload ${r.hash}`;
  }
}

/** Sorted by key, by code unit: the same order on every machine, whatever its locale. */
export function sortByKey<R extends AnyRecord>(kind: ContentKind, records: R[]): R[] {
  return records
    .map((record) => ({ key: keyOf(kind, record), record }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ record }) => record);
}
