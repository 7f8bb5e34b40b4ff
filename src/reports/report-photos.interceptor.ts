import { BadRequestException, HttpException, PayloadTooLargeException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { of, type Observable } from 'rxjs';
import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_TEXT, REPORT_PHOTOS_MAX } from 'core/reports';
import { errorBody } from 'src/common/error-body';
import type { PhotoFile } from './report-photo-checks';

/**
 * Reads a report's multipart body: its fields and up to three files in `photos`, each up to 15 MB, in
 * memory (multer stops reading at once past either limit). A file in another field is refused too.
 * Urlencoded and JSON bodies pass through untouched (read before this).
 */
const Reader = AnyFilesInterceptor({
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

export class ReportPhotosInterceptor implements NestInterceptor {
  private readonly reader = new Reader();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.is('multipart/form-data')) return next.handle();
    try {
      await this.reader.intercept(context, { handle: () => of(null) });
    } catch (error) {
      throw refusal(error);
    }
    const files = (request as Request & { files?: (PhotoFile & { fieldname: string })[] }).files ?? [];
    if (files.some((file) => file.fieldname !== 'photos')) throw new BadRequestException(errorBody(400, WRONG_FIELD, photosError(WRONG_FIELD)));
    return next.handle();
  }
}

/** The photos a multipart post carried (none for JSON). */
export function photosOf(request: Request): PhotoFile[] {
  const files = (request as Request & { files?: unknown }).files;
  return Array.isArray(files) ? (files as PhotoFile[]) : [];
}
