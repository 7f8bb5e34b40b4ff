import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { AdminOnly } from './admin-only.decorator';
import { sessionCookieName } from 'src/http/cookies';
import { AdminSessionService } from './admin-session.service';
import { LocalAuthGuard } from './local-auth.guard';
import { Invalidates } from 'src/common/cache-tags';

// Signing in or out changes no page.
@Invalidates()
@Controller('api/admin')
export class AdminAuthController {
  constructor(
    private readonly sessions: AdminSessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Body {password}. The attempt is counted first against the client's own limit (RateLimitGuard is
   * global), then passport checks the password; only a wrong one counts against the site-wide cap.
   */
  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  @UseGuards(LocalAuthGuard)
  async login(@Req() request: Request) {
    return { success: true, ...(await this.sessions.started(request)) };
  }

  /** Polled by the dashboard: 200 with the time left, or 401; polling does not keep the session alive. */
  @Get('session')
  @AdminOnly({ passive: true })
  session(@Req() request: Request) {
    return { authenticated: true, ...this.sessions.status(request) };
  }

  @Post('refresh-session')
  @HttpCode(200)
  @AdminOnly({ action: 'session_refresh', writesContent: false })
  async refresh(@Req() request: Request) {
    return { success: true, ...(await this.sessions.refresh(request)) };
  }

  /** Answers 200 with or without a session, so signing out twice is harmless. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.sessions.end(request);
    this.clearCookie(response);
    return { success: true };
  }

  /** 'Sign out everywhere': ends every session, this one and any other browser's (a stolen cookie's too). */
  @Post('logout-everywhere')
  @HttpCode(200)
  @AdminOnly({ audited: false, writesContent: false })
  async logoutEverywhere(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.sessions.endEverywhere(request);
    this.clearCookie(response);
    return { success: true };
  }

  private clearCookie(response: Response): void {
    const secure = this.config.siteUrl.startsWith('https://');
    response.clearCookie(sessionCookieName(this.config.siteUrl), { path: '/', httpOnly: true, sameSite: 'strict', secure });
  }
}
