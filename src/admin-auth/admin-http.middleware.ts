import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { RequestHandler } from 'express';
import session from 'express-session';
import passport from 'passport';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { adminAreaHeaders } from './admin-headers';
import { sessionCookieName } from './admin-session';
import { originCheck } from './origin-check.middleware';
import { PgSessionStore } from './pg-session-store';

/**
 * Generous on purpose: the store drops rows this long after the last request. The real limits (30
 * minutes idle, 1 hour of content editing) are checked by AdminGuard against the injectable clock.
 */
const COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/**
 * The session layer, in the order configureApp mounts it: admin headers, the origin check, the
 * PostgreSQL-backed express-session (PgSessionStore), then passport.
 */
@Injectable()
export class AdminHttpMiddleware implements OnModuleDestroy {
  private readonly store: PgSessionStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.store = new PgSessionStore(dataSource);
  }

  handlers(): RequestHandler[] {
    const https = this.config.siteUrl.startsWith('https://');
    const name = sessionCookieName(this.config.siteUrl);
    const handlers: RequestHandler[] = [adminAreaHeaders, originCheck(this.config.siteUrl, name)];
    if (https) {
      // An https SITE_URL means TLS ends at a proxy in front. express-session sets a Secure cookie only
      // on a request it believes secure; a proxy that sends no X-Forwarded-Proto would otherwise make
      // sign-in silently fail. A proxy that says http is believed.
      handlers.push((request, _response, next) => {
        request.headers['x-forwarded-proto'] ??= 'https';
        next();
      });
    }
    handlers.push(
      session({
        name,
        secret: this.config.sessionSecret,
        store: this.store,
        resave: false,
        saveUninitialized: false,
        rolling: true,
        proxy: https ? true : undefined,
        cookie: { httpOnly: true, sameSite: 'strict', secure: https, path: '/', maxAge: COOKIE_MAX_AGE_MS },
      }),
      passport.initialize(),
      passport.session(),
    );
    return handlers;
  }

  onModuleDestroy(): void {
    this.store.close();
  }
}
