import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { TOP_RATED } from 'core/dive-sites/filters';
import { OFFLINE_TIDE_DAYS } from 'core/offline';
import { PageQuery } from 'src/lists/page-query';

/** /dive-sites/{id}: `show` is the number of cards (the 'Show more dive sites' link without JavaScript). */
export class DiveSiteShowQuery extends PageQuery {
  @IsOptional()
  @Matches(/^\d{1,6}$/)
  show?: string;

  /** The place of the page's first card in the list, past MAX_CARDS_SHOWN (core/dive-sites/filters.ts firstCard). */
  @IsOptional()
  @Matches(/^\d{1,6}$/)
  from?: string;

  /** Issue 46: '14', the days of tides a page saved for offline carries (core/offline.ts savedPageSource); otherwise 7. */
  @IsOptional()
  @IsIn([String(OFFLINE_TIDE_DAYS)])
  tides?: string;
}

/**
 * /dive-sites: the filter form's fields (core/dive-sites/filters.ts normaliseFilters reads them), the number
 * of cards and the order ('Top rated').
 */
export class DiveSiteListQuery extends DiveSiteShowQuery {
  @IsOptional()
  @IsString()
  search?: string;

  @IsOptional()
  @IsString()
  region?: string;

  @IsOptional()
  @IsString()
  skill?: string;

  @IsOptional()
  @IsString()
  depth?: string;

  @IsOptional()
  @IsString()
  kind?: string;

  @IsOptional()
  @IsString()
  access?: string;

  /** Issue 46: good, fair or poor on `day` (core/outlook/site-outlook.ts); a bad value shows every outlook, as the other filters. */
  @IsOptional()
  @IsString()
  outlook?: string;

  @IsOptional()
  @IsString()
  day?: string;

  @IsOptional()
  @IsIn([TOP_RATED])
  sort?: typeof TOP_RATED;
}
