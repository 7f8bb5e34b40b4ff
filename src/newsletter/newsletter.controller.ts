import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminPageQueryDto, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { clientIp } from 'src/http/client-ip';
import { idParam } from 'src/validation/id.pipe';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { SubscribeDto } from './dto/subscribe.dto';
import { UpdateSubscriberDto } from './dto/update-subscriber.dto';
import { NewsletterService } from './newsletter.service';
import { toSubscribeResponse, toSubscriberResponse } from './subscriber.response';
// No page shows a subscriber: sign-ups and their management change nothing cached.
import { Invalidates } from 'src/common/cache-tags';

@Controller('api/newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post('subscribe')
  @RateLimit('newsletter')
  @Invalidates()
  async subscribe(@Body() dto: SubscribeDto, @Req() request: Request) {
    return toSubscribeResponse(await this.newsletter.subscribe(dto, clientIp(request)));
  }

  @Get('subscribers')
  @AdminOnly()
  async list(@Query() { q, ...slice }: AdminPageQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    // A page at a time, newest first (src/lists/admin-page.ts); the tab's 'Active' badge reads X-Active-Count.
    const page = adminSlice(slice);
    const { rows, total, active } = await this.newsletter.page(q, page);
    sendPageHeaders(request, response, total, page);
    response.setHeader('X-Active-Count', String(active));
    return rows.map(toSubscriberResponse);
  }

  @Patch('subscribers/:id')
  @AdminOnly()
  @Invalidates()
  async update(@Param('id', idParam('Subscriber id')) id: number, @Body() dto: UpdateSubscriberDto) {
    return toSubscriberResponse(await this.newsletter.update(id, dto));
  }

  @Delete('subscribers/:id')
  @AdminOnly()
  @Invalidates()
  @HttpCode(204)
  async remove(@Param('id', idParam('Subscriber id')) id: number): Promise<void> {
    await this.newsletter.remove(id);
  }
}
