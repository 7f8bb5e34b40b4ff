import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { of, type Observable } from 'rxjs';
import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_TEXT, REPORT_PHOTOS_MAX } from 'core/reports';
import { errorBody } from 'src/common/error-body';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { deleteSpooled, spoolDir, SpoolStorage } from './photo-spool';
import type { PhotoFile } from './report-photo-checks';

/**
 * Reads a report's multipart body: its fields and up to three files in `photos`, each up to 15 MB, each
 * streamed to a file of its own as it arrives (src/reports/photo-spool.ts; multer stops reading at once past
 * either limit, and removes what it wrote). A file in another field is refused too. Urlencoded and JSON
 * bodies pass through untouched (read before this).
 */
const reader = (storage: SpoolStorage) =>
  AnyFilesInterceptor({
    storage,
    limits: { files: REPORT_PHOTOS_MAX, fileSize: REPORT_PHOTO_MAX_BYTES, fields: 30, parts: 40, fieldSize: 16 * 1024 },
    defParamCharset: 'utf8',
  });

const photosError = (message: string) => ({ photos: [message] });

/** multer's refusals (as Nest words them) in the report's words, naming the field. */
function refusal(error: unknown): HttpException {
  const status = error instanceof HttpException ? error.getStatus() : 400;
  const message = error instanceof Error ? error.message : '';
  if (/too many files/i.test(message)) return new BadRequestException(errorBody(400, REPORT_PHOTO_TEXT.tooMany, photosError(REPORT_PHOTO_TEXT.tooMany)));
  if (status === 413) return new PayloadTooLargeException(errorBody(413, REPORT_PHOTO_TEXT.tooLarge, photosError(REPORT_PHOTO_TEXT.tooLarge)));
  return new BadRequestException(errorBody(400, REPORT_PHOTO_TEXT.unreadable, photosError(REPORT_PHOTO_TEXT.unreadable)));
}

const WRONG_FIELD = "Photos go in the field 'photos'";

@Injectable()
export class ReportPhotosInterceptor implements NestInterceptor {
  private readonly reader: NestInterceptor;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const storage = new SpoolStorage(spoolDir(config.dataDir));
    storage.pruneLeftovers();
    this.reader = new (reader(storage))();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.is('multipart/form-data')) return next.handle();
    try {
      await this.reader.intercept(context, { handle: () => of(null) });
    } catch (error) {
      throw refusal(error);
    }
    const files = (request as Request & { files?: (PhotoFile & { fieldname: string })[] }).files ?? [];
    // The files live as long as the request: stored by then (or refused), they are deleted whatever the outcome.
    context
      .switchToHttp()
      .getResponse<Response>()
      .once('close', () => deleteSpooled(files));
    if (files.some((file) => file.fieldname !== 'photos')) throw new BadRequestException(errorBody(400, WRONG_FIELD, photosError(WRONG_FIELD)));
    return next.handle();
  }
}

/** The photos a multipart post carried (none for JSON). */
export function photosOf(request: Request): PhotoFile[] {
  const files = (request as Request & { files?: unknown }).files;
  return Array.isArray(files) ? (files as PhotoFile[]) : [];
}
