import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ListSliceQueryDto } from 'src/common/list-slice.dto';

/** Text with something in it besides spaces; a missing value or a list (?q=a&q=b) fails too. */
const NOT_BLANK = /\S/;

/** GET /api/dive-sites?region={region} (SPEC section 7), and an optional slice (`limit`, `offset`). */
export class DiveSiteListQueryDto extends ListSliceQueryDto {
  @IsOptional()
  @IsString({ message: 'region must be text' })
  region?: string;
}

/** GET /api/dive-sites/search?q={query}. */
export class DiveSiteSearchQueryDto {
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
