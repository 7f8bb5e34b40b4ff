import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ADMIN_SEARCH_MAX } from 'src/lists/admin-page';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';

/** Whether a request asks for the administrator's list: `?admin=true`, read before the pipe (by AdminGuard). */
export function asksForAdminList(query: unknown): boolean {
  return (query as { admin?: unknown } | undefined)?.admin === 'true';
}

/**
 * The query of a list with an administrator's form (SPEC section 7: GET /api/articles?admin=true, and
 * reviews, products, carousel slides): `admin=true` answers the rows drafts included, and needs the
 * admin session (401 without it); absent or `false`, the public list.
 */
export class AdminListQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'admin must be true or false' })
  admin?: boolean;
}

/** The same with the optional `limit` and `offset` of a list slice (GET /api/products). */
export class AdminListSliceQueryDto extends IntersectionType(AdminListQueryDto, ListSliceQueryDto) {}

const STATUSES = ['draft', 'published'] as const;

/**
 * GET /api/articles and /api/reviews: the slice, and for the administrator's list (`admin=true`, read a page
 * at a time: src/lists/admin-page.ts) `status` (drafts or published) and `q` (text in the title or slug).
 */
export class AdminPostListQueryDto extends AdminListSliceQueryDto {
  @ApiPropertyOptional({ enum: STATUSES, description: 'With admin=true: only drafts or only published posts' })
  @IsOptional()
  @IsIn(STATUSES, { message: `status must be one of: ${STATUSES.join(', ')}` })
  status?: (typeof STATUSES)[number];

  @ApiPropertyOptional({ maxLength: ADMIN_SEARCH_MAX, description: 'With admin=true: only posts whose title or slug holds this' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text' })
  @MaxLength(ADMIN_SEARCH_MAX, { message: `q must be at most ${ADMIN_SEARCH_MAX} characters` })
  q?: string;

  @ApiPropertyOptional({ enum: ['true'], description: 'With admin=true on /api/articles: only articles with a video' })
  @IsOptional()
  @IsIn(['true'], { message: 'video must be true' })
  video?: 'true';
}
