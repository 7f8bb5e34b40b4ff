import { IsIn, IsOptional, IsString } from 'class-validator';
import { PUBLIC_REVIEW_CATEGORIES } from 'core/categories';
import { ListPageQuery } from 'src/publishing/publication-pages';

/** /gear-reviews?category=&search=&page=: a category not among the public ones shows every review. */
export class GearReviewsListQuery extends ListPageQuery {
  @IsOptional()
  @IsIn(PUBLIC_REVIEW_CATEGORIES)
  category?: string;

  @IsOptional()
  @IsString()
  search?: string;
}

/** The search text as the list uses it: trimmed, at most 200 characters; null when blank. */
export const searchTerm = (query: GearReviewsListQuery): string | null => query.search?.trim().slice(0, 200) || null;
