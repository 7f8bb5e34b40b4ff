import { COMPASS_WORDS, compassPoint, facing, opposite, type CompassPoint } from './compass';
import type { TideRange } from 'core/conditions/days';
import type { ForecastDay, SeaState, Wind } from './forecast';

/** Every outlook carries it (issue 46). */
export const OUTLOOK_DISCLAIMER = 'A model, not an observation: check with a local operator';

export type OutlookRating = 'good' | 'fair' | 'poor';
export const OUTLOOK_LABELS: Record<OutlookRating | 'unjudged', string> = { good: 'Good', fair: 'Fair', poor: 'Poor', unjudged: 'Not judged' };

/** What the rules need to know of a site. */
export interface OutlookSite {
  skillLevel: 'Beginner' | 'Intermediate' | 'Advanced';
  access: 'shore' | 'boat' | 'both';
  status?: 'open' | 'restricted' | 'closed';
  /** Directions open-ocean swell reaches the site from; null: not profiled. */
  swellExposure: readonly CompassPoint[] | null;
  /** Wind directions that blow onshore there; null: not profiled. */
  onshoreWinds: readonly CompassPoint[] | null;
  /**
   * Where a tidal current runs hard at the site, as divers name it ('The Rip', or the site's own name: see
   * tidalCurrentAt); null or absent: no current to time the dive by.
   */
  tidalCurrent?: string | null;
}

export interface DayOutlook {
  /** null: nothing could be judged (never 'good' for want of data). */
  rating: OutlookRating | null;
  label: string;
  /** Plain-word reasons, the deciding ones first. */
  reasons: string[];
  /** What could not be judged, in words ('the wind: the forecast has none for this day'). */
  unjudged: string[];
  disclaimer: typeof OUTLOOK_DISCLAIMER;
}

/**
 * Swell limits (m, after the period allowance) up to which a day is good, then fair; above: poor. The base
 * is an experienced diver from a boat; a Beginner site, and a site entered from the shore only, are stricter.
 */
export const SWELL_LIMITS: Record<OutlookSite['skillLevel'], { good: number; fair: number }> = {
  Advanced: { good: 1.5, fair: 2.5 },
  Intermediate: { good: 1.2, fair: 2.0 },
  Beginner: { good: 0.8, fair: 1.5 },
};
/** A shore entry meets the swell in the surf: its limits are this much lower. */
export const SHORE_SWELL_ALLOWANCE = 0.3;
/** Swell this long (s) carries more power than its height says: counted this much higher. */
export const LONG_PERIOD_S = 12;
export const LONG_PERIOD_FACTOR = 1.25;
/** Swell from a direction the site is sheltered from still wraps round it once this high (m): then fair. */
export const WRAPPING_SWELL_M = 3;

/** Wind limits (km/h, mean speed): onshore, and offshore or along the shore (a boat's surface, a drift). */
export const WIND_LIMITS = {
  onshore: { good: 15, fair: 25 },
  onshoreStrict: { good: 12, fair: 20 },
  other: { good: 25, fair: 35 },
} as const;
/** Gusts this strong (km/h) make any day poor. */
export const GUST_POOR_KMH = 50;

/**
 * Spring tides at a tidal-current site: the current runs strongest mid-tide, so the day is at best Fair (dive
 * the slack); at a Beginner site, Poor. Neap tides, or a site without such a current, change nothing.
 */
export const SPRING_CURRENT = { rating: 'fair', beginner: 'poor' } as const satisfies Record<string, OutlookRating>;

/**
 * Where a tidal current runs hard at the site, read from its guide text: a site whose best time or hazards
 * say to dive it at slack water ('Slack water only', 'dive at slack water') is timed by its current, named
 * by the site's own name; null otherwise.
 */
export function tidalCurrentAt(site: { name: string; bestTime?: string | null; hazards?: string | null }): string | null {
  return /\bslack\b/i.test(`${site.bestTime ?? ''}\n${site.hazards ?? ''}`) ? site.name : null;
}

const ORDER: OutlookRating[] = ['good', 'fair', 'poor'];
const worst = (a: OutlookRating, b: OutlookRating): OutlookRating => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);
const grade = (value: number, limits: { good: number; fair: number }): OutlookRating =>
  value <= limits.good ? 'good' : value <= limits.fair ? 'fair' : 'poor';

const metres = (value: number) => `${value.toFixed(1)} m`;
const direction = (degrees: number | null) => (degrees === null ? '' : `${COMPASS_WORDS[compassPoint(degrees)]} `);
const strict = (site: OutlookSite) => site.skillLevel === 'Beginner' || site.access === 'shore';

function swellLimits(site: OutlookSite): { good: number; fair: number } {
  const base = SWELL_LIMITS[site.skillLevel];
  const less = site.access === 'shore' ? SHORE_SWELL_ALLOWANCE : 0;
  return { good: base.good - less, fair: base.fair - less };
}

interface Judged {
  rating: OutlookRating;
  reason: string;
}

/** One swell train against the site's exposure. */
function judgeSwell(site: OutlookSite, swell: SeaState, name: string): Judged {
  const period = swell.periodS === null ? '' : ` at ${Math.round(swell.periodS)} s`;
  const what = `${metres(swell.heightM)} ${direction(swell.directionDeg)}${name}${period}`;
  const power = swell.periodS !== null && swell.periodS >= LONG_PERIOD_S ? swell.heightM * LONG_PERIOD_FACTOR : swell.heightM;
  const limits = swellLimits(site);
  if (site.swellExposure === null || swell.directionDeg === null) {
    // Not profiled (or no direction): judged as if it reaches the site, and said so.
    const why =
      site.swellExposure === null ? "this site's exposure is not profiled, so it is judged as if the swell reaches it" : 'its direction is not forecast';
    return { rating: grade(power, limits), reason: `${what}: ${why}` };
  }
  const from = compassPoint(swell.directionDeg);
  const faces = facing(site.swellExposure);
  const siteWords = faces ? `this ${COMPASS_WORDS[faces]}-facing site` : 'this site';
  if (site.swellExposure.includes(from)) return { rating: grade(power, limits), reason: `${what} reaches ${siteWords}` };
  if (swell.heightM >= WRAPPING_SWELL_M)
    return { rating: 'fair', reason: `${what}: ${siteWords} is sheltered from the ${COMPASS_WORDS[from]}, but swell this big wraps round` };
  return { rating: 'good', reason: `${what}: ${siteWords} is sheltered from the ${COMPASS_WORDS[from]}` };
}

/** Spring tides where the current runs hard (SPRING_CURRENT); null when the tide does not count. */
function judgeTide(site: OutlookSite, tide: TideRange): Judged | null {
  if (!site.tidalCurrent || tide !== 'spring') return null;
  return {
    rating: site.skillLevel === 'Beginner' ? SPRING_CURRENT.beginner : SPRING_CURRENT.rating,
    reason: `spring tide: strongest current mid-tide at ${site.tidalCurrent}; dive the slack`,
  };
}

function judgeWind(site: OutlookSite, wind: Wind): Judged {
  const speed = Math.round(wind.speedKmh);
  const what = `${direction(wind.directionDeg)}wind ${speed} km/h`;
  const gusts = wind.gustKmh !== null && wind.gustKmh >= GUST_POOR_KMH ? `, gusts ${Math.round(wind.gustKmh)} km/h` : '';
  let rating: OutlookRating;
  let where: string;
  if (site.onshoreWinds === null || wind.directionDeg === null) {
    rating = grade(wind.speedKmh, strict(site) ? WIND_LIMITS.onshoreStrict : WIND_LIMITS.onshore);
    where = site.onshoreWinds === null ? "this site's onshore winds are not profiled, so it is judged as onshore" : 'its direction is not forecast';
  } else {
    const from = compassPoint(wind.directionDeg);
    const onshore = site.onshoreWinds.includes(from);
    rating = grade(wind.speedKmh, onshore ? (strict(site) ? WIND_LIMITS.onshoreStrict : WIND_LIMITS.onshore) : WIND_LIMITS.other);
    where = onshore ? 'onshore here' : site.onshoreWinds.includes(opposite(from)) ? 'offshore here' : 'along the shore here';
  }
  if (gusts) rating = 'poor';
  return { rating, reason: `${what}${gusts}, ${where}` };
}

/**
 * The outlook of one site on one day: the worst of what its swell and its wind say, with the reasons in plain
 * words. A part the forecast lacks is named as not judged, and the day is then at best fair; with neither
 * swell nor wind there is no rating at all. A closed site is poor whatever the sea does. `tide`, the day's
 * spring or neap tides (core/conditions/days.ts), counts at a site with a tidal current (SPRING_CURRENT).
 */
export function dayOutlook(site: OutlookSite, day: ForecastDay | null, tide: TideRange = null): DayOutlook {
  const judged: Judged[] = [];
  const unjudged: string[] = [];
  const reasons: string[] = [];
  if (site.status === 'closed') judged.push({ rating: 'poor', reason: 'the site is closed' });
  // Neither the site's state nor the tide is the sea's: alone they judge no day (below).
  const tideJudged = judgeTide(site, tide);
  if (tideJudged) judged.push(tideJudged);
  const notSea = judged.length;
  const swell = day?.swell ?? day?.waves ?? null;
  if (swell) judged.push(judgeSwell(site, swell, day?.swell ? 'swell' : 'waves'));
  else unjudged.push('the swell: the forecast has none for this day');
  if (day?.secondarySwell && day.swell) judged.push(judgeSwell(site, day.secondarySwell, 'secondary swell'));
  if (day?.wind) judged.push(judgeWind(site, day.wind));
  else unjudged.push('the wind: the forecast has none for this day');
  if (site.swellExposure === null && site.onshoreWinds === null) unjudged.push("the site's exposure: it is not profiled");

  const seaJudged = judged.length - notSea;
  if (seaJudged === 0 && site.status !== 'closed') {
    return { rating: null, label: OUTLOOK_LABELS.unjudged, reasons, unjudged, disclaimer: OUTLOOK_DISCLAIMER };
  }
  let rating = judged.map((part) => part.rating).reduce(worst, 'good');
  // Something missing: never good for want of data.
  if (unjudged.some((text) => !text.startsWith("the site's exposure")) && rating === 'good') rating = 'fair';
  // The deciding reasons first, in the order judged.
  const ranked = [...judged].sort((a, b) => ORDER.indexOf(b.rating) - ORDER.indexOf(a.rating));
  reasons.push(...ranked.map((part) => part.reason));
  if (strict(site) && rating !== 'poor') reasons.push(site.skillLevel === 'Beginner' ? 'judged strictly: a Beginner site' : 'judged strictly: a shore entry');
  return { rating, label: OUTLOOK_LABELS[rating], reasons, unjudged, disclaimer: OUTLOOK_DISCLAIMER };
}
