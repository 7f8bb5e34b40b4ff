import { Transform } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  ArrayMaxSize,
  ValidateBy,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsCalendarDate, IsLink, IsPublicMediaUrl, IsWebUrl, OptionalLink, OptionalMediaUrl, isWebUrl } from 'src/validation/validators';
import { SITE_ACCESSES, SITE_KINDS, SITE_STATUSES, sourceTitle, type SiteSource } from 'core/dive-sites/fields';
import { COMPASS_POINTS, isCompassPoint, type CompassPoint } from 'core/outlook/compass';
import { SKILL_LEVELS } from '../dive-site.entity';
import { BlankToNull, Trim } from 'src/validation/transforms';

/** A tide station's id ('source/name'), or 'none'. */
const TIDE_STATION = /^(none|[a-z0-9-]+\/[A-Za-z0-9_.-]+)$/;

/** The admin form sends coordinates as numbers; the public API gives them as text. Both are accepted. */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

export const SKILL_LEVEL_MESSAGE = `Skill level must be one of: ${SKILL_LEVELS.join(', ')}`;

export const MAX_SOURCES = 50;
const SOURCES_MESSAGE = `Sources must be a list of at most ${MAX_SOURCES} web addresses (https:// or http://), each with a title of at most 200 characters`;

/** A source given as its address alone, or with no title, gets its host as the title. */
export const toSources = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((item: unknown) => {
        if (typeof item === 'string') return { title: sourceTitle(item.trim()), url: item.trim() };
        if (item && typeof item === 'object' && typeof (item as SiteSource).url === 'string') {
          const { url, title } = item as { url: string; title?: unknown };
          const trimmed = typeof title === 'string' ? title.trim() : title;
          // Any other key stays, for the rule below to refuse.
          return { ...item, title: trimmed === undefined || trimmed === null || trimmed === '' ? sourceTitle(url.trim()) : trimmed, url: url.trim() };
        }
        return item;
      })
    : value;

export function isSourceList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        !!item &&
        typeof item === 'object' &&
        Object.keys(item).every((key) => key === 'title' || key === 'url') &&
        isWebUrl((item as SiteSource).url) &&
        typeof (item as SiteSource).title === 'string' &&
        (item as SiteSource).title.length <= 200,
    )
  );
}

const COMPASS_MESSAGE = `must be a list of distinct compass points: ${COMPASS_POINTS.join(', ')}`;
const isCompassList = (value: unknown) => Array.isArray(value) && value.every(isCompassPoint) && new Set(value).size === value.length;

/**
 * POST /api/dive-sites and PUT /api/dive-sites/{id} (the whole site, SPEC section 7). The fields of the
 * admin form; an optional field left out keeps its value on PUT, while null or '' clears it.
 */
export class DiveSiteWriteDto {
  @Trim()
  @MaxLength(200, { message: 'Site name must be at most 200 characters' })
  @IsString({ message: 'Site name is required' })
  @IsNotEmpty({ message: 'Site name is required' })
  name: string;

  @Trim()
  @MaxLength(100, { message: 'Region must be at most 100 characters' })
  @IsString({ message: 'Region is required' })
  @IsNotEmpty({ message: 'Region is required' })
  region: string;

  @Transform(toNumber)
  @Min(-90, { message: 'Latitude must be between -90 and 90' })
  @Max(90, { message: 'Latitude must be between -90 and 90' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Latitude must be a number between -90 and 90' })
  latitude: number;

  @Transform(toNumber)
  @Min(-180, { message: 'Longitude must be between -180 and 180' })
  @Max(180, { message: 'Longitude must be between -180 and 180' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Longitude must be a number between -180 and 180' })
  longitude: number;

  @Trim()
  @MaxLength(20_000, { message: 'Description must be at most 20000 characters' })
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  description: string;

  @IsIn(SKILL_LEVELS, { message: SKILL_LEVEL_MESSAGE })
  skillLevel: (typeof SKILL_LEVELS)[number];

  @Trim()
  @MaxLength(50, { message: 'Depth range must be at most 50 characters' })
  @IsString({ message: 'Depth range is required' })
  @IsNotEmpty({ message: 'Depth range is required' })
  depthRange: string;

  @Trim()
  @MaxLength(50, { message: 'Water temperature must be at most 50 characters' })
  @IsString({ message: 'Water temperature is required' })
  @IsNotEmpty({ message: 'Water temperature is required' })
  waterTemp: string;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(100, { message: 'Visibility must be at most 100 characters' })
  @IsString({ message: 'Visibility must be text' })
  visibility?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(200, { message: 'Best time to dive must be at most 200 characters' })
  @IsString({ message: 'Best time to dive must be text' })
  bestTime?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Marine life must be at most 5000 characters' })
  @IsString({ message: 'Marine life must be text' })
  marineLife?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Hazards must be at most 5000 characters' })
  @IsString({ message: 'Hazards must be text' })
  hazards?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(5000, { message: 'Facilities must be at most 5000 characters' })
  @IsString({ message: 'Facilities must be text' })
  facilities?: string | null;

  @OptionalMediaUrl('Image URL')
  imageUrl?: string | null;

  @OptionalMediaUrl('Video URL')
  videoUrl?: string | null;

  @OptionalMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;

  @OptionalLink('Review link')
  reviewLink?: string | null;

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(200, { message: 'Blog slug must be at most 200 characters' })
  @IsString({ message: 'Blog slug must be text' })
  blogSlug?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;

  /** Issue 30's facts of a site: left out keeps the stored value (a new site: other, shore or boat, open). */
  @IsOptional()
  @IsIn(SITE_KINDS, { message: `Kind must be one of: ${SITE_KINDS.join(', ')}` })
  kind?: (typeof SITE_KINDS)[number];

  @IsOptional()
  @IsIn(SITE_ACCESSES, { message: `Access must be one of: ${SITE_ACCESSES.join(', ')}` })
  access?: (typeof SITE_ACCESSES)[number];

  @IsOptional()
  @IsIn(SITE_STATUSES, { message: `Status must be one of: ${SITE_STATUSES.join(', ')}` })
  status?: (typeof SITE_STATUSES)[number];

  @IsOptional()
  @BlankToNull()
  @ValidateIf((_, value) => value !== null)
  @MaxLength(2000, { message: 'Status note must be at most 2000 characters' })
  @IsString({ message: 'Status note must be text' })
  statusNote?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsCalendarDate('Status since')
  statusSince?: string | null;

  @IsOptional()
  @BlankToNull()
  @IsWebUrl('Status source')
  statusSource?: string | null;

  /**
   * Ignored (issue 43): the day of the site's newest recorded check, which only a check writes (POST
   * /api/admin/dive-sites/{id}/checks). Still accepted, as the whole site GET gives is sent back.
   */
  @IsOptional()
  @BlankToNull()
  @IsCalendarDate('Last checked')
  lastChecked?: string | null;

  @IsOptional()
  @Transform(toSources)
  @ValidateBy({ name: 'isSourceList', validator: { validate: isSourceList } }, { message: SOURCES_MESSAGE })
  @ArrayMaxSize(MAX_SOURCES, { message: SOURCES_MESSAGE })
  @IsArray({ message: SOURCES_MESSAGE })
  sources?: SiteSource[];

  /**
   * The site's tide station (issue 46): an @neaps/tide-database id such as 'ticon/queenscliff-60732-aus-bom',
   * 'none' when the site has no tide, or null or '' to choose the nearest by position. An id the database
   * does not know is chosen by position too.
   */
  @IsOptional()
  @BlankToNull()
  @MaxLength(120, { message: 'Tide station must be at most 120 characters' })
  @Matches(TIDE_STATION, { message: "Tide station must be a station id (such as ticon/queenscliff-60732-aus-bom) or 'none'" })
  @IsString({ message: "Tide station must be a station id (such as ticon/queenscliff-60732-aus-bom) or 'none'" })
  tideStation?: string | null;
  /** Issue 46: the exposure profile, compass points (N, NE, ... NW); null clears it (not profiled). */
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @ValidateBy({ name: 'isCompassList', validator: { validate: isCompassList } }, { message: `Swell exposure ${COMPASS_MESSAGE}` })
  @IsArray({ message: `Swell exposure ${COMPASS_MESSAGE}` })
  swellExposure?: CompassPoint[] | null;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @ValidateBy({ name: 'isCompassList', validator: { validate: isCompassList } }, { message: `Onshore winds ${COMPASS_MESSAGE}` })
  @IsArray({ message: `Onshore winds ${COMPASS_MESSAGE}` })
  onshoreWinds?: CompassPoint[] | null;

  /** Read-only fields of a site as GET gives it: the admin screen sends the whole site back; they are ignored. */
  @Allow()
  id?: unknown;

  @Allow()
  createdAt?: unknown;

  @Allow()
  updatedAt?: unknown;
}

export class UpdatePhotoDto {
  @Trim()
  @IsPublicMediaUrl('Image URL')
  @IsString({ message: 'Image URL is required' })
  @IsNotEmpty({ message: 'Image URL is required' })
  imageUrl: string;
}

export class UpdateVideoDto {
  @Trim()
  @IsPublicMediaUrl('Video URL')
  @IsString({ message: 'Video URL is required' })
  @IsNotEmpty({ message: 'Video URL is required' })
  videoUrl: string;

  @OptionalMediaUrl('Video thumbnail URL')
  videoThumbnail?: string | null;
}

export class UpdateReviewLinkDto {
  @Trim()
  @IsLink('Review link')
  @IsString({ message: 'Review link is required' })
  @IsNotEmpty({ message: 'Review link is required' })
  reviewLink: string;
}
