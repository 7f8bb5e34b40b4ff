import type { Repository } from 'typeorm';
import { dayIn, reportSummary, type ReportCurrent } from 'core/reports';
import { siteTimeZone } from 'core/site-time';
import type { DiveSite } from './dive-site.entity';

// What a site's card shows beyond its own row: its ratings' summary and its newest condition report, each
// one read for a page of cards (the list's, the explorer's, the API's), by DiveSitesService.

/** The average (one decimal) and count of the ratings of these sites; a site nobody rated is not in the map. */
export async function ratingSummaries(sites: Repository<DiveSite>, ids: number[]): Promise<Map<number, { average: number; count: number }>> {
  if (ids.length === 0) return new Map();
  // Read from each site's rating totals (kept by a trigger), not from its ratings.
  const rows: { id: number; average: number; count: number }[] = await sites.query(
    `SELECT id, round("ratingSum"::numeric / "ratingCount", 1)::float8 AS average, "ratingCount" AS count
     FROM dive_sites WHERE id = ANY($1::int[]) AND "ratingCount" > 0`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { average: Number(row.average), count: row.count }]));
}

/**
 * Each of these sites' newest published condition report (issue 45) as its card says it, 'vis 15 m, 2 days
 * ago' (its age by SITE_TIMEZONE's today at `now`); a site without one is not in the map. One indexed read.
 */
export async function latestReports(sites: Repository<DiveSite>, ids: number[], now: Date): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: number; date: string; visibility: number | null; waterTemperature: number | null; current: ReportCurrent | null }[] = await sites.query(
    `SELECT DISTINCT ON ("diveSiteId") "diveSiteId" AS id, date::text AS date, visibility, "waterTemperature", current
     FROM condition_reports WHERE "diveSiteId" = ANY($1::int[]) AND status = 'published'
     ORDER BY "diveSiteId", date DESC, time DESC NULLS LAST, id DESC`,
    [ids],
  );
  const today = dayIn(now, siteTimeZone());
  return new Map(rows.map((row) => [row.id, reportSummary(row, today)]));
}
