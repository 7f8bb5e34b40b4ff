/**
 * One source for a dive site's shape: its stored fields named once (`DiveSiteFields`, which the entity
 * implements), and the lists of those fields each view of a site shows, in the order it shows them. The API
 * answer, the explorer's card, the site's panel and the exports are derived from these lists (`Pick<>` of
 * the record) and built by `pickFields`, so a new column is added to the record and to the lists that show
 * it, nowhere else.
 */
import type { CompassPoint } from 'core/outlook/compass';

export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** 'mark': the position is a published GPS mark of the site; 'approximate': placed from a map or a description. */
export const POSITION_PRECISIONS = ['mark', 'approximate'] as const;
export type PositionPrecision = (typeof POSITION_PRECISIONS)[number];

/** What a site is, as divers choose it (issue 30). */
export const SITE_KINDS = ['wreck', 'reef', 'wall', 'cave-sinkhole', 'jetty-pier', 'drift', 'other'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];
export const SITE_KIND_LABELS: Record<SiteKind, string> = {
  wreck: 'Wreck',
  reef: 'Reef',
  wall: 'Wall',
  'cave-sinkhole': 'Cave or sinkhole',
  'jetty-pier': 'Jetty or pier',
  drift: 'Drift',
  other: 'Other',
};

/** How a diver gets to it. */
export const SITE_ACCESSES = ['shore', 'boat', 'both'] as const;
export type SiteAccess = (typeof SITE_ACCESSES)[number];
export const SITE_ACCESS_LABELS: Record<SiteAccess, string> = { shore: 'Shore', boat: 'Boat', both: 'Shore or boat' };

/** Whether it can be dived today: open, restricted (a permit, a guide, part of it only) or closed. */
export const SITE_STATUSES = ['open', 'restricted', 'closed'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = { open: 'Open', restricted: 'Restricted', closed: 'Closed' };

/** A published page behind a site's facts. */
export interface SiteSource {
  title: string;
  url: string;
}

/** A source's title when none is given: the host of its address ('parks.sa.gov.au'). */
export function sourceTitle(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** A dive site's columns (dive_sites), less the rating totals its trigger keeps. */
export interface DiveSiteFields {
  id: number;
  name: string;
  /** Decimal degrees as text, as PostgreSQL returns decimals. */
  latitude: string;
  longitude: string;
  positionPrecision: PositionPrecision;
  waterTemp: string;
  skillLevel: SkillLevel;
  depthRange: string;
  description: string;
  region: string;
  visibility: string | null;
  bestTime: string | null;
  marineLife: string | null;
  hazards: string | null;
  facilities: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  videoThumbnail: string | null;
  reviewLink: string | null;
  /** The slug of the blog article about this site, when there is one. */
  blogSlug: string | null;
  featured: boolean;
  kind: SiteKind;
  access: SiteAccess;
  status: SiteStatus;
  /** What the status means for a diver, in a sentence. */
  statusNote: string | null;
  /** The date (YYYY-MM-DD) the status took effect, when known. */
  statusSince: string | null;
  /** The published page the status comes from. */
  statusSource: string | null;
  /** The date (YYYY-MM-DD) the site's facts were last checked against its sources. */
  lastChecked: string | null;
  sources: SiteSource[];
  /** The administrator's tide station (issue 46): an @neaps/tide-database id, 'none' for no tide, null to choose by position. */
  tideStation: string | null;
  /** Issue 46: the compass points open-ocean swell reaches it from, and the winds that blow onshore; null: not profiled. */
  swellExposure: CompassPoint[] | null;
  onshoreWinds: CompassPoint[] | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the pages show of a site besides its columns: its review (its review link, else its blog article). */
export interface DiveSiteDerived {
  reviewHref: string | null;
}

/** The site's review: its review link, else the blog article written about it. */
export function reviewHref(site: Pick<DiveSiteFields, 'reviewLink' | 'blogSlug'>): string | null {
  return site.reviewLink ?? (site.blogSlug ? `/blog/${site.blogSlug}` : null);
}

export type DiveSiteField = keyof DiveSiteFields;
/** A site as the pages see it: its columns and what is derived from them. */
export type DiveSiteView = DiveSiteFields & DiveSiteDerived;
type ViewField = keyof DiveSiteView;

// Runs of fields several views show in the same order.
/** How a dive goes: who it suits, how deep, how warm and clear, when. */
const CONDITIONS = ['skillLevel', 'depthRange', 'waterTemp', 'visibility', 'bestTime'] as const satisfies readonly DiveSiteField[];
/** What a site is: its name and region, and how a dive there goes. */
const SUMMARY = ['id', 'name', 'region', ...CONDITIONS] as const satisfies readonly DiveSiteField[];
/** What a diver reads about it. */
const NOTES = ['description', 'marineLife', 'hazards'] as const satisfies readonly DiveSiteField[];
const MEDIA = ['imageUrl', 'videoUrl', 'videoThumbnail'] as const satisfies readonly DiveSiteField[];
/** The site's review: a link, or the slug of its blog article. */
const REVIEW = ['reviewLink', 'blogSlug'] as const satisfies readonly DiveSiteField[];

/** What a site is and how to get there. */
const TYPE = ['kind', 'access'] as const satisfies readonly DiveSiteField[];
/** Whether it can be dived, and where that and the rest of its facts come from. */
const TRUST = ['status', 'statusNote', 'statusSince', 'statusSource', 'lastChecked', 'sources'] as const satisfies readonly DiveSiteField[];
/** How a site lies to the sea: its tide station and its exposure profile (issue 46). */
const SEA = ['tideStation', 'swellExposure', 'onshoreWinds'] as const satisfies readonly DiveSiteField[];

/** The fields after a site's name, region and position, in the order of the admin form. */
const FORM_FIELDS = [
  ...CONDITIONS,
  ...NOTES,
  'facilities',
  ...MEDIA,
  ...REVIEW,
  'featured',
  'createdAt',
  'updatedAt',
] as const satisfies readonly DiveSiteField[];

/** The nullable fields of the admin form: left out keeps the stored value, null clears it. */
export const OPTIONAL_FIELDS = [
  'visibility',
  'bestTime',
  'marineLife',
  'hazards',
  'facilities',
  ...MEDIA,
  ...REVIEW,
] as const satisfies readonly DiveSiteField[];

/** The API's answer (SPEC section 3): every stored field but the position's precision and the update time. */
export const RESPONSE_FIELDS = [
  'id',
  'name',
  'latitude',
  'longitude',
  'waterTemp',
  'skillLevel',
  'depthRange',
  'description',
  'region',
  ...OPTIONAL_FIELDS,
  'featured',
  'createdAt',
  ...TYPE,
  ...TRUST,
  ...SEA,
] as const satisfies readonly DiveSiteField[];

/** The explorer's card and map popup (core/dive-sites/types.ts ExplorerSite). */
export const EXPLORER_FIELDS = [
  'id',
  'name',
  'latitude',
  'longitude',
  'region',
  ...CONDITIONS,
  ...NOTES,
  'featured',
  'imageUrl',
  'reviewHref',
  'videoUrl',
  ...TYPE,
  'status',
] as const satisfies readonly ViewField[];

/** The site's own panel on /dive-sites/{id} (views/pages/dive-sites/DiveSitePanel.tsx). */
export const PANEL_FIELDS = [
  ...SUMMARY,
  'marineLife',
  'hazards',
  'facilities',
  'description',
  ...MEDIA,
  'reviewHref',
  'latitude',
  'longitude',
  'positionPrecision',
  ...TYPE,
  ...TRUST,
] as const satisfies readonly ViewField[];

/** A GeoJSON feature's properties (its `url` is added after them). */
export const GEOJSON_FIELDS = [...SUMMARY, ...NOTES, 'facilities', 'featured'] as const satisfies readonly DiveSiteField[];

/** The CSV export: every column but the position's precision, in the order of the admin form. */
export const CSV_FIELDS = [
  'id',
  'name',
  'region',
  'latitude',
  'longitude',
  ...FORM_FIELDS,
  ...TYPE,
  ...TRUST,
  ...SEA,
] as const satisfies readonly DiveSiteField[];

/** A content file's dive site (core/api/content-transfer.ts): every column but the id, which the file does not keep. */
export const TRANSFER_FIELDS = [
  'name',
  'region',
  'latitude',
  'longitude',
  'positionPrecision',
  ...FORM_FIELDS,
  ...TYPE,
  ...TRUST,
  ...SEA,
] as const satisfies readonly DiveSiteField[];

/** The fields `fields` names of `source`, in the list's order (the order of the JSON keys). */
export function pickFields<S, const K extends keyof S>(source: S, fields: readonly K[]): Pick<S, K> {
  const picked = {} as Pick<S, K>;
  for (const field of fields) picked[field] = source[field];
  return picked;
}
