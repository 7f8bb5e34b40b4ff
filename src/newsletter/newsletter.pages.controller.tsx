import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Html } from 'src/common/html.decorator';
import { GuideService } from 'src/guide/guide.service';
import { RenderService } from 'src/render/render.service';
import { NewsletterPage, meta } from 'views/pages/newsletter/NewsletterPage';
import { UnsubscribePage } from 'views/pages/newsletter/UnsubscribePage';
import { NewsletterService } from './newsletter.service';
import { CacheTags } from 'src/common/cache-tags';

@CacheTags()
@Controller('newsletter')
export class NewsletterPagesController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly guides: GuideService,
    private readonly render: RenderService,
  ) {}

  @Get()
  @Html()
  page(): string {
    const guide = this.guides.guide();
    return this.render.page(
      { ...meta, path: '/newsletter' },
      <NewsletterPage guideTitle={guide.title} guideSubtitle={guide.subtitle} itemNames={guide.items.map((item) => item.name)} />,
    );
  }

  /** The visible link in every email: one click unsubscribes and confirms. */
  @Get('unsubscribe')
  @Html()
  @Header('Cache-Control', 'no-store')
  // The token is in the address: never send it on to another site.
  @Header('Referrer-Policy', 'no-referrer')
  async unsubscribeLink(@Query('token') token: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    return this.unsubscribe(token, response);
  }

  /** RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), sent by mail programs without a visit. */
  @Post('unsubscribe')
  @HttpCode(200)
  @Html()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async unsubscribeOneClick(@Query('token') token: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    return this.unsubscribe(token, response);
  }

  private async unsubscribe(token: unknown, response: Response): Promise<string> {
    const subscriber = await this.newsletter.unsubscribeByToken(typeof token === 'string' ? token : undefined);
    if (!subscriber) response.status(404);
    return this.render.page(
      {
        title: subscriber ? 'Unsubscribed' : 'Unsubscribe link not valid',
        description: 'Newsletter unsubscribe',
        path: '/newsletter/unsubscribe',
        noindex: true,
      },
      <UnsubscribePage email={subscriber?.email ?? null} />,
    );
  }
}
