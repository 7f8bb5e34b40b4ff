import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import passport from 'passport';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { sessionCookieName } from './admin-session';
import { originCheck } from './origin-check.middleware';

/**
 * Generous on purpose: the store drops rows this long after the last request. The real limits (30
 * minutes idle, 1 hour of content editing) are checked by AdminGuard against the injectable clock.
 */
const COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

type StoreCallback = (error?: unknown) => void;
interface PgStoreInternals {
  quotedTable(): string;
  query(sql: string, params: unknown[], callback: StoreCallback): void;
}

/**
 * connect-pg-simple's store, except that a signed-in session, once deleted (sign-out, expiry), is never
 * written back. Without this, a request still in flight when the administrator signs out would save its
 * copy of the session as it ends (express-session saves a modified session, and the store's save is an
 * upsert), bringing the signed-out session back. Sign-in and refresh mark the new session `fresh` so
 * that its first save may create the row; every later save of a signed-in session only updates one.
 */
function adminSessionStore(PgStore: typeof connectPgSimple.PGStore, options: connectPgSimple.PGStoreOptions): connectPgSimple.PGStore {
  class AdminSessionStore extends PgStore {
    override set(sid: string, data: SessionData, callback?: StoreCallback): void {
      const admin = data.admin;
      if (!admin || admin.fresh) {
        if (admin) delete admin.fresh;
        super.set(sid, data, callback);
        return;
      }
      const internals = this as unknown as PgStoreInternals;
      const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Date.now() + COOKIE_MAX_AGE_MS;
      internals.query(
        `UPDATE ${internals.quotedTable()} SET sess = $1, expire = to_timestamp($2) WHERE sid = $3`,
        [data, Math.ceil(expires / 1000), sid],
        (error) => callback?.(error),
      );
    }
  }
  return new AdminSessionStore(options);
}

/** Admin pages and answers are neither cached nor indexed, the 401s and 403s included. */
const adminNoStore: RequestHandler = (request, response, next) => {
  if (/^\/(api\/)?admin(\/|$)/.test(request.path)) {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex');
  }
  next();
};

/**
 * The session layer, in the order configureApp mounts it: admin headers, the origin check, the
 * PostgreSQL-backed express-session (the `session` table of the initial migration, on TypeORM's
 * own pool), then passport.
 */
@Injectable()
export class AdminHttpMiddleware implements OnModuleDestroy {
  private readonly store: connectPgSimple.PGStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.store = adminSessionStore(connectPgSimple(session), {
      pool: (dataSource.driver as PostgresDriver).master,
      tableName: 'session',
      createTableIfMissing: false,
    });
  }

  handlers(): RequestHandler[] {
    const https = this.config.siteUrl.startsWith('https://');
    const name = sessionCookieName(this.config.siteUrl);
    const handlers: RequestHandler[] = [adminNoStore, originCheck(this.config.siteUrl, name)];
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

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}
