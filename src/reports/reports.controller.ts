import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PUBLIC_PAGE_SIZE, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { byId, CacheTags, Invalidates, reportsChanged, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { RequestBody } from 'src/http/request-body';
import { REPORT_PHOTOS_MAX } from 'core/reports';
import { CreateReportDto } from './dto/create-report.dto';
import { AdminReportQueryDto, ReportIdsDto } from './dto/report-queries.dto';
import { ReportsService } from './reports.service';
import { ReportPhotosService, type PhotoChanged } from './report-photos.service';
import { photosOf, ReportPhotosInterceptor } from './report-photos.interceptor';

const siteId = idParam('Dive site id');
const photoId = idParam('Photo id', 'Photo not found');

/** A photo's approval, rejection or choice as the site's picture: its site's reports (and, for the picture, the site itself). */
function photoChanged(_request: Request, result: unknown): string[] {
  const { siteIds = [], status } = (result ?? {}) as Partial<PhotoChanged>;
  return status ? [...siteIds.map((id) => Tag.reports(id)), Tag.allReports] : [];
}
function sitePictureChanged(request: Request, result: unknown): string[] {
  const { siteIds = [] } = (result ?? {}) as Partial<PhotoChanged>;
  return [...photoChanged(request, result), ...siteIds.map((id) => Tag.diveSite(id)), Tag.diveSites, Tag.home, Tag.sitemap, Tag.search];
}

/** The multipart form of a report: its fields as in JSON, and up to three photos with their descriptions. */
const MULTIPART_SCHEMA = {
  schema: {
    type: 'object',
    required: ['date'],
    properties: {
      photos: { type: 'array', maxItems: REPORT_PHOTOS_MAX, items: { type: 'string', format: 'binary' } },
      photoAlt: { type: 'array', items: { type: 'string' } },
    },
  },
};

/** Issue 45: divers' condition reports of a site, and the administrator's queue of them. */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly photos: ReportPhotosService,
  ) {}

  /** The site's published reports, the newest dive first, a page at a time (`limit`, `offset`; X-Total-Count and Link). */
  @Get('api/dive-sites/:id/reports')
  @CacheTags(byId(Tag.reports))
  async list(
    @Param('id', siteId) diveSiteId: number,
    @Query() slice: ListSliceQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = { limit: slice.limit ?? PUBLIC_PAGE_SIZE, offset: slice.offset ?? 0 };
    const { rows, total } = await this.reports.forSite(diveSiteId, page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /**
   * Takes a report: 201 with it, whether it is on the page already, and the words to thank the diver with.
   * An `Idempotency-Key` header (a report written offline and sent again) is honoured: the same key answers
   * the report it made, stored once. As multipart it takes up to three `photos` (JPEG, PNG, WebP or AVIF,
   * 15 MB and 40 megapixels each) with their `photoAlt` descriptions; they wait for approval.
   */
  @PublicForm('api/dive-sites/:id/reports', 'forms/dive-sites/:id/reports', ({ published }, request) => {
    const photos = photosOf(request).length;
    return { published, ...(photos ? { photos } : {}) };
  })
  // Counted before the photos are read (up to three of 15 MB): a network past its limit sends none of them in.
  @RateLimit('report', { beforeBody: true })
  @Invalidates(reportsChanged)
  @RequestBody({ multipart: true })
  @UseInterceptors(ReportPhotosInterceptor)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody(MULTIPART_SCHEMA)
  create(@Param('id', siteId) diveSiteId: number, @Body() dto: CreateReportDto, @Req() request: Request, @Headers('idempotency-key') idempotencyKey?: string) {
    return this.reports.create(diveSiteId, dto, idempotencyKey, photosOf(request));
  }

  @Get('api/admin/reports')
  @AdminOnly()
  async queue(@Query() { status = 'pending', q, ...slice }: AdminReportQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = adminSlice(slice);
    const { rows, total } = await this.reports.adminPage(status, q, page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /** Publishes these reports (several at once); answers the ids found and their sites. */
  @Post('api/admin/reports/approve')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  approve(@Body() { ids }: ReportIdsDto) {
    return this.reports.setStatus(ids, 'published');
  }

  /** Keeps these reports off the page (they stay in the Rejected list until deleted). */
  @Post('api/admin/reports/reject')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  reject(@Body() { ids }: ReportIdsDto) {
    return this.reports.setStatus(ids, 'rejected');
  }

  /** Shows one photo in its site's gallery (once its report is published). */
  @Post('api/admin/reports/photos/:id/approve')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(photoChanged)
  approvePhoto(@Param('id', photoId) id: number) {
    return this.photos.setStatus(id, 'approved');
  }

  /** Keeps one photo off the site for good (its stored image is deleted unless it is a site's picture). */
  @Post('api/admin/reports/photos/:id/reject')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(photoChanged)
  rejectPhoto(@Param('id', photoId) id: number) {
    return this.photos.setStatus(id, 'rejected');
  }

  /** 'Make this the site's picture': the photo (approved with it) becomes its site's image, on its cards and page. */
  @Post('api/admin/reports/photos/:id/site-picture')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(sitePictureChanged)
  sitePicture(@Param('id', photoId) id: number) {
    return this.photos.makeSitePicture(id);
  }

  @Post('api/admin/reports/delete')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  remove(@Body() { ids }: ReportIdsDto) {
    return this.reports.remove(ids);
  }
}
