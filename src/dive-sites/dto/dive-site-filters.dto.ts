import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SKILL_LEVELS } from '../dive-site.entity';
import { SITE_KINDS } from 'core/dive-sites/fields';
import { OutlookFilterDto } from 'src/forecast/outlook-filter';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const DEPTH_FILTER_VALUES = ['all', 'shallow', 'medium', 'deep'] as const;
/** Issue 30's filters: `kind` one of the site kinds, `access` shore or boat (a site reached either way is in both). */
export const KIND_FILTER_VALUES = ['all', ...SITE_KINDS] as const;
export const ACCESS_FILTER_VALUES = ['all', 'shore', 'boat'] as const;
export const KIND_FILTER_MESSAGE = `kind must be one of: ${KIND_FILTER_VALUES.join(', ')}`;
export const ACCESS_FILTER_MESSAGE = `access must be one of: ${ACCESS_FILTER_VALUES.join(', ')}`;

/** Issue 30: `kind=wreck`, `access=shore` (as /dive-sites filters); 'all' or absent: any. Issue 46's `outlook` and `day` with them. */
export class KindAccessFiltersDto extends OutlookFilterDto {
  @IsOptional()
  @IsIn(KIND_FILTER_VALUES, { message: KIND_FILTER_MESSAGE })
  kind?: string;

  @IsOptional()
  @IsIn(ACCESS_FILTER_VALUES, { message: ACCESS_FILTER_MESSAGE })
  access?: string;
}

/** The filters of the dive-sites page, accepted by the exports: q (or search), region, skill, depth, kind, access; 'all' or absent disables one. */
export class DiveSiteFiltersDto extends KindAccessFiltersDto {
  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  @IsString({ message: 'q must be text' })
  q?: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(200, { message: 'search must be at most 200 characters' })
  @IsString({ message: 'search must be text' })
  search?: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'region must be at most 100 characters' })
  @IsString({ message: 'region must be text' })
  region?: string;

  @IsOptional()
  @IsIn(['all', ...SKILL_LEVELS], { message: `skill must be one of: all, ${SKILL_LEVELS.join(', ')}` })
  skill?: string;

  @IsOptional()
  @IsIn(DEPTH_FILTER_VALUES, { message: `depth must be one of: ${DEPTH_FILTER_VALUES.join(', ')}` })
  depth?: string;
}

const NUMBER = '-?\\d{1,3}(?:\\.\\d{1,8})?';

/**
 * GET /api/dive-sites/map/view?bbox=west,south,east,north&zoom=z and the page's filters (issue 31):
 * longitudes -180 to 180 (west greater than east crosses the antimeridian), latitudes -90 to 90, south
 * not above north; zoom 0 to 18.
 */
export class DiveSiteMapViewQueryDto extends DiveSiteFiltersDto {
  @Matches(new RegExp(`^${NUMBER}(?:,${NUMBER}){3}$`), { message: 'bbox must be west,south,east,north in decimal degrees' })
  @IsString({ message: 'bbox is required (west,south,east,north)' })
  bbox: string;

  @Matches(/^(?:1[0-8]|\d)$/, { message: 'zoom must be a whole number from 0 to 18' })
  @IsString({ message: 'zoom is required (0 to 18)' })
  zoom: string;
}
