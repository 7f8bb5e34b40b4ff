import * as SunCalc from 'suncalc';
import { addDays, principalPhaseBetween, tideRanges, type TideRange } from 'core/conditions/days';
import { siteZone } from 'core/conditions/time-zone';
import type { ForecastDay } from 'core/outlook/forecast';
import { dayOutlook, tidalCurrentAt, type DayOutlook, type OutlookSite } from 'core/outlook/rules';
import { fromZonedInput } from 'core/site-time';

/** What the spring-tide rule reads of a site besides the outlook's columns (a site's entity has them all). */
export interface TidalFields {
  name?: string;
  region?: string;
  latitude: string | number;
  longitude: string | number;
  bestTime?: string | null;
  hazards?: string | null;
}

const ranges = new Map<string, TideRange>();

/**
 * A day's spring or neap tides in a time zone, as the site page's tide table marks them
 * (src/conditions/conditions.service.ts forSite: the principal phase of that day or the day before). Kept
 * per zone and date: a few zones, a few dates a day.
 */
export function tideRangeOn(date: string, zone: string): TideRange {
  const key = `${zone}|${date}`;
  if (!ranges.has(key)) {
    const phases = [-1, 0, 1].map((offset) => SunCalc.getMoonIllumination(fromZonedInput(`${addDays(date, offset)}T00:00`, zone)!).phase);
    const [range] = tideRanges([principalPhaseBetween(phases[0], phases[1]), principalPhaseBetween(phases[1], phases[2])]);
    if (ranges.size >= 10_000) ranges.clear();
    ranges.set(key, range);
  }
  return ranges.get(key)!;
}

/**
 * The outlook of a site on a date (its own local date) with the spring-tide rule where a tidal current runs
 * there (core/outlook/rules.ts tidalCurrentAt; a site read for many may carry it computed already). The site
 * page's days, the cards' badges, the outlook filter and the weekend list all judge through here, so they agree.
 */
export function siteDayOutlook(site: OutlookSite & TidalFields, day: ForecastDay | null, date: string): DayOutlook {
  const tidalCurrent =
    site.tidalCurrent !== undefined
      ? site.tidalCurrent
      : site.name
        ? tidalCurrentAt({ name: site.name, bestTime: site.bestTime, hazards: site.hazards })
        : null;
  const tide = tidalCurrent && site.region ? tideRangeOn(date, siteZone(site.region, Number(site.latitude), Number(site.longitude))) : null;
  return dayOutlook({ ...site, tidalCurrent }, day, tide);
}
