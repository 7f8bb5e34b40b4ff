/**
 * Issue 46, item 6: the outlook where divers meet it away from the site's page: the badge of a card and a map
 * popup, the `outlook` and `day` filter of /dive-sites and GET /api/dive-sites, and 'Where to dive this
 * weekend'. Pure: the server reads the stored forecast (src/forecast/site-outlooks.service.ts), the islands
 * show what it gives.
 */
import { addDays } from 'core/conditions/days';
import { OUTLOOK_LABELS, type OutlookRating } from './rules';

/** The filter's `outlook`: 'good' is Good only, 'fair' is Fair or better, 'poor' is Poor only (the days to stay home). */
export const OUTLOOK_CHOICES = ['good', 'fair', 'poor'] as const;
export type OutlookChoice = (typeof OUTLOOK_CHOICES)[number];

export const OUTLOOK_CHOICE_LABELS: Record<OutlookChoice, string> = { good: 'Good', fair: 'Fair or better', poor: 'Poor' };

/** The weekdays as the filter's `day` names them, Sunday first (as Date.getUTCDay counts). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** The filter's `day`: today, tomorrow, or a weekday within the next 7 days (today's own name is today), in the site's local time. */
export const DAY_CHOICES = ['today', 'tomorrow', ...WEEKDAYS.slice(1), WEEKDAYS[0]] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];
/** With an `outlook` and no `day`, the filter is for today. */
export const DEFAULT_DAY: DayChoice = 'today';

export const DAY_CHOICE_LABELS: Record<DayChoice, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const isOutlookChoice = (value: unknown): value is OutlookChoice => (OUTLOOK_CHOICES as readonly unknown[]).includes(value);
export const isDayChoice = (value: unknown): value is DayChoice => (DAY_CHOICES as readonly unknown[]).includes(value);

/** The day of the week of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}

/** The date a `day` choice names for a site whose local date is `today`: a weekday is its next one, today included. */
export function dateOfDay(day: DayChoice, today: string): string {
  if (day === 'today') return today;
  if (day === 'tomorrow') return addDays(today, 1);
  const ahead = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(weekdayOf(today)) + 7) % 7;
  return addDays(today, ahead);
}

/** Whether a day's rating answers the filter: 'good' Good only, 'fair' Fair or Good, 'poor' Poor only; a day not judged answers none. */
export function outlookMatches(rating: OutlookRating | null | undefined, wanted: OutlookChoice): boolean {
  if (!rating) return false;
  if (wanted === 'fair') return rating === 'good' || rating === 'fair';
  return rating === wanted;
}

/**
 * The days of 'this weekend' at a site whose local date is `today`: the coming Saturday and Sunday (today
 * when it is one of them); on a Sunday, that Sunday alone (its Saturday is past).
 */
export function weekendDates(today: string): string[] {
  const weekday = weekdayOf(today);
  if (weekday === 'sunday') return [today];
  const saturday = dateOfDay('saturday', today);
  return [saturday, addDays(saturday, 1)];
}

/** Good first, then Fair, Poor, and not judged last. */
export function outlookRank(rating: OutlookRating | null | undefined): number {
  return rating === 'good' ? 0 : rating === 'fair' ? 1 : rating === 'poor' ? 2 : 3;
}

/** A site's outlook on one day as a badge shows it. */
export interface BadgeOutlook {
  /** null: not judged (the forecast lacks what the rules need). */
  rating: OutlookRating | null;
  /** The day in words for the badge: 'today', 'Saturday'. */
  day: string;
}

/** What the badge says, read aloud too: 'Outlook today: Good', 'Outlook Saturday: Not judged'. */
export function badgeText(outlook: BadgeOutlook): string {
  return `Outlook ${outlook.day}: ${OUTLOOK_LABELS[outlook.rating ?? 'unjudged']}`;
}

/** A site in 'Where to dive this weekend': its outlook on each day of the weekend. */
export interface WeekendSite {
  id: number;
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  days: { date: string; weekday: string; rating: OutlookRating | null }[];
}

/** The best rating of a weekend site's days. */
export const bestOf = (site: WeekendSite): OutlookRating | null =>
  site.days.reduce<OutlookRating | null>((best, day) => (outlookRank(day.rating) < outlookRank(best) ? day.rating : best), null);

/**
 * The order of 'Where to dive this weekend': best outlook first, then the more days at it (Good on both days
 * before Good on one), then nearer the visitor when their distances are known, then by name.
 */
export function weekendOrder(sites: readonly WeekendSite[], distances?: ReadonlyMap<number, number> | null): WeekendSite[] {
  const score = (site: WeekendSite) => site.days.reduce((sum, day) => sum + outlookRank(day.rating), 0);
  return [...sites].sort(
    (a, b) =>
      outlookRank(bestOf(a)) - outlookRank(bestOf(b)) ||
      score(a) / a.days.length - score(b) / b.days.length ||
      (distances ? (distances.get(a.id) ?? Infinity) - (distances.get(b.id) ?? Infinity) : 0) ||
      a.name.localeCompare(b.name, 'en-AU'),
  );
}

/** How long (ms) from `now` until the next midnight at any of these UTC offsets (s): when some site's 'today' turns. */
export function untilNextMidnight(now: Date, offsetsSeconds: Iterable<number>): number {
  let soonest = Infinity;
  for (const offset of offsetsSeconds) {
    const local = now.getTime() + offset * 1000;
    const day = 86_400_000;
    soonest = Math.min(soonest, day - (((local % day) + day) % day));
  }
  return soonest;
}
