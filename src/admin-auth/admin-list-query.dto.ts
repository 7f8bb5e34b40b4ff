import { IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { ListSliceQueryDto } from 'src/common/list-slice.dto';

/** Whether a request asks for the administrator's list: `?admin=true`, read before the pipe (by AdminGuard). */
export function asksForAdminList(query: unknown): boolean {
  return (query as { admin?: unknown } | undefined)?.admin === 'true';
}

/**
 * The query of a list with an administrator's form (SPEC section 7: GET /api/articles?admin=true, and
 * reviews, products, carousel slides): `admin=true` answers every row, drafts included, and needs the
 * admin session (401 without it); absent or `false`, the public list.
 */
export class AdminListQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'admin must be true or false' })
  admin?: boolean;
}

/** The same with the optional `limit` and `offset` of a list slice (GET /api/articles, reviews, products). */
export class AdminListSliceQueryDto extends IntersectionType(AdminListQueryDto, ListSliceQueryDto) {}
