import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SKILL_LEVELS } from '../dive-site.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const DEPTH_FILTER_VALUES = ['all', 'shallow', 'medium', 'deep'] as const;

/** The filters of the dive-sites page, accepted by the exports: q (or search), region, skill, depth; 'all' or absent disables one. */
export class DiveSiteFiltersDto {
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
