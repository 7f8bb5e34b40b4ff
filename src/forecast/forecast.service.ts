import { Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ageInWords, FORECAST_ATTRIBUTION, type ConditionsResponse } from 'core/api/conditions';
import { cellKey, CELL_DEGREES, localDate, type ForecastDay } from 'core/outlook/forecast';
import { OUTLOOK_DISCLAIMER, type OutlookSite } from 'core/outlook/rules';
import type { CompassPoint } from 'core/outlook/compass';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { JobQueue } from 'src/job-queue/job-queue.service';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { FORECASTS_TAG } from './site-outlooks.service';
import { siteDayOutlook, type TidalFields } from './tide-outlook';
import { FORECAST_CLIENT_OPTIONS, OpenMeteoClient, type CellQuery, type ForecastClientOptions } from './open-meteo.client';

/** The queue of refresh jobs: `{ cells }`, one provider request (per API) each. */
export const FORECAST_QUEUE = 'forecast-refresh';
/** How often each process looks whether some cells are due. */
const DUE_CHECK_MS = 10 * 60 * 1000;
/** A cell handed to a job is not handed again for this long (the job and its retries run meanwhile). */
const CLAIM_MS = 60 * 60 * 1000;
/** The page-cache tag of the answers showing a cell's forecast (a page showing it tags itself so). */
export const forecastTag = (cell: string) => `forecast:${cell}`;

/** The cells of every site with a position: key, and the mean position of its sites (asked there, near the sea). */
const SYNC_CELLS = `
  INSERT INTO forecast_cells (cell, latitude, longitude)
  SELECT floor(latitude / ${CELL_DEGREES})::int || ':' || floor(longitude / ${CELL_DEGREES})::int, avg(latitude)::float8, avg(longitude)::float8
    FROM dive_sites GROUP BY 1
  ON CONFLICT (cell) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude
   WHERE forecast_cells.latitude IS DISTINCT FROM EXCLUDED.latitude OR forecast_cells.longitude IS DISTINCT FROM EXCLUDED.longitude`;

/** A batch's forecasts stored at once: $1 a JSON array of { cell, days, utc_offset_seconds }, $2 the time fetched. */
const STORE_CELLS = `
  UPDATE forecast_cells AS f
     SET days = stored.days, utc_offset_seconds = stored.utc_offset_seconds, fetched_at = $2, attempted_at = $2, last_error = NULL
    FROM jsonb_to_recordset($1::jsonb) AS stored(cell text, days jsonb, utc_offset_seconds int)
   WHERE f.cell = stored.cell`;

interface CellRow {
  cell: string;
  latitude: number;
  longitude: number;
  days: ForecastDay[] | null;
  utc_offset_seconds: number | null;
  fetched_at: Date | null;
  attempted_at: Date | null;
  last_error: string | null;
}

/** What a site's conditions are made from: its position and what the outlook rules read. */
export interface SiteRow extends OutlookSite, TidalFields {
  id: number;
  latitude: string;
  longitude: string;
}

/**
 * Issue 46: the marine forecast per 0.25° grid cell, from Open-Meteo (open-meteo.client.ts). Every
 * FORECAST_INTERVAL_HOURS the cells due are claimed (one UPDATE, so two processes never claim the same) and
 * handed to the job queue in batches of `cellsPerRequest`; a job asks the provider once per API and stores
 * the days, or records its failure and throws for pg-boss to retry it later. A failure never touches the
 * last good forecast: pages and the API read only what is stored, with its age.
 */
@Injectable()
export class ForecastService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Forecast');
  private readonly client: OpenMeteoClient | null;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FORECAST_CLIENT_OPTIONS) private readonly options: ForecastClientOptions,
    private readonly queue: JobQueue,
    private readonly pageCache: PageCacheService,
    private readonly clock: Clock,
  ) {
    this.client = config.forecast ? new OpenMeteoClient(config.forecast, options) : null;
  }

  onModuleInit(): void {
    if (!this.client) return;
    this.queue.define<{ cells: CellQuery[] }>(FORECAST_QUEUE, { retryLimit: 3, retryDelay: 120, retryBackoff: true, expireInSeconds: 300 }, ({ cells }) =>
      this.refreshCells(cells),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.client) return;
    // unref: the timer never keeps a stopping process alive.
    this.timer = setInterval(() => {
      this.schedule().catch((error: Error) => this.logger.warn(`Forecast refresh not scheduled: ${error.message}`));
    }, DUE_CHECK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Claims the cells due (never fetched, or fetched FORECAST_INTERVAL_HOURS ago) and queues their jobs; how many jobs. */
  async schedule(): Promise<number> {
    if (!this.client || !this.config.forecast) return 0;
    await this.dataSource.query(SYNC_CELLS);
    const now = this.clock.now();
    const dueBefore = new Date(now.getTime() - this.config.forecast.intervalHours * 3_600_000);
    const claimedBefore = new Date(now.getTime() - CLAIM_MS);
    const [claimed]: [CellQuery[], number] = await this.dataSource.query(
      `UPDATE forecast_cells SET requested_at = $1
        WHERE (fetched_at IS NULL OR fetched_at <= $2) AND (requested_at IS NULL OR requested_at <= $3)
        RETURNING cell, latitude, longitude`,
      [now, dueBefore, claimedBefore],
    );
    const batches = this.batches(claimed);
    for (const cells of batches) await this.queue.send(FORECAST_QUEUE, { cells });
    return batches.length;
  }

  /**
   * An operator's refresh of every site now (POST /api/admin/forecast/refresh; the benchmark's): every cell
   * claimed whatever its age and handed to the job queue, as the schedule does; how many jobs.
   */
  async scheduleEvery(): Promise<number> {
    if (!this.client) return 0;
    await this.dataSource.query(SYNC_CELLS);
    const [claimed]: [CellQuery[], number] = await this.dataSource.query('UPDATE forecast_cells SET requested_at = $1 RETURNING cell, latitude, longitude', [
      this.clock.now(),
    ]);
    const batches = this.batches(claimed);
    for (const cells of batches) await this.queue.send(FORECAST_QUEUE, { cells });
    return batches.length;
  }

  /** Every cell now, in this process, batch after batch (tests; an operator's refresh): how many batches failed. */
  async refreshAll(): Promise<{ batches: number; failed: number }> {
    await this.dataSource.query(SYNC_CELLS);
    const cells: CellQuery[] = await this.dataSource.query('SELECT cell, latitude, longitude FROM forecast_cells ORDER BY cell');
    let failed = 0;
    const batches = this.batches(cells);
    for (const batch of batches) await this.refreshCells(batch).catch(() => failed++);
    return { batches: batches.length, failed };
  }

  /** One job: asks the provider for these cells and stores their days; a failure is recorded on them and thrown. */
  async refreshCells(cells: CellQuery[]): Promise<void> {
    if (!this.client) throw new Error('the forecast is off');
    const keys = cells.map((cell) => cell.cell);
    try {
      const forecasts = await this.client.fetch(cells);
      // One statement for the batch (not one per cell): the cells' days as one JSON array.
      await this.dataSource.query(STORE_CELLS, [
        JSON.stringify(forecasts.map((forecast) => ({ cell: forecast.cell, days: forecast.days, utc_offset_seconds: forecast.utcOffsetSeconds }))),
        this.clock.now(),
      ]);
      // The pages of these cells' sites, and every answer showing many sites' outlooks (cards, filter, weekend):
      // marked stale, not dropped, so each is rendered again once while the others are answered with it
      // (docs/caching.md, 'A forecast refresh'); a site's midnight still drops its page outright.
      await this.pageCache.invalidate([...keys.map(forecastTag), FORECASTS_TAG], { stale: true });
    } catch (error) {
      const message = (error as Error).message;
      await this.dataSource.query(`UPDATE forecast_cells SET attempted_at = $2, last_error = $3 WHERE cell = ANY($1)`, [keys, this.clock.now(), message]);
      this.logger.warn(`Forecast of ${keys.length} cells not refreshed: ${message}`);
      throw error;
    }
  }

  /** What `GET /api/dive-sites/{id}/conditions` answers (core/api/conditions.ts). */
  async conditions(siteId: number): Promise<ConditionsResponse> {
    const [site]: SiteRow[] = await this.dataSource.query(
      `SELECT id, name, region, latitude, longitude, "skillLevel", access, status, "swellExposure", "onshoreWinds", "bestTime", hazards FROM dive_sites WHERE id = $1`,
      [siteId],
    );
    if (!site) throw new NotFoundException('Dive site not found');
    return this.conditionsOf(site);
  }

  /** The same answer for a site already read (the site's page has it: no second read of the row). */
  async conditionsOf(site: SiteRow): Promise<ConditionsResponse> {
    const key = cellKey(Number(site.latitude), Number(site.longitude));
    const [row]: CellRow[] = await this.dataSource.query('SELECT * FROM forecast_cells WHERE cell = $1', [key]);
    const now = this.clock.now();
    const fetchedAt = row?.fetched_at ?? null;
    const ageMinutes = fetchedAt ? Math.max(0, Math.floor((now.getTime() - fetchedAt.getTime()) / 60_000)) : null;
    const interval = this.config.forecast?.intervalHours ?? 3;
    const today = localDate(now, row?.utc_offset_seconds ?? 0);
    const days = (fetchedAt && row?.days ? row.days : []).filter((day) => day.date >= today).slice(0, 7);
    const failedSince = row?.last_error && row.attempted_at && (!fetchedAt || row.attempted_at > fetchedAt);
    return {
      siteId: site.id,
      cell: row ? { key, latitude: row.latitude, longitude: row.longitude } : null,
      fetchedAt: fetchedAt?.toISOString() ?? null,
      ageMinutes,
      age: ageMinutes === null ? null : ageInWords(ageMinutes),
      stale: ageMinutes !== null && ageMinutes > interval * 2 * 60,
      lastError: failedSince ? { at: (row.attempted_at as Date).toISOString(), message: row.last_error as string } : null,
      exposure: {
        profiled: site.swellExposure !== null || site.onshoreWinds !== null,
        swellExposure: site.swellExposure as CompassPoint[] | null,
        onshoreWinds: site.onshoreWinds as CompassPoint[] | null,
      },
      days: days.map((day) => ({ ...day, outlook: siteDayOutlook(site, day, day.date) })),
      disclaimer: OUTLOOK_DISCLAIMER,
      attribution: { ...FORECAST_ATTRIBUTION },
    };
  }

  private batches(cells: CellQuery[]): CellQuery[][] {
    const size = this.options.cellsPerRequest;
    return Array.from({ length: Math.ceil(cells.length / size) }, (_, i) =>
      cells.slice(i * size, (i + 1) * size).map(({ cell, latitude, longitude }) => ({ cell, latitude: Number(latitude), longitude: Number(longitude) })),
    );
  }
}
