import { IsString, MaxLength } from 'class-validator';

/** GET /api/search?q={term}: one term, which may be empty. */
export class SearchQueryDto {
  @MaxLength(200, { message: 'Search term must be at most 200 characters' })
  @IsString({ message: 'q must be a single search term' })
  q: string;
}
