import { IsIn, IsOptional } from 'class-validator';
import { AdminPageQueryDto } from 'src/lists/admin-page';
import type { CommentFilter } from '../comments.service';

const FILTERS: CommentFilter[] = ['all', 'pending', 'approved'];

/**
 * GET /api/admin/comments?filter={all|pending|approved} (SPEC section 7); absent reads as all. A page at a
 * time (`limit`, `offset`), `q` finding text in the name, email or comment.
 */
export class CommentFilterQueryDto extends AdminPageQueryDto {
  @IsOptional()
  @IsIn(FILTERS, { message: `filter must be one of: ${FILTERS.join(', ')}` })
  filter?: CommentFilter;
}
