import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientIp } from 'src/http/client-ip';
import { hasCookie, sessionCookieName } from 'src/http/cookies';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { isCountable } from 'src/insights/counting';
import { IssueClicksService } from './issue-clicks.service';

/**
 * `/r/{issueId}/{linkId}`: a link of a newsletter issue's email followed (issue 44 item 6). Counts the
 * click by the Insights rules (no bots, prefetches or HEAD, not the signed-in administrator, a reader's
 * repeats within a minute once) and answers 302 to that link; a pair the issue's email did not carry is
 * 404, never a redirect elsewhere. Never cached, never indexed.
 */
@Controller('r')
export class IssueLinksController {
  private readonly sessionCookie: string;

  constructor(
    private readonly clicks: IssueClicksService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sessionCookie = sessionCookieName(config.siteUrl);
  }

  @Get(':issue/:link')
  @ApiExcludeEndpoint()
  async follow(@Param('issue') issue: string, @Param('link') link: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const { linkId, location } = await this.clicks.destination(issue, link);
    if (isCountable(request.method, request.headers) && !hasCookie(request.headers.cookie, this.sessionCookie)) {
      // A count that fails must not keep the reader from the page.
      await this.clicks.count(linkId, clientIp(request)).catch(() => undefined);
    }
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    response.redirect(302, location);
  }
}
