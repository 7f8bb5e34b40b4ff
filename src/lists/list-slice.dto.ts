import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The most rows one call of a list may ask for. */
export const MAX_LIST_LIMIT = 100;

/** The largest offset a list accepts (PostgreSQL's integer, so the value always reaches SQL intact). */
const MAX_OFFSET = 2_147_483_647;

/** Plain digits become a number; anything else ('1e2', '-1', '1.5', a repeated parameter) stays as sent and fails IsInt. */
const digits = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** A slice of a list: `limit` rows after skipping `offset`. Absent, the list answers every row (SPEC section 7). */
export interface ListSlice {
  limit?: number;
  offset?: number;
}

/**
 * `?limit=&offset=` of the SPEC's public list calls (GET /api/articles, /api/reviews/published,
 * /api/dive-sites, /api/products ...): both optional, so a call without them answers as SPEC says.
 */
export class ListSliceQueryDto implements ListSlice {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, description: 'At most this many items (the whole list when absent)' })
  @IsOptional()
  @Transform(digits)
  @Min(1, { message: `limit must be between 1 and ${MAX_LIST_LIMIT}` })
  @Max(MAX_LIST_LIMIT, { message: `limit must be between 1 and ${MAX_LIST_LIMIT}` })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Items to skip first (0 when absent)' })
  @IsOptional()
  @Transform(digits)
  @Min(0, { message: 'offset must be 0 or more' })
  @Max(MAX_OFFSET, { message: `offset must be at most ${MAX_OFFSET}` })
  @IsInt({ message: 'offset must be a whole number' })
  offset?: number;
}
