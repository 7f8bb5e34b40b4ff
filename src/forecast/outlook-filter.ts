import { IsIn, IsOptional } from 'class-validator';
import { DAY_CHOICES, DEFAULT_DAY, isDayChoice, isOutlookChoice, OUTLOOK_CHOICES } from 'core/outlook/site-outlook';
import type { Response } from 'express';
import { keepAnswerFor, tagAnswer } from 'src/common/cache-tags';
import { FORECASTS_TAG, type SiteOutlooksService } from './site-outlooks.service';

export const OUTLOOK_FILTER_MESSAGE = `outlook must be one of: ${OUTLOOK_CHOICES.join(', ')}`;
export const DAY_FILTER_MESSAGE = `day must be one of: ${DAY_CHOICES.join(', ')}`;

/**
 * Issue 46: `outlook=good&day=saturday` on GET /api/dive-sites and the explorer's calls: `outlook` good (Good
 * only), fair (Fair or better) or poor (Poor only), `day` today (when absent), tomorrow or a weekday within
 * the next 7 days, each in the site's own local time; anything else is a 400 naming the field. `all` or no
 * `outlook`: any outlook (a `day` alone filters nothing).
 */
export class OutlookFilterDto {
  @IsOptional()
  @IsIn(['all', ...OUTLOOK_CHOICES], { message: OUTLOOK_FILTER_MESSAGE })
  outlook?: string;

  @IsOptional()
  @IsIn(DAY_CHOICES, { message: DAY_FILTER_MESSAGE })
  day?: string;
}

/** The ids of the sites answering the filter's outlook on its day (from the stored forecast only); null: no outlook asked. */
export async function outlookIds(outlooks: SiteOutlooksService, filter: { outlook?: string; day?: string }): Promise<number[] | null> {
  if (!isOutlookChoice(filter.outlook)) return null;
  return outlooks.matchingIds(filter.outlook, isDayChoice(filter.day) ? filter.day : DEFAULT_DAY);
}

/**
 * The ids a call's `outlook` and `day` narrow it to (outlookIds), the answer then marked as one filtered by
 * outlook (markOutlookAnswer); null: no outlook asked. GET /api/dive-sites and its CSV, GeoJSON and GPX
 * downloads all filter through it, so a download holds the sites the list shows.
 */
export async function outlookFilter(outlooks: SiteOutlooksService, filter: { outlook?: string; day?: string }, response: Response): Promise<number[] | null> {
  const ids = await outlookIds(outlooks, filter);
  if (ids) await markOutlookAnswer(response, outlooks);
  return ids;
}

/**
 * An answer filtered by outlook (or showing outlooks) is dropped by a forecast refresh and kept no longer than
 * the next midnight of a stored forecast's clock (some site's 'today' turns then).
 */
export async function markOutlookAnswer(response: Response, outlooks: SiteOutlooksService): Promise<void> {
  tagAnswer(response, FORECASTS_TAG);
  keepAnswerFor(response, await outlooks.rightFor());
}
