import { Logger } from '@nestjs/common';
import { Store, type SessionData } from 'express-session';
import type { DataSource } from 'typeorm';

type Callback = (error?: unknown) => void;

/** Rows past their expiry are deleted this often; reads already ignore them. */
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/** A session without a cookie expiry (none here, the cookie has a maxAge) is kept a day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

const epochSeconds = (ms: number): number => Math.ceil(ms / 1000);

function expiresAt(data: SessionData): number {
  return epochSeconds(data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Date.now() + DEFAULT_TTL_MS);
}

/**
 * express-session reads a store's error with code ENOENT as "no such session" (a file store's habit), and
 * a Unix socket whose file is gone (PostgreSQL stopped) fails with that code: passed on as it is, the
 * administrator would get 401 during an outage instead of 503. So it goes on wrapped (the cause kept).
 */
function storeError(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code !== 'ENOENT') return error ?? new Error('session store query failed');
  return new Error(`session store: ${(error as Error).message}`, { cause: error });
}

function settle<T>(work: Promise<T>, callback: ((error: unknown, value?: T) => void) | undefined): void {
  work.then(
    (value) => callback?.(null, value),
    (error: unknown) => callback?.(storeError(error)),
  );
}

/**
 * express-session's Store over the `session` table (migrations, src/database/session.entity.ts), on
 * TypeORM's pool. One rule a generic store cannot have: a signed-in session, once deleted (sign-out,
 * expiry), is never written back. Without it, a request still in flight when the administrator signs
 * out would save its copy of the session as it ends (express-session saves a modified session), bringing
 * the signed-out session back. Sign-in and refresh mark the new session `fresh`, so its first save may
 * create the row; every later save of a signed-in session only updates one that still exists.
 */
export class PgSessionStore extends Store {
  private readonly logger = new Logger('SessionStore');
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS).unref();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    settle(
      this.dataSource
        .query<{ sess: SessionData }[]>('SELECT sess FROM "session" WHERE sid = $1 AND expire >= to_timestamp($2)', [sid, epochSeconds(Date.now())])
        .then((rows) => rows[0]?.sess ?? null),
      callback,
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    const admin = data.admin;
    const mayCreate = !admin || admin.fresh;
    if (admin) delete admin.fresh;
    const sql = mayCreate
      ? 'INSERT INTO "session" (sid, sess, expire) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (sid) DO UPDATE SET sess = $2, expire = to_timestamp($3)'
      : 'UPDATE "session" SET sess = $2, expire = to_timestamp($3) WHERE sid = $1';
    settle(this.dataSource.query(sql, [sid, JSON.stringify(data), expiresAt(data)]), callback);
  }

  /** express-session's rolling expiry for a request that changed nothing: only the row's expiry moves. */
  override touch(sid: string, data: SessionData, callback?: Callback): void {
    settle(this.dataSource.query('UPDATE "session" SET expire = to_timestamp($2) WHERE sid = $1', [sid, expiresAt(data)]), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.dataSource.query('DELETE FROM "session" WHERE sid = $1', [sid]), callback);
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }

  private async prune(): Promise<void> {
    try {
      await this.dataSource.query('DELETE FROM "session" WHERE expire < to_timestamp($1)', [epochSeconds(Date.now())]);
    } catch (error) {
      this.logger.warn(`Expired sessions were not pruned: ${(error as Error).message}`);
    }
  }
}
