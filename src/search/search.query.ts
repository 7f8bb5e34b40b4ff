import { IsOptional, IsString } from 'class-validator';
import { PageQuery } from 'src/lists/page-query';

/** The longest term searched, as in GET /api/search. */
const MAX_TERM_LENGTH = 200;

/** /search?q=: a page reads what it can, so a repeated or missing q is an empty search, as the form would send it. */
export class SearchPageQuery extends PageQuery {
  @IsOptional()
  @IsString()
  q?: string;
}

export const searchPageTerm = (query: SearchPageQuery): string => (query.q ?? '').trim().slice(0, MAX_TERM_LENGTH);
