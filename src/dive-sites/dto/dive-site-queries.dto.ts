import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { IntersectionType } from '@nestjs/swagger';
import { KindAccessFiltersDto } from './dive-site-filters.dto';

/** Text with something in it besides spaces; a missing value or a list (?q=a&q=b) fails too. */
const NOT_BLANK = /\S/;

/**
 * GET /api/dive-sites?region={region} (SPEC section 7), read a page at a time (`limit`, `offset`: the first
 * DIVE_SITE_PAGE_SIZE sites by name when absent), `kind` and `access` (issue 30), and `q`, SPEC section 5's text search (the admin screen's).
 */
export class DiveSiteListQueryDto extends IntersectionType(ListSliceQueryDto, KindAccessFiltersDto) {
  @IsOptional()
  @IsString({ message: 'region must be text' })
  region?: string;

  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  q?: string;

  /** `with` or `without`: only the sites that have a photo, or only those that have none (the admin's photos tab). */
  @IsOptional()
  @IsIn(['with', 'without'], { message: 'photo must be with or without' })
  photo?: 'with' | 'without';

  /** `true`: only the sites with a video (the carousel tab's 'Load from Existing Video'). */
  @IsOptional()
  @IsIn(['true'], { message: 'video must be true' })
  video?: 'true';
}

/** GET /api/dive-sites/search?q={query}, a page at a time as the list. */
export class DiveSiteSearchQueryDto extends ListSliceQueryDto {
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  @Matches(NOT_BLANK, { message: 'q (the search text) is required' })
  q: string;
}

/** GET /api/dive-sites/by-review-url?url={path}. */
export class ByReviewUrlQueryDto {
  @MaxLength(2000, { message: 'url must be at most 2000 characters' })
  @Matches(NOT_BLANK, { message: 'url is required' })
  url: string;
}

/** The most cards one call of GET /api/dive-sites/cards answers. */
export const MAX_CARD_IDS = 100;

/** GET /api/dive-sites/cards?ids=3,17,42: the cards and popups of the map's sites, loaded when shown. */
export class DiveSiteCardsQueryDto {
  @Matches(new RegExp(`^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,${MAX_CARD_IDS - 1}}$`), {
    message: `ids must be a comma-separated list of 1 to ${MAX_CARD_IDS} site ids`,
  })
  @IsString({ message: 'ids is required' })
  ids: string;
}
