import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CORRECTION_TEXT } from 'core/dive-sites/corrections';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { diveSiteChanged, Invalidates } from 'src/common/cache-tags';
import { clientIp } from 'src/http/client-ip';
import { idParam } from 'src/validation/id.pipe';
import { toDiveSiteResponse } from 'src/dive-sites/dive-site.response';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { CorrectionsService } from './corrections.service';
import { AcceptCorrectionDto } from './dto/accept-correction.dto';
import { CreateCorrectionDto } from './dto/create-correction.dto';

/** Issue 30: a visitor suggests a correction of a site's fact with its source; the administrator accepts or rejects it. */
@Controller()
export class CorrectionsController {
  constructor(private readonly corrections: CorrectionsService) {}

  @PublicForm('api/dive-sites/:id/corrections', 'forms/dive-sites/:id/corrections')
  @RateLimit('correction')
  @Invalidates()
  async create(@Param('id', idParam('Dive site id')) siteId: number, @Body() dto: CreateCorrectionDto, @Req() request: Request) {
    await this.corrections.create(siteId, dto, clientIp(request));
    return { message: CORRECTION_TEXT.thanks };
  }

  @Get('api/admin/corrections')
  @AdminOnly()
  async queue(@Query() slice: ListSliceQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = adminSlice(slice);
    const { rows, total } = await this.corrections.page(page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /** Accepts it: the site's field takes the suggestion and its sources the source; answers the site as the API gives it. */
  @Post('api/admin/corrections/:id/accept')
  @AdminOnly()
  @HttpCode(200)
  // The site's tags (its id from the answer: the route's id is the correction's).
  @Invalidates((_request, result) => diveSiteChanged({ params: {} } as unknown as Request, result))
  async accept(@Param('id', idParam('Correction id')) id: number, @Body() choice: AcceptCorrectionDto) {
    const { site, revisionId } = await this.corrections.accept(id, choice);
    // The site as the API gives it, and the revision that undoes this change (POST .../undo).
    return { ...toDiveSiteResponse(site), revisionId };
  }

  /** Undoes an accepted correction: the field takes back its value from before (issue 44). */
  @Post('api/admin/site-field-revisions/:id/undo')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates((_request, result) => diveSiteChanged({ params: {} } as unknown as Request, result))
  async undo(@Param('id', idParam('Change id')) id: number) {
    return toDiveSiteResponse(await this.corrections.undo(id));
  }

  @Delete('api/admin/corrections/:id')
  @AdminOnly()
  // A rejected suggestion changed nothing public.
  @Invalidates()
  @HttpCode(204)
  async reject(@Param('id', idParam('Correction id')) id: number): Promise<void> {
    await this.corrections.reject(id);
  }
}
