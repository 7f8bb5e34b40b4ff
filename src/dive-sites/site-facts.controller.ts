import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AdminNotice, CheckQueueRow, SiteCheck } from 'core/dive-sites/provenance';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { diveSiteChanged, Invalidates, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { MarkCheckedDto, NoticeWriteDto } from './dto/site-facts.dto';
import { SiteFactsService } from './site-facts.service';

/** A notice shows on its sites' pages, cards and map popups, and on their region's page: every dive-site answer. */
const NOTICE_TAGS = [Tag.diveSites];

/** Issue 43: the administrator's notices, 'needs checking' queue and 'Mark checked'. */
@Controller('api/admin')
export class SiteFactsController {
  constructor(private readonly facts: SiteFactsService) {}

  @Get('notices')
  @AdminOnly()
  notices(): Promise<AdminNotice[]> {
    return this.facts.listNotices();
  }

  @Post('notices')
  @AdminOnly()
  @Invalidates(...NOTICE_TAGS)
  createNotice(@Body() dto: NoticeWriteDto): Promise<AdminNotice> {
    return this.facts.createNotice(dto);
  }

  @Put('notices/:id')
  @AdminOnly()
  @Invalidates(...NOTICE_TAGS)
  updateNotice(@Param('id', idParam('Notice id')) id: number, @Body() dto: NoticeWriteDto): Promise<AdminNotice> {
    return this.facts.updateNotice(id, dto);
  }

  /** Ends it (in force until yesterday); a notice that had not begun is removed. */
  @Post('notices/:id/end')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(...NOTICE_TAGS)
  async endNotice(@Param('id', idParam('Notice id')) id: number): Promise<{ notice: AdminNotice | null }> {
    return { notice: await this.facts.endNotice(id) };
  }

  /** 'Needs checking': never checked first, then the oldest checks (SiteFactsService.queue). */
  @Get('dive-site-checks')
  @AdminOnly()
  async queue(@Query() slice: ListSliceQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<CheckQueueRow[]> {
    const page = adminSlice(slice);
    const { rows, total } = await this.facts.queue(page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /** 'Mark checked': the day, what was checked and against which sources. */
  @Post('dive-sites/:id/checks')
  @AdminOnly()
  @Invalidates(diveSiteChanged)
  markChecked(@Param('id', idParam('Dive site id')) id: number, @Body() dto: MarkCheckedDto): Promise<SiteCheck> {
    return this.facts.markChecked(id, dto);
  }
}
