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
import { Tag } from 'src/common/cache-tags';
import { siteDayOutlook, type TidalFields } from './tide-outlook';
import { Clock } from 'src/common/clock';

/** The page-cache tag of every answer showing the outlook of many sites (cards, the filter, the weekend list): a refresh drops them. */
export const FORECASTS_TAG = Tag.forecasts;

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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The cells with a forecast, read again only after a fetch stored something. */
  private async storedCells(): Promise<{ stamp: string; byKey: Map<string, CellForecast> }> {
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
      `SELECT id, name, region, latitude, longitude, "skillLevel", access, status, "swellExposure", "onshoreWinds", "bestTime", hazards FROM dive_sites ORDER BY id`,
    );
    this.sites = {
      revision,
      rows: rows.map(({ bestTime, hazards, ...row }) => {
        const latitude = Number(row.latitude);
        const longitude = Number(row.longitude);
        // The spring-tide rule's place, read once per revision (tide-outlook.ts).
        return { ...row, latitude, longitude, cell: cellKey(latitude, longitude), tidalCurrent: tidalCurrentAt({ name: row.name, bestTime, hazards }) };
      }),
    };
    return this.sites;
  }

  private rating(site: OutlookedSite, cell: CellForecast, date: string): OutlookRating | null {
    return siteDayOutlook(site, cell.days.get(date) ?? null, date).rating;
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

  /** Every site whose outlook on `day` (in its own local time) answers `outlook` ('fair': Fair or better), by id. */
  async matchingIds(outlook: OutlookChoice, day: DayChoice): Promise<number[]> {
    const [cells, sites] = await Promise.all([this.storedCells(), this.allSites()]);
    const key = `ids|${cells.stamp}|${sites.revision}|${this.todays(cells.byKey)}|${outlook}|${day}`;
    const kept = this.answers.get(key) as number[] | undefined;
    if (kept) return kept;
    const now = this.clock.now();
    const ids = sites.rows
      .filter((site) => {
        const cell = cells.byKey.get(site.cell);
        return cell ? outlookMatches(this.rating(site, cell, dateOfDay(day, localDate(now, cell.offset))), outlook) : false;
      })
      .map((site) => site.id);
    this.answers.set(key, ids);
    return ids;
  }

  /**
   * 'Where to dive this weekend': the sites (of one region, or all) whose Saturday or Sunday outlook is Good
   * or Fair, best first (weekendOrder), at most `limit`.
   */
  async weekend(region: string | null, limit = WEEKEND_LIMIT): Promise<WeekendSite[]> {
    const [cells, sites] = await Promise.all([this.storedCells(), this.allSites()]);
    const key = `weekend|${cells.stamp}|${sites.revision}|${this.todays(cells.byKey)}|${region ?? ''}|${limit}`;
    const kept = this.answers.get(key) as WeekendSite[] | undefined;
    if (kept) return kept;
    const now = this.clock.now();
    const listed: WeekendSite[] = [];
    for (const site of sites.rows) {
      if (region !== null && site.region !== region) continue;
      const cell = cells.byKey.get(site.cell);
      if (!cell) continue;
      const days = weekendDates(localDate(now, cell.offset)).map((date) => ({
        date,
        weekday: DAY_CHOICE_LABELS[weekdayOf(date)],
        rating: this.rating(site, cell, date),
      }));
      if (!days.some((entry) => outlookMatches(entry.rating, 'fair'))) continue;
      listed.push({ id: site.id, name: site.name, region: site.region, latitude: site.latitude, longitude: site.longitude, days });
    }
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
