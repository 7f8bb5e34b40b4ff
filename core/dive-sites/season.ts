export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** What a site's best-time text says about the months: each month is 'best', 'good' (the site is dived year-round) or 'none'. */
export type MonthMark = 'best' | 'good' | 'none';

// Capitalised only, so that the verb 'may' is never the month.
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b`;
const RANGE = new RegExp(String.raw`${MONTH}\s*(?:to|-|–|until|through)\s*(?:(?:early|late|mid)[- ])?${MONTH}`, 'g');
const SINGLE = new RegExp(MONTH, 'g');
// Clauses are split at ';', ',' and '.', so 'November to May, avoiding easterly winds' keeps its months.
const YEAR_ROUND = /\byear[- ]round\b|\ball year\b|\bany time of year\b|\bany season\b|\bin any season\b/i;
// A clause naming months to avoid ('wet-season rain can reduce visibility January to March', a closure)
// says nothing about when to go, so its months are never marked.
const AGAINST = /\bavoid|\breduc|\brough\b|\bclosure|\bclosed\b|\bthin out\b|\bexcept\b/i;

function monthIndex(token: string): number {
  return MONTH_NAMES.findIndex((name) => name.startsWith(token.slice(0, 3)));
}

/**
 * Twelve marks, January to December, from a best-time text such as 'May to October', 'Year-round; best
 * June to November' or 'Dec-Mar'. Null when the text names neither months nor the whole year ('Calm days
 * with easterly winds', 'Summer and autumn', whose months differ north of the equator): no strip is better
 * than a wrong one.
 */
export function seasonMonths(bestTime: string | null | undefined): MonthMark[] | null {
  if (!bestTime) return null;
  const best = new Set<number>();
  let yearRound = false;
  for (const clause of bestTime.split(/[;,.]/)) {
    if (YEAR_ROUND.test(clause)) yearRound = true;
    if (AGAINST.test(clause)) continue;
    const rest = clause.replace(RANGE, (_match, from: string, to: string) => {
      const start = monthIndex(from);
      const end = monthIndex(to);
      for (let month = start; ; month = (month + 1) % 12) {
        best.add(month);
        if (month === end) break;
      }
      return ' ';
    });
    for (const [token] of rest.matchAll(SINGLE)) best.add(monthIndex(token));
  }
  if (best.size === 0 && !yearRound) return null;
  // Every month named by a text that never says 'year-round' mixes periods ('April to November in light
  // winds; turtle nesting on the islands November to March'): which months are best is not said.
  if (best.size === 12 && !yearRound) return null;
  return MONTH_NAMES.map((_, month) => (best.size === 0 || best.has(month) ? 'best' : yearRound ? 'good' : 'none'));
}
