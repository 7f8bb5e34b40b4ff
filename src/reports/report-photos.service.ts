import { ConflictException, Injectable, Logger, NotFoundException, ServiceUnavailableException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { In, type DataSource, type QueryRunner, type Repository } from 'typeorm';
import { REPORT_PHOTO_MAX_PIXELS, type AdminReportPhoto, type GalleryPhoto, type ReportPhotoResponse, type ReportPhotoStatus } from 'core/reports';
import { errorBody } from 'src/common/error-body';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { Media } from 'src/images/media.entity';
import { mediaUrl } from 'src/images/media.service';
import { JobQueue, type JobInfo } from 'src/job-queue/job-queue.service';
import { PhotoWorker } from './photo-worker';
import { checkPhoto, STORED_PHOTO_SIDE, type CheckedPhoto, type PhotoFile } from './report-photo-checks';
import { ReportPhoto } from './report-photo.entity';

export const PHOTO_QUEUE = 'report-photo';
/**
 * Photos each process decodes and re-encodes at once (a job queue batch): a burst of uploads waits its
 * turn in the queue instead of taking every core from the pages (bench/reports-under-load.mjs).
 */
export const PHOTO_CONCURRENCY = 2;
/** The gallery on a site's page shows this many of its newest approved photos. */
export const GALLERY_SIZE = 12;

const PHOTO_NOT_FOUND = 'Photo not found';

/** What an administrator's action on a photo changed: the photo, and its report's site (for the page cache). */
export interface PhotoChanged {
  ids: number[];
  siteIds: number[];
  status: ReportPhotoStatus;
}

function toPhotoResponse(photo: ReportPhoto): ReportPhotoResponse {
  return { id: photo.id, src: photo.media ? mediaUrl(photo.media) : null, alt: photo.alt, width: photo.width, height: photo.height };
}

/** An upload (`u`) that no photo refers to. */
const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM report_photos p WHERE p."uploadId" = u.id)`;

/**
 * A condition report's photos (issue 45): stored as received with the report, processed off the request
 * path on the job queue (upright, re-encoded, every metadata block gone) into the uploads (`media`, served
 * through /img), then shown only once the administrator approves each one.
 */
@Injectable()
export class ReportPhotosService implements OnModuleInit {
  private readonly logger = new Logger('ReportPhotos');

  constructor(
    @InjectRepository(ReportPhoto) private readonly photos: Repository<ReportPhoto>,
    @InjectRepository(Media) private readonly media: Repository<Media>,
    private readonly sites: DiveSitesService,
    private readonly queue: JobQueue,
    private readonly worker: PhotoWorker,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A photo as received, checked from its bytes (refused with the diver's message), on the request path. */
  check(file: PhotoFile, index: number): Promise<CheckedPhoto> {
    return checkPhoto(file, index);
  }

  onModuleInit(): void {
    this.queue.define<{ photoId: number }>(
      PHOTO_QUEUE,
      { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, batchSize: PHOTO_CONCURRENCY },
      (data, info) => this.process(data.photoId, info),
    );
  }

  /**
   * Stores a request's checked photos as received, before the report's transaction: the photo worker reads
   * each file and writes it as an upload row over its own connection, at the lowest priority (the server
   * never holds the bytes). Answers the uploads' ids in the photos' order; when one fails, those stored are
   * deleted and the request is refused with a 503 (sent again later, it is stored).
   */
  async stage(files: PhotoFile[]): Promise<number[]> {
    const outcomes = await Promise.all(
      files.map((file) => this.worker.stage(file.path, this.databaseUrl()).catch((error: Error) => ({ ok: false as const, error: error.message }))),
    );
    const stored = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.uploadId] : []));
    const failed = outcomes.find((outcome) => !outcome.ok);
    if (!failed) return stored;
    await this.discard(stored);
    // The worker or the database failed, not the diver: a 503 says to send it again (the offline queue does).
    this.logger.warn(`A report photo could not be stored: ${failed.error}`);
    throw new ServiceUnavailableException(errorBody(503, 'Service temporarily unavailable'));
  }

  /**
   * Adds a report's photos and queues their processing, inside the report's transaction: each refers to
   * its upload (stored by `stage`), nothing copied.
   */
  async add(runner: QueryRunner, reportId: number, photos: { uploadId: number; alt: string }[]): Promise<void> {
    for (const [position, photo] of photos.entries()) {
      const [saved] = (await runner.query(
        `INSERT INTO report_photos ("reportId", position, alt, status, "uploadId") VALUES ($1, $2, $3, 'processing', $4) RETURNING id`,
        [reportId, position, photo.alt, photo.uploadId],
      )) as { id: number }[];
      await this.queue.send(PHOTO_QUEUE, { photoId: saved.id }, {}, runner);
    }
  }

  /** Deletes the given uploads that no photo refers to (a report that was not stored, or was stored already). */
  async discard(uploadIds: number[]): Promise<void> {
    if (!uploadIds.length) return;
    await this.dataSource.query(`DELETE FROM report_photo_uploads u WHERE u.id = ANY($1) AND ${UNREFERENCED}`, [uploadIds]);
  }

  /**
   * The housekeeping's step: uploads no photo refers to, an hour after they were stored (the process stopped
   * between storing a photo and its report's transaction, or its report was deleted before it was processed).
   */
  async pruneUploads(): Promise<void> {
    await this.dataSource.query(`DELETE FROM report_photo_uploads u WHERE u."createdAt" < now() - interval '1 hour' AND ${UNREFERENCED}`);
  }

  /**
   * The job: decode, turn upright, re-encode without metadata, keep it as an upload (named by its hash), and
   * drop the bytes as received; the photo then waits for approval. All of it in the photo worker, at the
   * lowest CPU priority, with its own connection: the bytes never come through this process. A photo that
   * cannot be decoded (the request's checks passed it, so this is rare) is rejected rather than retried.
   */
  async process(photoId: number, { retriesLeft }: JobInfo = { retriesLeft: 0 }): Promise<void> {
    let outcome;
    try {
      outcome = await this.worker.job(photoId, this.databaseUrl(), REPORT_PHOTO_MAX_PIXELS, STORED_PHOTO_SIDE);
    } catch (error) {
      // The worker exited twice with it: tried again as the queue says, rejected at the last try.
      if (retriesLeft > 0) throw error;
      outcome = { ok: false as const, error: (error as Error).message, failed: 'decoder' as const };
    }
    if (outcome.ok) return;
    const { error: message, failed } = outcome;
    if (failed === 'database' || (retriesLeft > 0 && !/^(Vips|Input|Image|heif|jpeg|png|webp)/i.test(message))) throw new Error(message);
    this.logger.warn(`Report photo ${photoId} could not be processed (${message}): rejected`);
    await this.photos.update({ id: photoId }, { status: 'rejected' });
    // Its bytes as received go (the foreign key empties the photo's uploadId).
    await this.dataSource.query(`DELETE FROM report_photo_uploads WHERE id = (SELECT "uploadId" FROM report_photos WHERE id = $1)`, [photoId]);
  }

  /** The server's database, for the worker's own connection. */
  private databaseUrl(): string {
    return (this.dataSource.options as { url: string }).url;
  }

  /** Each report's approved photos (the public lists), by report id. */
  async approvedOf(reportIds: number[]): Promise<Map<number, ReportPhotoResponse[]>> {
    const rows = reportIds.length
      ? await this.photos.find({ where: { reportId: In(reportIds), status: 'approved' }, relations: { media: true }, order: { position: 'ASC' } })
      : [];
    return group(
      rows.filter((row) => row.media),
      toPhotoResponse,
    );
  }

  /** Each report's every photo with its status (the administrator's queue), by report id. */
  async allOf(reportIds: number[]): Promise<Map<number, AdminReportPhoto[]>> {
    const rows = reportIds.length ? await this.photos.find({ where: { reportId: In(reportIds) }, relations: { media: true }, order: { position: 'ASC' } }) : [];
    return group(rows, (row) => ({ ...toPhotoResponse(row), status: row.status }));
  }

  /** A site's newest approved photos of its published reports (the gallery on its page). */
  async gallery(diveSiteId: number, limit = GALLERY_SIZE): Promise<GalleryPhoto[]> {
    const rows = await this.photos
      .createQueryBuilder('photo')
      .innerJoinAndSelect('photo.report', 'report')
      .innerJoinAndSelect('photo.media', 'media')
      .where('report.diveSiteId = :diveSiteId', { diveSiteId })
      .andWhere("report.status = 'published'")
      .andWhere("photo.status = 'approved'")
      .orderBy('report.date', 'DESC')
      .addOrderBy('report.id', 'DESC')
      .addOrderBy('photo.position', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((row) => ({
      ...toPhotoResponse(row),
      src: mediaUrl(row.media as Media),
      reportId: row.reportId,
      date: row.report?.date ?? '',
      name: row.report?.name ?? null,
    }));
  }

  /**
   * Approves or rejects one photo. A rejected photo's stored image is deleted unless a site uses it as its
   * picture (it cannot be approved again: the diver may send it anew).
   */
  async setStatus(photoId: number, status: 'approved' | 'rejected'): Promise<PhotoChanged> {
    const photo = await this.photos.findOne({ where: { id: photoId }, relations: { report: true, media: true } });
    if (!photo?.report) throw new NotFoundException(errorBody(404, PHOTO_NOT_FOUND));
    if (status === 'approved' && (photo.status === 'processing' || !photo.media)) {
      throw new ConflictException(
        errorBody(409, photo.status === 'processing' ? 'This photo is still being processed' : 'This photo was rejected and removed'),
      );
    }
    await this.photos.update({ id: photoId }, { status });
    if (status === 'rejected' && photo.media) await this.dropUnused([photo.media]);
    return { ids: [photoId], siteIds: [photo.report.diveSiteId], status };
  }

  /** Makes a photo its report's site's picture (approving it too): the site's cards and page show it. */
  async makeSitePicture(photoId: number): Promise<PhotoChanged & { imageUrl: string }> {
    const photo = await this.photos.findOne({ where: { id: photoId }, relations: { report: true, media: true } });
    if (!photo?.report) throw new NotFoundException(errorBody(404, PHOTO_NOT_FOUND));
    if (!photo.media || photo.status === 'rejected')
      throw new ConflictException(errorBody(409, 'Only a processed photo that is not rejected can be the site picture'));
    if (photo.status !== 'approved') await this.photos.update({ id: photoId }, { status: 'approved' });
    const imageUrl = mediaUrl(photo.media);
    await this.sites.updatePhoto(photo.report.diveSiteId, { imageUrl });
    return { ids: [photoId], siteIds: [photo.report.diveSiteId], status: 'approved', imageUrl };
  }

  /** Deletes the stored images of these reports' photos that no site uses (before the reports are deleted). */
  async dropImagesOf(reportIds: number[]): Promise<void> {
    if (!reportIds.length) return;
    const rows = await this.photos.find({ where: { reportId: In(reportIds) }, relations: { media: true } });
    await this.dropUnused(rows.map((row) => row.media).filter((media): media is Media => !!media));
  }

  private async dropUnused(media: Media[]): Promise<void> {
    for (const item of media) {
      const [{ used }] = (await this.media.query(`SELECT EXISTS (SELECT 1 FROM dive_sites WHERE strpos("imageUrl", $1) > 0) AS used`, [item.hash])) as {
        used: boolean;
      }[];
      if (!used) await this.media.delete({ id: item.id });
    }
  }
}

function group<T>(rows: ReportPhoto[], map: (row: ReportPhoto) => T): Map<number, T[]> {
  const found = new Map<number, T[]>();
  for (const row of rows) found.set(row.reportId, [...(found.get(row.reportId) ?? []), map(row)]);
  return found;
}
