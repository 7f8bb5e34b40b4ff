import { Body, Controller, Get, Header, HttpCode, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ImportSummary } from 'core/api/content-transfer';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Clock } from 'src/common/clock';
import { RequestBody } from 'src/http/request-body';
import { sendPieces } from 'src/lists/stream-response';
import { Invalidates } from 'src/common/cache-tags';
import { SitemapService } from 'src/feeds/sitemap.service';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { ContentExportService, IMPORT_BODY_LIMIT, IMPORT_MAX_VALUES } from './content-export.service';
import { ContentImportService } from './content-import.service';

/** A content file is a whole site, uploads included: read only once the admin guard has passed. */
const IMPORT_BODY = RequestBody({ limit: IMPORT_BODY_LIMIT, maxValues: IMPORT_MAX_VALUES });

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

  /** Streamed as it is read (ContentExportService.export, sendPieces). */
  @Get('export')
  @AdminOnly({ action: 'export_content' })
  @Header('Content-Type', 'application/json; charset=utf-8')
  async export(@Res() response: Response): Promise<void> {
    const now = this.clock.now();
    response.setHeader('Content-Disposition', `attachment; filename="dive-site-content-${now.toISOString().slice(0, 10)}.json"`);
    await sendPieces(response, this.exporter.export(now), this.logger, 'The content export');
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
