import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Body, Controller, Get, Header, HttpCode, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ImportSummary } from 'core/api/content-transfer';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Clock } from 'src/common/clock';
import { RequestBody } from 'src/common/request-body';
import { Invalidates } from 'src/common/cache-tags';
import { SitemapService } from 'src/feeds/sitemap.service';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { ContentExportService, IMPORT_BODY_LIMIT, IMPORT_MAX_VALUES } from './content-export.service';
import { ContentImportService } from './content-import.service';

/** A content file is a whole site, uploads included: read only once the admin guard has passed. */
const IMPORT_BODY = RequestBody({ limit: IMPORT_BODY_LIMIT, maxValues: IMPORT_MAX_VALUES });

/** A generator's pieces again, its first (already read) included. */
async function* continued<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/**
 * The whole site's content as one file, and that file read back (core/api/content-transfer.ts). The
 * bodies are the file as it is: the import checks every record itself and names the one at fault.
 */
@Controller('api/admin')
export class ContentTransferController {
  private readonly logger = new Logger(ContentTransferController.name);

  constructor(
    private readonly exporter: ContentExportService,
    private readonly importer: ContentImportService,
    private readonly pageCache: PageCacheService,
    private readonly sitemaps: SitemapService,
    private readonly clock: Clock,
  ) {}

  /**
   * Streamed as it is read (ContentExportService.export), at the pace the download takes it: a closed
   * download ends the read. Its first piece is read before the answer starts, so a database that fails at
   * once still gets a proper error answer.
   */
  @Get('export')
  @AdminOnly({ action: 'export_content' })
  @Header('Content-Type', 'application/json; charset=utf-8')
  async export(@Res() response: Response): Promise<void> {
    const now = this.clock.now();
    const pieces = this.exporter.export(now);
    const first = await pieces.next();
    response.setHeader('Content-Disposition', `attachment; filename="dive-site-content-${now.toISOString().slice(0, 10)}.json"`);
    await pipeline(Readable.from(continued(first, pieces)), response).catch((error: unknown) => {
      // The answer has begun: a failure can only cut it short (the file then does not parse), never turn into a 500.
      this.logger.error(`The content export stopped: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  @Post('import/preview')
  @HttpCode(200)
  @AdminOnly({ action: 'preview_import', writesContent: false })
  @IMPORT_BODY
  @Invalidates()
  preview(@Body() file: unknown): Promise<ImportSummary> {
    return this.importer.preview(file);
  }

  /**
   * Any page may show what an import changed, so every process empties its page cache, and the sitemap
   * is rebuilt at once: done here rather than by the interceptor, whose flush would drop the rebuilt
   * sitemap again.
   */
  @Post('import')
  @HttpCode(200)
  @AdminOnly({ action: 'import_content' })
  @IMPORT_BODY
  @Invalidates()
  async import(@Body() file: unknown): Promise<ImportSummary> {
    const summary = await this.importer.apply(file);
    await this.pageCache.invalidate(null);
    await this.sitemaps.regenerate();
    return summary;
  }
}
