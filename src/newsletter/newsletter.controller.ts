import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req, Res } from '@nestjs/common';
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

@Controller()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  // Sign-up from the island (JSON) or posted without JavaScript (a 303 back to the page).
  @PublicForm('api/newsletter/subscribe', 'forms/newsletter', ({ guideUrl }) => ({ guideUrl }))
  @RateLimit('newsletter')
  @Invalidates()
  async subscribe(@Body() dto: SubscribeDto, @Req() request: Request) {
    return toSubscribeResponse(await this.newsletter.subscribe(dto, clientIp(request)));
  }

  @Get('api/newsletter/subscribers')
  @AdminOnly()
  async list(@Query() { q, ...slice }: AdminPageQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    // A page at a time, newest first (src/lists/admin-page.ts); the tab's 'Active' badge reads X-Active-Count.
    const page = adminSlice(slice);
    const { rows, total, active } = await this.newsletter.page(q, page);
    sendPageHeaders(request, response, total, page);
    response.setHeader('X-Active-Count', String(active));
    return rows.map(toSubscriberResponse);
  }

  @Patch('api/newsletter/subscribers/:id')
  @AdminOnly()
  @Invalidates()
  async update(@Param('id', idParam('Subscriber id')) id: number, @Body() dto: UpdateSubscriberDto) {
    return toSubscriberResponse(await this.newsletter.update(id, dto));
  }

  @Delete('api/newsletter/subscribers/:id')
  @AdminOnly()
  @Invalidates()
  @HttpCode(204)
  async remove(@Param('id', idParam('Subscriber id')) id: number): Promise<void> {
    await this.newsletter.remove(id);
  }
}
