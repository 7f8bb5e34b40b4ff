import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { clientIp } from 'src/common/client-ip';
import { idParam } from 'src/common/id.pipe';
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
  async list() {
    return (await this.newsletter.list()).map(toSubscriberResponse);
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
