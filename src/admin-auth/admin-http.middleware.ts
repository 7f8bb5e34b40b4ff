import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Router, type RequestHandler } from 'express';
import session from 'express-session';
import passport from 'passport';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { hasCookie, sessionCookieName } from 'src/http/cookies';
import { PgSessionStore } from './pg-session-store';

/**
 * Generous on purpose: the store drops rows this long after the last request. The real limits (30
 * minutes idle, 1 hour of content editing) are checked by AdminGuard against the injectable clock.
 */
const COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** SPEC's sign-in call (AdminAuthController's login), the one request that starts a session. */
export const ADMIN_LOGIN_PATH = '/api/admin/login';

/** Whether a path reaches the sign-in route as the router matches it: in any case, with or without a final slash. */
const isSignIn = (path: string) => path.toLowerCase().replace(/\/$/, '') === ADMIN_LOGIN_PATH;

/**
 * The session layer (a stage of src/app.setup.ts, after the admin headers and the origin check): the
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
    const handlers: RequestHandler[] = [];
    if (https) {
      // An https SITE_URL means TLS ends at a proxy in front. express-session sets a Secure cookie only
      // on a request it believes secure; a proxy that sends no X-Forwarded-Proto would otherwise make
      // sign-in silently fail. A proxy that says http is believed.
      handlers.push((request, _response, next) => {
        request.headers['x-forwarded-proto'] ??= 'https';
        next();
      });
    }
    const sessionLayer = Router();
    sessionLayer.use(
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
    // Only where a session can be: a request with the session cookie, or the sign-in that starts one.
    // Without the cookie there is none to read (none is kept before sign-in), so a visitor's pages, form
    // posts and API calls skip the session store and passport; the admin guard refuses them as before.
    handlers.push((request, response, next) => {
      if (hasCookie(request.headers.cookie, name) || (request.method === 'POST' && isSignIn(request.path))) sessionLayer(request, response, next);
      else next();
    });
    return handlers;
  }

  onModuleDestroy(): void {
    this.store.close();
  }
}
