/**
 * The site's content file (GET /api/admin/export, `npm run export`), read back by the import. Rows are
 * named by their natural keys, never by database ids, so a file imports into any site. Every record
 * always carries every key, in the order written here, and lists are sorted by their keys: two exports
 * of the same content are byte-identical apart from `exportedAt`.
 */
export const CONTENT_FORMAT = 'dive-site-content';
/** Raised when a field is added or changes meaning; a site refuses a file newer than it reads. */
export const CONTENT_VERSION = 1;

interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

interface PostRecord extends Timestamps {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  author: string;
  published: boolean;
  publishedAt: string | null;
}

export interface ArticleRecord extends PostRecord {
  videoUrl: string | null;
  videoThumbnail: string | null;
}

export interface ReviewRecord extends PostRecord {
  price: string | null;
  purchaseLink: string;
  rating: string | null;
  featured: boolean;
}

export interface ProductRecord {
  name: string;
  category: string;
  description: string;
  price: number | null;
  rating: number | null;
  reviewCount: number;
  affiliateLink: string;
  imageUrl: string;
  featured: boolean;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

export interface CarouselSlideRecord extends Timestamps {
  title: string;
  description: string | null;
  videoUrl: string;
  ctaText: string | null;
  ctaUrl: string | null;
  posterImageUrl: string | null;
  ordering: number;
  published: boolean;
}

/** A dive site in a content file: TRANSFER_FIELDS (core/dive-sites/fields.ts), its position as numbers. */
export type DiveSiteRecord = Omit<Pick<DiveSiteFields, (typeof TRANSFER_FIELDS)[number]>, 'latitude' | 'longitude' | keyof Timestamps> & {
  latitude: number;
  longitude: number;
} & Timestamps;

/** A comment, keyed by its article's slug, its author's name and when it was posted. No IP address. */
export interface CommentRecord {
  articleSlug: string;
  name: string;
  email: string | null;
  content: string;
  approved: boolean;
  createdAt: string;
}

/** A rating, keyed by its dive site's name and when it was given. No IP address. */
export interface RatingRecord {
  diveSiteName: string;
  rating: number;
  comment: string | null;
  userEmail: string | null;
  createdAt: string;
}

/** A recorded check of a site's facts (issue 43), keyed by its dive site's name, its day and when it was recorded. */
export interface SiteCheckRecord {
  diveSiteName: string;
  checkedOn: string;
  fields: string[];
  by: 'editor' | 'reader';
  sources: { title: string; url: string }[];
  createdAt: string;
}

/** A dated notice with its source (issue 43), keyed by its title and first day, naming the dive sites it covers. */
export interface NoticeRecord {
  title: string;
  body: string;
  startsOn: string;
  endsOn: string | null;
  sourceTitle: string;
  sourceUrl: string;
  siteNames: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A subscriber with the evidence of their consent (source, address, times). The unsubscribe token is
 * a secret of the emails already sent and stays behind: an imported subscriber gets a new one.
 */
export interface SubscriberRecord {
  email: string;
  subscribed: boolean;
  consentSource: string;
  consentIp: string | null;
  consentedAt: string;
  unsubscribedAt: string | null;
  createdAt: string;
}

/** An uploaded image that content refers to (/media/uploads/<hash>.<ext>), its original bytes in base64. */
export interface MediaRecord {
  hash: string;
  mimeType: string;
  originalName: string | null;
  createdAt: string;
  data: string;
}

export interface ContentSet {
  articles: ArticleRecord[];
  reviews: ReviewRecord[];
  products: ProductRecord[];
  carouselSlides: CarouselSlideRecord[];
  diveSites: DiveSiteRecord[];
  comments: CommentRecord[];
  ratings: RatingRecord[];
  /** Left out of files exported before checks and notices were content (read as none). */
  siteChecks?: SiteCheckRecord[];
  notices?: NoticeRecord[];
  subscribers: SubscriberRecord[];
  /** Left out when no content refers to an upload. */
  media?: MediaRecord[];
}

export interface ContentFile {
  format: typeof CONTENT_FORMAT;
  version: number;
  exportedAt: string;
  content: ContentSet;
}

export const CONTENT_KINDS = [
  'articles',
  'reviews',
  'products',
  'carouselSlides',
  'diveSites',
  'comments',
  'ratings',
  'siteChecks',
  'notices',
  'subscribers',
  'media',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** How the import screen names each kind. */
import type { DiveSiteFields, TRANSFER_FIELDS } from '../dive-sites/fields';
export const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  articles: 'Articles',
  reviews: 'Gear reviews',
  products: 'Products',
  carouselSlides: 'Carousel slides',
  diveSites: 'Dive sites',
  comments: 'Comments',
  ratings: 'Ratings',
  siteChecks: 'Site checks',
  notices: 'Notices',
  subscribers: 'Subscribers',
  media: 'Uploaded images',
};

/** What an import does to one kind: the records it adds and updates (by key) and how many it leaves as they are. */
export interface ImportKindPlan {
  added: string[];
  updated: string[];
  skipped: number;
}

/** POST /api/admin/import/preview and POST /api/admin/import. */
export interface ImportSummary {
  kinds: Record<ContentKind, ImportKindPlan>;
  /** Uploads the content refers to that neither the file nor the site holds: imported as they are, they show no image. */
  missingMedia: string[];
}
