import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import type { CompassPoint } from 'core/outlook/compass';
import type { DiveSiteFields, PositionPrecision, SiteAccess, SiteKind, SiteSource, SiteStatus, SkillLevel } from 'core/dive-sites/fields';

export { POSITION_PRECISIONS, SKILL_LEVELS, type PositionPrecision, type SkillLevel } from 'core/dive-sites/fields';

/** The columns of dive_sites: the fields core/dive-sites/fields.ts names, and the rating totals. */
@Entity({ name: 'dive_sites' })
// The trigram index of the text search (dive-site-text.ts), made by its migration when pg_trgm is available.
@Index('IDX_dive_sites_text', { synchronize: false })
// Covering and ordering indexes TypeORM cannot describe (INCLUDE, COLLATE): migrations TopRatedIndex and ScaleQueryIndexes.
@Index('IDX_dive_sites_rating_order', { synchronize: false })
@Index('IDX_dive_sites_name_order', { synchronize: false })
// Partial indexes of the sites with a video by their article, and of the featured sites with one: SiteArticleLinkIndexes.
@Index('IDX_dive_sites_video_blog_slug', { synchronize: false })
@Index('IDX_dive_sites_video_review_link', { synchronize: false })
@Index('IDX_dive_sites_featured_article', { synchronize: false })
// Partial indexes of the sites by the article they link to ('Read next' of the same site): SearchWords.
@Index('IDX_dive_sites_blog_slug', { synchronize: false })
@Index('IDX_dive_sites_review_link', { synchronize: false })
// The map's box and grid read from the positions alone, and the sites that mention an upload (MediaService): MapAndMediaScaleIndexes.
@Index('IDX_dive_sites_position', { synchronize: false })
@Index('IDX_dive_sites_upload_mentions', { synchronize: false })
// A region's cards in the lists' order with their positions, from the index alone (migration ListScaleIndexes; INCLUDE and a collation TypeORM cannot describe).
@Index('IDX_dive_sites_region_order', { synchronize: false })
@Check('CHK_dive_sites_position_precision', `"position_precision" IN ('mark', 'approximate')`)
@Check('CHK_dive_sites_kind', `"kind" IN ('wreck', 'reef', 'wall', 'cave-sinkhole', 'jetty-pier', 'drift', 'other')`)
@Check('CHK_dive_sites_access', `"access" IN ('shore', 'boat', 'both')`)
@Check('CHK_dive_sites_status', `"status" IN ('open', 'restricted', 'closed')`)
export class DiveSite implements DiveSiteFields {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Decimal degrees; PostgreSQL returns decimals as text, which SPEC's public answer keeps. */
  // Indexed for the nearby sites of a site's page (a band of latitude around it).
  @Index('IDX_dive_sites_latitude')
  @Column({ type: 'decimal', precision: 10, scale: 8 })
  latitude: string;

  @Column({ type: 'decimal', precision: 11, scale: 8 })
  longitude: string;

  @Column({ name: 'position_precision', type: 'varchar', length: 20, default: 'approximate' })
  positionPrecision: PositionPrecision;

  @Column({ type: 'varchar', length: 50 })
  waterTemp: string;

  @Column({ type: 'varchar', length: 20 })
  skillLevel: SkillLevel;

  @Column({ type: 'varchar', length: 50 })
  depthRange: string;

  @Column({ type: 'text' })
  description: string;

  /** How many ratings the site has, kept by a trigger on dive_site_ratings (migration ScaleIndexesAndRatingTotals). */
  @Column({ type: 'int', default: 0, insert: false, update: false })
  ratingCount: number;

  /** The sum of its ratings' stars, kept by the same trigger: the average is ratingSum / ratingCount. */
  @Column({ type: 'int', default: 0, insert: false, update: false })
  ratingSum: number;

  @Index()
  @Column({ type: 'varchar', length: 100 })
  region: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  visibility: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  bestTime: string | null;

  @Column({ type: 'text', nullable: true })
  marineLife: string | null;

  @Column({ type: 'text', nullable: true })
  hazards: string | null;

  @Column({ type: 'text', nullable: true })
  facilities: string | null;

  @Column({ type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text', nullable: true })
  videoUrl: string | null;

  @Column({ type: 'text', nullable: true })
  videoThumbnail: string | null;

  @Column({ type: 'text', nullable: true })
  reviewLink: string | null;

  /** The slug of the blog article about this site, when there is one. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  blogSlug: string | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Index('IDX_dive_sites_kind')
  @Column({ type: 'varchar', length: 20, default: 'other' })
  kind: SiteKind;

  @Index('IDX_dive_sites_access')
  @Column({ type: 'varchar', length: 10, default: 'both' })
  access: SiteAccess;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: SiteStatus;

  @Column({ type: 'text', nullable: true })
  statusNote: string | null;

  /** A date column: PostgreSQL gives it as 'YYYY-MM-DD', as the API answers it. */
  @Column({ type: 'date', nullable: true })
  statusSince: string | null;

  @Column({ type: 'text', nullable: true })
  statusSource: string | null;

  @Column({ type: 'date', nullable: true })
  lastChecked: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources: SiteSource[];

  /** The administrator's tide station (an @neaps/tide-database id), 'none' for no tide, null to choose by position (issue 46). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  tideStation: string | null;
  /** Issue 46: the compass points open-ocean swell reaches the site from; null: not profiled (core/outlook). */
  @Column({ type: 'varchar', length: 2, array: true, nullable: true })
  swellExposure: CompassPoint[] | null;

  /** Issue 46: the compass points a wind blowing from is onshore here; null: not profiled. */
  @Column({ type: 'varchar', length: 2, array: true, nullable: true })
  onshoreWinds: CompassPoint[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
