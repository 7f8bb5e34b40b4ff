import type { CompassPoint } from 'core/outlook/compass';
import type { ForecastDay } from 'core/outlook/forecast';
import type { DayOutlook } from 'core/outlook/rules';

/**
 * `GET /api/dive-sites/{id}/conditions` (issue 46): the marine forecast stored for the site's grid cell and the
 * outlook of each day from the site's local today on. Read from the database only: the provider is asked
 * by the job queue (src/forecast), never by a reader. An unknown site is a 404; an id that is not a
 * positive whole number a 400 naming `Dive site id`. Answered with `Cache-Control: no-cache` (the age moves).
 */
export interface ConditionsResponse {
  siteId: number;
  /** The 0.25° grid cell the site's forecast is kept for, and where the provider was asked for it. */
  cell: { key: string; latitude: number; longitude: number } | null;
  /** ISO time of the last good fetch; null: no forecast has been fetched for this site yet. */
  fetchedAt: string | null;
  /** Whole minutes since fetchedAt; null with it. */
  ageMinutes: number | null;
  /** The age in words ('3 hours'), as the page shows it; null with fetchedAt. */
  age: string | null;
  /** The last good forecast is older than twice the refresh interval (the provider has been failing). */
  stale: boolean;
  /** ISO time and outcome of the last attempt when it failed after the last good fetch; null otherwise. */
  lastError: { at: string; message: string } | null;
  exposure: { profiled: boolean; swellExposure: CompassPoint[] | null; onshoreWinds: CompassPoint[] | null };
  /** From the site's local today, up to 7 days: the forecast and its outlook. Empty before the first fetch. */
  days: (ForecastDay & { outlook: DayOutlook })[];
  /** 'A model, not an observation: check with a local operator'. */
  disclaimer: string;
  attribution: { text: string; url: string; licence: string };
}

export const FORECAST_ATTRIBUTION = {
  text: 'Weather data by Open-Meteo.com',
  url: 'https://open-meteo.com/',
  licence: 'CC BY 4.0',
} as const;

/** A forecast's age in words: 'less than an hour', '1 hour', '5 hours', '2 days'. */
export function ageInWords(minutes: number): string {
  if (minutes < 60) return 'less than an hour';
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}
