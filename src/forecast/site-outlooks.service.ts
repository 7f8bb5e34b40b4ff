import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { cellKey, localDate, type ForecastDay } from 'core/outlook/forecast';
import { tidalCurrentAt, type OutlookRating, type OutlookSite } from 'core/outlook/rules';
import {
  dateOfDay,
  DAY_CHOICE_LABELS,
  outlookMatches,
  untilNextMidnight,
  weekdayOf,
  weekendDates,
  weekendOrder,
  type BadgeOutlook,
  type DayChoice,
  type OutlookChoice,
  type WeekendSite,
} from 'core/outlook/site-outlook';
import { addDays } from 'core/conditions/days';
import { Tag } from 'src/common/cache-tags';
import { siteDayOutlook, type TidalFields } from './tide-outlook';
import { Clock } from 'src/common/clock';

/** The page-cache tag of every answer showing the outlook of many sites (cards, the filter, the weekend list): a refresh drops them. */
export const FORECASTS_TAG = Tag.forecasts;

/**
 * The lists' collation of names, as src/dive-sites/dive-site-sql.ts HUMAN_ORDER (not imported: src/dive-sites
 * imports this folder); test/api/grown-database.spec.ts checks the filter's pages follow the map's order by name.
 */
const HUMAN_ORDER = 'COLLATE "und-x-icu"';

/** Whole days from one date (YYYY-MM-DD) to a later one. */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The most sites 'Where to dive this weekend' lists. */
export const WEEKEND_LIMIT = 12;

interface CellForecast {
  days: Map<string, ForecastDay>;
  offset: number;
}

interface SiteRow extends OutlookSite {
  id: number;
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  cell: string;
  /** What the rules read of the site besides its cell's forecast, as a key (null: a tidal current, judged alone). */
  profile: string | null;
}

/** The days ahead of a site's own 'today' that the filter and the weekend list ask about (today to 6 days on). */
const DAYS_AHEAD = 7;

/** A rating as kept in a Ratings table: 0 not judged yet, then not judged, Poor, Fair, Good. */
const RATING_CODES: readonly (OutlookRating | null)[] = [null, null, 'poor', 'fair', 'good'];
const codeOf = (rating: OutlookRating | null): number => (rating === null ? 1 : RATING_CODES.indexOf(rating));

/**
 * Every site's rating on each of its next DAYS_AHEAD days, judged once and kept under the stored forecast, the
 * sites' revision and every clock's date (`key`): a refresh, an edit of a site and a midnight each start a new
 * one, so a kept rating is never yesterday's. Filled as asked (the filter's day, the weekend's two), one byte
 * per site and day, and judged once per grid cell, day and profile (sites sharing a cell and the rules'
 * columns share their rating).
 */
interface Ratings {
  key: string;
  /** The site's index in rows times DAYS_AHEAD plus the days ahead: a RATING_CODES index. */
  codes: Uint8Array;
  /** Each clock's (UTC offset's) dates from its today on. */
  dates: Map<number, string[]>;
  /** The rating of a cell, date and profile already judged. */
  judged: Map<string, number>;
}

/** A site with the position and the columns the outlook rules read (a card's entity is one). */
export type OutlookedSite = OutlookSite & TidalFields & { id: number };

/**
 * Issue 46, item 6: the outlook of many sites at once, from the stored forecast only (never the provider).
 * Each site's 'today' is its forecast's local date (the grid cell's UTC offset, as the site page's forecast
 * reads it). The stored cells and the sites' outlook columns are kept per process, under the newest fetch
 * and the sites' revision (which the outlook columns move: migrations/1799200000000-OutlookRevision.ts), so
 * a filtered list reads two small rows, not every site and cell.
 */
@Injectable()
export class SiteOutlooksService {
  private cells: { stamp: string; byKey: Map<string, CellForecast> } | null = null;
  private sites: { revision: string; rows: SiteRow[] } | null = null;
  /** Answers for every site (the filter's ids, the weekend lists) under the stamps and the dates they were computed for. */
  private readonly answers = new LRUCache<string, number[] | WeekendSite[]>({ max: 200 });
  private ratings: Ratings | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** storedCells' read under way: the callers that ask while it runs (a page's outlook parts, in parallel) share it. */
  private cellsRead: Promise<{ stamp: string; byKey: Map<string, CellForecast> }> | null = null;

  /**
   * The cells with a forecast, read again only after a fetch stored something. Issue 46: a page showing outlooks
   * asked for the stamp 4 times at once (34 buffers each at 100x); those asking while a read runs share it, as
   * if they had asked when it began.
   */
  private storedCells(): Promise<{ stamp: string; byKey: Map<string, CellForecast> }> {
    if (!this.cellsRead) {
      this.cellsRead = this.readStoredCells().finally(() => {
        this.cellsRead = null;
      });
    }
    return this.cellsRead;
  }

  private async readStoredCells(): Promise<{ stamp: string; byKey: Map<string, CellForecast> }> {
    const [{ stamp }]: { stamp: string }[] = await this.dataSource.query(
      `SELECT count(fetched_at) || ':' || coalesce(max(fetched_at)::text, '') || ':' || coalesce(sum(extract(epoch FROM fetched_at)), 0) AS stamp FROM forecast_cells`,
    );
    if (this.cells?.stamp === stamp) return this.cells;
    const rows: { cell: string; days: ForecastDay[] | null; utc_offset_seconds: number | null }[] = await this.dataSource.query(
      'SELECT cell, days, utc_offset_seconds FROM forecast_cells WHERE fetched_at IS NOT NULL',
    );
    const byKey = new Map(
      rows.map((row) => [row.cell, { days: new Map((row.days ?? []).map((day) => [day.date, day])), offset: row.utc_offset_seconds ?? 0 }]),
    );
    this.cells = { stamp, byKey };
    return this.cells;
  }

  private async allSites(): Promise<{ revision: string; rows: SiteRow[] }> {
    const [{ revision }]: { revision: string }[] = await this.dataSource.query('SELECT revision FROM dive_site_revision');
    if (this.sites?.revision === revision) return this.sites;
    const rows: (Omit<SiteRow, 'latitude' | 'longitude' | 'cell'> & {
      latitude: string;
      longitude: string;
      bestTime: string | null;
      hazards: string | null;
    })[] = await this.dataSource.query(
      // By name as the lists show them (src/dive-sites/dive-site-sql.ts), so the filter's ids are in the list's order.
      `SELECT id, name, region, latitude, longitude, "skillLevel", access, status, "swellExposure", "onshoreWinds", "bestTime", hazards FROM dive_sites ORDER BY name ${HUMAN_ORDER}, id`,
    );
    this.sites = {
      revision,
      rows: rows.map(({ bestTime, hazards, ...row }) => {
        const latitude = Number(row.latitude);
        const longitude = Number(row.longitude);
        // The spring-tide rule's place, read once per revision (tide-outlook.ts).
        const tidalCurrent = tidalCurrentAt({ name: row.name, bestTime, hazards });
        const profile = tidalCurrent
          ? null
          : JSON.stringify([row.skillLevel, row.access, row.status ?? null, row.swellExposure ?? null, row.onshoreWinds ?? null]);
        return { ...row, latitude, longitude, cell: cellKey(latitude, longitude), tidalCurrent, profile };
      }),
    };
    return this.sites;
  }

  private rating(site: OutlookedSite, cell: CellForecast, date: string): OutlookRating | null {
    return siteDayOutlook(site, cell.days.get(date) ?? null, date).rating;
  }

  /** The ratings table of these cells and sites at today's dates (a new one when any of them moved). */
  private ratingsFor(cells: { stamp: string; byKey: Map<string, CellForecast> }, sites: { revision: string; rows: SiteRow[] }, todays: string): Ratings {
    const key = `${cells.stamp}|${sites.revision}|${todays}`;
    if (this.ratings?.key === key) return this.ratings;
    const now = this.clock.now();
    const dates = new Map<number, string[]>();
    for (const { offset } of cells.byKey.values()) {
      if (dates.has(offset)) continue;
      const today = localDate(now, offset);
      dates.set(
        offset,
        Array.from({ length: DAYS_AHEAD }, (_, ahead) => addDays(today, ahead)),
      );
    }
    this.ratings = { key, codes: new Uint8Array(sites.rows.length * DAYS_AHEAD), dates, judged: new Map() };
    return this.ratings;
  }

  /** The rating of the site at `index` of rows, `ahead` days after its today, from the table (judged the first time). */
  private keptRating(table: Ratings, index: number, site: SiteRow, cell: CellForecast, ahead: number): OutlookRating | null {
    const at = index * DAYS_AHEAD + ahead;
    let code = table.codes[at];
    if (code === 0) {
      const date = table.dates.get(cell.offset)![ahead];
      const shared = site.profile === null ? null : `${site.cell}|${date}|${site.profile}`;
      code = (shared === null ? undefined : table.judged.get(shared)) ?? codeOf(this.rating(site, cell, date));
      if (shared !== null) table.judged.set(shared, code);
      table.codes[at] = code;
    }
    return RATING_CODES[code];
  }

  /** The key of the dates every offset's sites are at now (their 'today'), so an answer kept is never yesterday's. */
  private todays(cells: Map<string, CellForecast>): string {
    const now = this.clock.now();
    return [...new Set([...cells.values()].map((cell) => cell.offset))]
      .sort()
      .map((offset) => `${offset}=${localDate(now, offset)}`)
      .join(',');
  }

  /**
   * The badge of each of these sites for `day` (today when absent): a site whose cell has no stored forecast
   * is left out (no badge), one whose forecast lacks that day's swell and wind is 'not judged'.
   */
  async badges(sites: readonly OutlookedSite[], day: DayChoice = 'today'): Promise<Map<number, BadgeOutlook>> {
    const badges = new Map<number, BadgeOutlook>();
    if (sites.length === 0) return badges;
    const { byKey } = await this.storedCells();
    const now = this.clock.now();
    for (const site of sites) {
      const cell = byKey.get(cellKey(Number(site.latitude), Number(site.longitude)));
      if (!cell) continue;
      const date = dateOfDay(day, localDate(now, cell.offset));
      const words = day === 'today' || day === 'tomorrow' ? day : DAY_CHOICE_LABELS[day];
      badges.set(site.id, { rating: this.rating(site, cell, date), day: words });
    }
    return badges;
  }

  /**
   * Every site whose outlook on `day` (in its own local time) answers `outlook` ('fair': Fair or better), by id,
   * in the lists' order (by name): the same array while the forecast, the sites and the dates stay, so what is
   * read from it (a page of cards, the map's box) may be kept with it.
   */
  async matchingIds(outlook: OutlookChoice, day: DayChoice): Promise<number[]> {
    const [cells, sites] = await Promise.all([this.storedCells(), this.allSites()]);
    const todays = this.todays(cells.byKey);
    const key = `ids|${cells.stamp}|${sites.revision}|${todays}|${outlook}|${day}`;
    const kept = this.answers.get(key) as number[] | undefined;
    if (kept) return kept;
    const table = this.ratingsFor(cells, sites, todays);
    // How many days ahead of its today `day` is, for each clock (not worked out again for every site).
    const aheads = new Map(
      [...table.dates].map(([offset, [today]]) => [offset, day === 'today' ? 0 : day === 'tomorrow' ? 1 : daysBetween(today, dateOfDay(day, today))]),
    );
    const ids: number[] = [];
    sites.rows.forEach((site, index) => {
      const cell = cells.byKey.get(site.cell);
      if (cell && outlookMatches(this.keptRating(table, index, site, cell, aheads.get(cell.offset)!), outlook)) ids.push(site.id);
    });
    this.answers.set(key, ids);
    return ids;
  }

  /**
   * 'Where to dive this weekend': the sites (of one region, or all) whose Saturday or Sunday outlook is Good
   * or Fair, best first (weekendOrder), at most `limit`.
   */
  async weekend(region: string | null, limit = WEEKEND_LIMIT): Promise<WeekendSite[]> {
    const [cells, sites] = await Promise.all([this.storedCells(), this.allSites()]);
    const todays = this.todays(cells.byKey);
    const key = `weekend|${cells.stamp}|${sites.revision}|${todays}|${region ?? ''}|${limit}`;
    const kept = this.answers.get(key) as WeekendSite[] | undefined;
    if (kept) return kept;
    const table = this.ratingsFor(cells, sites, todays);
    // Each clock's weekend: its dates and how many days ahead of its today they are.
    const weekends = new Map(
      [...table.dates].map(([offset, [today]]) => [
        offset,
        weekendDates(today).map((date) => ({ date, weekday: DAY_CHOICE_LABELS[weekdayOf(date)], ahead: daysBetween(today, date) })),
      ]),
    );
    const listed: WeekendSite[] = [];
    sites.rows.forEach((site, index) => {
      if (region !== null && site.region !== region) return;
      const cell = cells.byKey.get(site.cell);
      if (!cell) return;
      const days = weekends.get(cell.offset)!.map(({ date, weekday, ahead }) => ({ date, weekday, rating: this.keptRating(table, index, site, cell, ahead) }));
      if (!days.some((entry) => outlookMatches(entry.rating, 'fair'))) return;
      listed.push({ id: site.id, name: site.name, region: site.region, latitude: site.latitude, longitude: site.longitude, days });
    });
    const answer = weekendOrder(listed).slice(0, limit);
    this.answers.set(key, answer);
    return answer;
  }

  /**
   * How long (ms) an answer showing many sites' outlooks stays right: until the next midnight of any stored
   * forecast's clock (some site's 'today' turns then). Infinity when nothing is stored.
   */
  async rightFor(): Promise<number> {
    const { byKey } = await this.storedCells();
    return untilNextMidnight(this.clock.now(), new Set([...byKey.values()].map((cell) => cell.offset)));
  }
}
