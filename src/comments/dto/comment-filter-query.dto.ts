import { IsIn, IsOptional } from 'class-validator';
import type { CommentFilter } from '../comments.service';

const FILTERS: CommentFilter[] = ['all', 'pending', 'approved'];

/** GET /api/admin/comments?filter={all|pending|approved} (SPEC section 7); absent reads as all. */
export class CommentFilterQueryDto {
  @IsOptional()
  @IsIn(FILTERS, { message: `filter must be one of: ${FILTERS.join(', ')}` })
  filter?: CommentFilter;
}
