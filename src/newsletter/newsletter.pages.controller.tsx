import { Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FixedBody, sendBody } from 'src/http/fixed-body';
import { Html } from 'src/common/html.decorator';
import { GUIDE_PATH } from 'src/guide/guide-content';
import { GuideService } from 'src/guide/guide.service';
import { RenderService } from 'src/render/render.service';
import { NewsletterPage, meta } from 'views/pages/newsletter/NewsletterPage';
import { ConfirmPage } from 'views/pages/newsletter/ConfirmPage';
import { UnsubscribePage } from 'views/pages/newsletter/UnsubscribePage';
import { issueOfUnsubscribe, NewsletterService } from './newsletter.service';
import type { Subscriber } from './subscriber.entity';
import { CacheTags, Invalidates } from 'src/common/cache-tags';

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

  /**
   * The link of the confirmation email (double opt-in): one click, no JavaScript, and the sign-up is
   * active (the welcome email with the guide follows). Used already, expired or unknown: a 404 page that
   * says so and offers the form again.
   */
  @Get('confirm')
  @Html()
  @Header('Cache-Control', 'no-store')
  // The token is in the address: never send it on to another site.
  @Header('Referrer-Policy', 'no-referrer')
  async confirm(@Query('token') token: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    const subscriber = await this.newsletter.confirm(typeof token === 'string' ? token : undefined);
    if (!subscriber) response.status(404);
    const guide = this.guides.guide();
    return this.render.page(
      {
        title: subscriber ? 'Subscription confirmed' : 'Confirmation link not valid',
        description: 'Newsletter subscription',
        path: '/newsletter/confirm',
        noindex: true,
      },
      <ConfirmPage email={subscriber?.email ?? null} guideTitle={guide.title} guideUrl={GUIDE_PATH} />,
    );
  }

  /**
   * The visible link in every email: a page with the one button that unsubscribes (a POST to this same
   * address), so a mail scanner that opens links unsubscribes nobody. Already unsubscribed: says so.
   */
  @Get('unsubscribe')
  @Html()
  @Header('Cache-Control', 'no-store')
  // The token is in the address: never send it on to another site.
  @Header('Referrer-Policy', 'no-referrer')
  async unsubscribeLink(@Query('token') token: unknown, @Query('issue') issue: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    const key = typeof token === 'string' ? token : undefined;
    const subscriber = await this.newsletter.findByToken(key);
    if (!subscriber || !subscriber.subscribed) {
      const answer = this.answer(subscriber, response);
      return answer instanceof FixedBody ? answer.text : answer;
    }
    // An issue's email names the issue (issue 44 item 6): the button keeps it, so the issue counts the unsubscribe.
    const issueId = issueOfUnsubscribe(issue);
    const action = `/newsletter/unsubscribe?token=${encodeURIComponent(key!)}${issueId ? `&issue=${issueId}` : ''}`;
    return this.render.page(
      { title: 'Unsubscribe', description: 'Newsletter unsubscribe', path: '/newsletter/unsubscribe', noindex: true },
      <UnsubscribePage email={subscriber.email} confirmAction={action} />,
    );
  }

  /**
   * The page's button, and RFC 8058 one-click unsubscribe (List-Unsubscribe-Post: a POST of
   * `List-Unsubscribe=One-Click` to the List-Unsubscribe address), sent by mail programs without a visit.
   */
  @Post('unsubscribe')
  // No page shows who is subscribed.
  @Invalidates()
  @HttpCode(200)
  @Html()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async unsubscribe(@Query('token') token: unknown, @Query('issue') issue: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const subscriber = await this.newsletter.unsubscribeByToken(typeof token === 'string' ? token : undefined, issueOfUnsubscribe(issue));
    // Sent whole (sendBody): the 'not valid' page compressed already, not again for each made-up token; the
    // done page compressed in one call.
    sendBody(request, response, this.answer(subscriber, response));
  }

  /**
   * Unsubscribed (now or before), or the link was not valid (404). Both pages are rendered once and kept
   * (RenderService.fixedPage, pageWithText): only the address changes, and one-click unsubscribes come in
   * waves after every issue, with made-up tokens among them. The 'not valid' page is kept compressed as
   * well (RenderService.fixedBody).
   */
  private answer(subscriber: Pick<Subscriber, 'email'> | null, response: Response): FixedBody | string {
    const meta = { description: 'Newsletter unsubscribe', path: '/newsletter/unsubscribe', noindex: true };
    if (!subscriber) {
      response.status(404);
      return this.render.fixedBody('newsletter/unsubscribe: not valid', { ...meta, title: 'Unsubscribe link not valid' }, () => (
        <UnsubscribePage email={null} />
      ));
    }
    return this.render.pageWithText(
      'newsletter/unsubscribe: done',
      { ...meta, title: 'Unsubscribed' },
      (email) => <UnsubscribePage email={email} />,
      subscriber.email,
    );
  }
}
