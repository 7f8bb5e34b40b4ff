import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  dayIn,
  daysBetween,
  REPORT_MAX_AGE_DAYS,
  REPORT_TEXT,
  type AdminReportResponse,
  type ReportCreated,
  type ReportResponse,
  type ReportStatus,
  type SiteReportsData,
  dayBefore,
  defaultPhotoAlt,
  RECENT_REPORTS,
  REPORT_PHOTO_TEXT,
  REPORT_PHOTOS_MAX,
} from 'core/reports';
import { likePattern, type Page } from 'src/lists/admin-page';
import { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSitesService, SITE_NOT_FOUND } from 'src/dive-sites/dive-sites.service';
import { ConditionReport } from './condition-report.entity';
import type { CreateReportDto } from './dto/create-report.dto';
import type { PhotoFile } from './report-photo-checks';
import { ReportPhotosService } from './report-photos.service';

export function toReportResponse(report: ConditionReport): ReportResponse<Date> {
  return {
    id: report.id,
    diveSiteId: report.diveSiteId,
    date: report.date,
    time: report.time,
    visibility: report.visibility,
    waterTemperature: report.waterTemperature,
    current: report.current,
    surge: report.surge,
    comment: report.comment,
    name: report.name,
    createdAt: report.createdAt,
  };
}

/** A report as a page's props carry it (dates as text). */
export function serialised(report: ReportResponse<Date>): ReportResponse {
  return { ...report, createdAt: report.createdAt.toISOString() };
}

function toAdminReport(report: ConditionReport): AdminReportResponse<Date> {
  return { ...toReportResponse(report), status: report.status, site: { id: report.diveSiteId, name: report.site?.name ?? '' }, photos: [] };
}

/** What an administrator's action did: the reports it changed and their sites (for the page cache). */
export interface ReportsChanged {
  ids: number[];
  siteIds: number[];
}

/** Divers' condition reports (issue 45): taking one, a site's published ones, and the administrator's queue. */
@Injectable()
export class ReportsService {
  constructor(
    @InjectRepository(ConditionReport) private readonly reports: Repository<ConditionReport>,
    private readonly sites: DiveSitesService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly photos: ReportPhotosService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Today in the site's zone (SITE_TIMEZONE: the sites keep no zone of their own). */
  today(): string {
    return dayIn(this.clock.now(), this.config.siteTimezone);
  }

  /**
   * Stores a report when every rule holds (nothing otherwise): the date from today back to 14 days,
   * never ahead; at least one observation; every photo checked from its bytes. Published at once unless
   * REPORTS_MODERATION is on; its photos always wait for approval, processed on the job queue meanwhile.
   */
  async create(diveSiteId: number, dto: CreateReportDto, idempotencyKey?: string, files: PhotoFile[] = []): Promise<ReportCreated<Date>> {
    if (dto.website) throw new BadRequestException(REPORT_TEXT.rejected);
    if (idempotencyKey !== undefined && !/^[\w-]{8,64}$/.test(idempotencyKey)) {
      throw new BadRequestException(errorBody(400, REPORT_TEXT.idempotencyKey, { 'Idempotency-Key': [REPORT_TEXT.idempotencyKey] }));
    }
    if (idempotencyKey) {
      const sent = await this.reports.findOneBy({ idempotencyKey });
      if (sent) return this.again(sent, diveSiteId);
    }
    const fields: Record<string, string[]> = {};
    const age = daysBetween(dto.date, this.today());
    if (age < 0 || age > REPORT_MAX_AGE_DAYS) fields.date = [REPORT_TEXT.date];
    const observed = [dto.visibility, dto.waterTemperature, dto.current, dto.surge, dto.comment].some((value) => value !== undefined && value !== null);
    if (!observed) fields.visibility = [REPORT_TEXT.nothing];
    if (files.length > REPORT_PHOTOS_MAX) fields.photos = [REPORT_PHOTO_TEXT.tooMany];
    const first = Object.values(fields)[0];
    if (first) throw new BadRequestException(errorBody(400, first[0], fields));
    const siteName = await this.siteName(diveSiteId);
    // In order, the first refusal ending it: each reads the header and walks the structure (no pixel decoded).
    for (const [index, file] of files.entries()) await this.photos.check(file, index);
    const published = this.config.reportsModeration === 'off';
    // The photos as received are stored first (by the photo worker, from their files); the report refers to them.
    const uploads = files.length ? await this.photos.stage(files) : [];
    const photos = uploads.map((uploadId, index) => ({
      uploadId,
      alt: dto.photoAlt?.[index]?.trim() || defaultPhotoAlt(dto.name, siteName, dto.date),
    }));
    const made = this.reports.create({
      diveSiteId,
      date: dto.date,
      time: dto.time ?? null,
      visibility: dto.visibility ?? null,
      waterTemperature: dto.waterTemperature ?? null,
      current: dto.current ?? null,
      surge: dto.surge ?? null,
      comment: dto.comment ?? null,
      name: dto.name ?? null,
      status: published ? 'published' : 'pending',
      idempotencyKey: idempotencyKey ?? null,
    });
    // A report without photos is one INSERT (its id and createdAt returned into it); with photos, the report
    // and its photos (and their jobs) are one transaction.
    const stored = photos.length
      ? this.dataSource.transaction(async (manager) => {
          await manager.insert(ConditionReport, made);
          await this.photos.add(manager.queryRunner!, made.id, photos);
        })
      : this.reports.insert(made);
    const report = await stored.then(
      () => made,
      async (error: unknown) => {
        // Nothing refers to this request's uploads now: they go.
        await this.photos.discard(uploads);
        // The same key sent twice at once: the second insert loses the race and answers the first's report.
        const first = idempotencyKey ? await this.reports.findOneBy({ idempotencyKey }) : null;
        if (first) return first;
        throw error;
      },
    );
    return this.again(report, diveSiteId, photos.length);
  }

  /** The site's name (for a photo's default description), or its 404: one column read, not the whole site. */
  private async siteName(diveSiteId: number): Promise<string> {
    const [site] = (await this.dataSource.query('SELECT name FROM dive_sites WHERE id = $1', [diveSiteId])) as { name: string }[];
    if (!site) throw new NotFoundException(SITE_NOT_FOUND);
    return site.name;
  }

  /** A report's POST answer (the first time, or again for the same Idempotency-Key). */
  private again(report: ConditionReport, diveSiteId: number, photoCount = 0): ReportCreated<Date> {
    if (report.diveSiteId !== diveSiteId) throw new ConflictException(REPORT_TEXT.idempotencyReused);
    const published = report.status === 'published';
    const message = published ? REPORT_TEXT.published : REPORT_TEXT.pending;
    return { report: toReportResponse(report), published, message: photoCount ? `${message} ${REPORT_PHOTO_TEXT.waiting}` : message };
  }

  /** A page of a site's published reports, the newest dive first, and how many there are. */
  async forSite(diveSiteId: number, slice: { limit: number; offset: number }): Promise<Page<ReportResponse<Date>>> {
    await this.sites.findById(diveSiteId);
    return this.publishedPage(diveSiteId, slice);
  }

  /** A site page's 'Latest reports': the newest few, how many there are, and the days the form allows. */
  async siteSection(diveSiteId: number): Promise<SiteReportsData> {
    const today = this.today();
    const [{ rows, total }, gallery] = await Promise.all([
      this.publishedPage(diveSiteId, { limit: RECENT_REPORTS, offset: 0 }),
      this.photos.gallery(diveSiteId),
    ]);
    return { rows: rows.map(serialised), total, today, earliest: dayBefore(today, REPORT_MAX_AGE_DAYS), gallery };
  }

  /** The same without the site's check (the site page has read the site already). */
  async publishedPage(diveSiteId: number, slice: { limit: number; offset: number }): Promise<Page<ReportResponse<Date>>> {
    const [rows, total] = await this.reports.findAndCount({
      where: { diveSiteId, status: 'published' },
      order: { date: 'DESC', time: { direction: 'DESC', nulls: 'LAST' }, id: 'DESC' },
      take: slice.limit,
      skip: slice.offset,
    });
    const photos = await this.photos.approvedOf(rows.map((row) => row.id));
    return { rows: rows.map((row) => ({ ...toReportResponse(row), photos: photos.get(row.id) ?? [] })), total };
  }

  /** The newest published reports of a region's sites (its RSS feed), with their site's name. */
  async newestInRegion(region: string, limit: number): Promise<(ReportResponse<Date> & { siteName: string })[]> {
    const rows = await this.reports
      .createQueryBuilder('report')
      .innerJoinAndSelect('report.site', 'site')
      .where('site.region = :region', { region })
      .andWhere("report.status = 'published'")
      .orderBy('report.createdAt', 'DESC')
      .addOrderBy('report.id', 'DESC')
      .limit(limit)
      .getMany();
    return rows.map((row) => ({ ...toReportResponse(row), siteName: row.site?.name ?? '' }));
  }

  /** Each of these sites' newest published report (for the cards), by site id. */
  async newestBySite(siteIds: number[]): Promise<Map<number, ReportResponse<Date>>> {
    if (!siteIds.length) return new Map();
    const rows = await this.reports
      .createQueryBuilder('report')
      .distinctOn(['report.diveSiteId'])
      .where('report.diveSiteId IN (:...siteIds)', { siteIds })
      .andWhere("report.status = 'published'")
      .orderBy('report.diveSiteId')
      .addOrderBy('report.date', 'DESC')
      .addOrderBy('report.time', 'DESC', 'NULLS LAST')
      .addOrderBy('report.id', 'DESC')
      .getMany();
    return new Map(rows.map((row) => [row.diveSiteId, toReportResponse(row)]));
  }

  /** The administrator's list: a status (pending first by default), oldest waiting first for pending, else newest first. */
  async adminPage(status: ReportStatus | 'all', q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<AdminReportResponse<Date>>> {
    const query = this.reports.createQueryBuilder('report').leftJoinAndSelect('report.site', 'site');
    // Waiting: the reports to approve, and the published ones whose photos wait (photos always wait).
    if (status === 'pending') {
      query.where(
        "(report.status = 'pending' OR EXISTS (SELECT 1 FROM report_photos photo WHERE photo.\"reportId\" = report.id AND photo.status IN ('processing', 'pending')))",
      );
    } else if (status !== 'all') query.where('report.status = :status', { status });
    if (q) query.andWhere('(site.name ILIKE :q OR report.comment ILIKE :q OR report.name ILIKE :q)', { q: likePattern(q) });
    const direction = status === 'pending' ? 'ASC' : 'DESC';
    query.orderBy('report.createdAt', direction).addOrderBy('report.id', direction);
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), query.getCount()]);
    const photos = await this.photos.allOf(rows.map((row) => row.id));
    return { rows: rows.map((row) => ({ ...toAdminReport(row), photos: photos.get(row.id) ?? [] })), total };
  }

  /** Sets the status of each of these reports; answers the ones that exist and their sites. */
  async setStatus(ids: number[], status: ReportStatus): Promise<ReportsChanged> {
    const found = await this.reports.find({ where: { id: In(ids) }, select: { id: true, diveSiteId: true } });
    if (found.length) await this.reports.update({ id: In(found.map((row) => row.id)) }, { status });
    return changed(found);
  }

  async remove(ids: number[]): Promise<ReportsChanged> {
    const found = await this.reports.find({ where: { id: In(ids) }, select: { id: true, diveSiteId: true } });
    if (found.length) {
      await this.photos.dropImagesOf(found.map((row) => row.id));
      await this.reports.delete({ id: In(found.map((row) => row.id)) });
    }
    return changed(found);
  }
}

function changed(rows: { id: number; diveSiteId: number }[]): ReportsChanged {
  return { ids: rows.map((row) => row.id), siteIds: [...new Set(rows.map((row) => row.diveSiteId))] };
}
