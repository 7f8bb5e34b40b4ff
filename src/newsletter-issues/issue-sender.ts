import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, type PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { Tag } from 'src/common/cache-tags';
import { ReaderTraffic } from 'src/http/reader-traffic';
import { isPermanentFailure, MailService } from 'src/mail/mail.service';
import { SMTP_CONNECTIONS } from 'src/mail/mail-transport';
import { PageCacheService } from 'src/page-cache/page-cache.service';
import { IssueRenderer, type PreparedIssue } from './issue-renderer';

/** Messages in flight at once: one database connection each, a few more than SMTP connections so one always waits. */
export const LANES = SMTP_CONNECTIONS + 3;
/** Deliveries read ahead (without locks) at a time. */
const READ_AHEAD = 500;
/** A temporary failure is tried this many times in all before the delivery is marked failed. */
export const MAX_ATTEMPTS = 5;
/** The wait after the first temporary failure, doubled after each further one. */
export const RETRY_BASE_MS = 2_000;
/** A job sends for this long at most, then hands the rest of the issue to a new job. */
const JOB_BUDGET_MS = 20_000;

interface Candidate {
  id: string;
  attempts: number;
}

export interface SendOutcome {
  /** What is left to send: 'none', or the time the earliest queued delivery is due. */
  next: Date | null;
}

/** An SMTP answer as kept in the report: code and text, short. */
function smtpAnswer(error: unknown): string {
  const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * Sends an issue's queued deliveries. One sender per issue at a time across processes (an advisory lock
 * held while it sends). Each message is sent while its delivery row is locked in an open transaction
 * (FOR UPDATE), with its subscriber's row read FOR SHARE in the same statement: an unsubscribe that
 * committed first is seen, and one that comes while the message is in flight waits the milliseconds until
 * the server answered. The row is marked sent in that transaction once the SMTP server accepted the message.
 * LANES messages are in flight at once, handed to the pooled SMTP transport; the issue is composed once
 * (MailTemplate) and each copy made from it; a lane ends one message's transaction in the round trip that
 * begins the next, so a message costs one round trip to the database, one conversation with the SMTP
 * server, and little CPU.
 *
 * The guarantee, stated honestly: a delivery marked sent is never sent again, and none is skipped: one
 * not accepted (a refusal, no answer, a process killed while it waited) is sent again. The one window is a
 * message the server accepted in the instant before the process died, before its commit (the lane's next
 * round trip): at most one message a lane (LANES in all) is sent again after the restart, carrying the
 * same Message-ID (issue and delivery), which mail programs use to drop a repeat. The commit does not wait for the disk (synchronous_commit off): should
 * PostgreSQL itself crash, the marks of its last fraction of a second are lost and those messages resent.
 *
 * The connections are a small pool of the sender's own, opened when a send starts: the pages keep the
 * server's pool.
 */
@Injectable()
export class IssueSender implements OnModuleDestroy {
  private readonly logger = new Logger('Newsletter');
  private pool: Pool | null = null;
  private stopping = false;
  /** The earliest time the next message may leave (NEWSLETTER_RATE, counted across all lanes). */
  private nextSlot = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly renderer: IssueRenderer,
    private readonly pageCache: PageCacheService,
    private readonly readers: ReaderTraffic,
  ) {}

  private db(): Pool {
    if (!this.pool) {
      const options = this.dataSource.options as { url?: string };
      this.pool = new Pool({ connectionString: options.url, max: LANES + 1, idleTimeoutMillis: 30_000, application_name: 'newsletter-sender' });
      this.pool.on('error', (error) => this.logger.warn(`newsletter sender connection: ${error.message}`));
    }
    return this.pool;
  }

  /** Sends what is due of the issue for up to JOB_BUDGET_MS; says what is left. */
  async send(issueId: number): Promise<SendOutcome> {
    const pool = this.db();
    // One sender per issue at a time, across processes: the rate holds, and a second job for it ends here.
    const owner = await pool.connect();
    try {
      const [{ locked }] = (await owner.query('SELECT pg_try_advisory_lock($1, $2) AS locked', [0x6e6c, issueId])).rows;
      if (!locked) return { next: null };
      try {
        const prepared = await this.renderer.prepare(issueId);
        if (prepared) await this.sendDue(pool, issueId, prepared);
        return { next: await this.finishOrNext(owner, issueId) };
      } finally {
        await owner.query('SELECT pg_advisory_unlock($1, $2)', [0x6e6c, issueId]).catch(() => undefined);
      }
    } finally {
      owner.release();
    }
  }

  private async sendDue(pool: Pool, issueId: number, prepared: PreparedIssue): Promise<void> {
    const until = Date.now() + JOB_BUDGET_MS;
    let after = '0';
    while (!this.stopping && Date.now() < until) {
      // Read ahead (no locks): the next due deliveries in order; each is locked and checked on its turn.
      const { rows } = await pool.query<Candidate>(
        `SELECT d."id", d."attempts" FROM "newsletter_deliveries" d
          WHERE d."issueId" = $1 AND d."state" = 'queued' AND d."nextAttemptAt" <= now() AND d."id" > $2
          ORDER BY d."id" LIMIT $3`,
        [issueId, after, READ_AHEAD],
      );
      if (!rows.length) return;
      after = rows[rows.length - 1].id;
      let index = 0;
      const lane = async () => {
        const client = await pool.connect();
        // What ends the lane's last message (its mark and COMMIT), sent with the next message's lock.
        let ending = '';
        try {
          while (!this.stopping && index < rows.length && Date.now() < until) {
            const row = rows[index++];
            try {
              ending = await this.sendOne(client, prepared, row, ending);
            } catch (error) {
              ending = '';
              await client.query('ROLLBACK').catch(() => undefined);
              this.logger.warn(`newsletter delivery ${row.id}: ${(error as Error).message}`);
            }
          }
          if (ending) await client.query(ending);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          this.logger.warn(`newsletter issue ${issueId}: ${(error as Error).message}`);
        } finally {
          client.release();
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
    }
  }

  /**
   * One message: lock the row and check the subscriber (in the round trip that ends the lane's previous
   * message, `ending`), send, record a failure at once; answers what ends this one (its mark and COMMIT),
   * for the lane to send with its next lock, so a message costs one round trip to the database.
   */
  private async sendOne(client: PoolClient, prepared: PreparedIssue, row: Candidate, ending: string): Promise<string> {
    const id = Number(row.id);
    // The id is the database's own bigint, written in as a number: the statements go as one simple query.
    const results = (await client.query(
      `${ending}BEGIN; SET LOCAL synchronous_commit = off;
       SELECT n."subscribed", n."email", n."unsubscribeToken" FROM "newsletter_deliveries" d JOIN "newsletters" n ON n."id" = d."subscriberId"
        WHERE d."id" = ${id} AND d."state" = 'queued' FOR UPDATE OF d FOR SHARE OF n`,
    )) as unknown as { rows: { subscribed: boolean; email: string; unsubscribeToken: string }[] }[];
    const [subscriber] = results[results.length - 1].rows;
    if (!subscriber?.subscribed) {
      // Unsubscribed, or deleted (no row: its delivery lost its subscriber), or done meanwhile: nothing to send.
      return `UPDATE "newsletter_deliveries" SET "state" = 'skipped', "doneAt" = now() WHERE "id" = ${id} AND "state" = 'queued'; COMMIT; `;
    }
    let error: unknown = null;
    try {
      const copy = await this.renderer.copyFor(prepared, row.id, subscriber.email, subscriber.unsubscribeToken);
      await this.waitForSlot();
      await this.mail.deliverComposed(copy);
    } catch (failure) {
      error = failure;
    }
    if (!error) return `UPDATE "newsletter_deliveries" SET "state" = 'sent', "attempts" = "attempts" + 1, "doneAt" = now() WHERE "id" = ${id}; COMMIT; `;
    const attempts = row.attempts + 1;
    if (isPermanentFailure(error) || attempts >= MAX_ATTEMPTS) {
      await client.query(`UPDATE "newsletter_deliveries" SET "state" = 'failed', "attempts" = $2, "lastError" = $3, "doneAt" = now() WHERE "id" = $1`, [
        id,
        attempts,
        smtpAnswer(error),
      ]);
    } else {
      await client.query(
        `UPDATE "newsletter_deliveries" SET "attempts" = $2, "lastError" = $3, "nextAttemptAt" = now() + ($4::int * interval '1 millisecond') WHERE "id" = $1`,
        [id, attempts, smtpAnswer(error), RETRY_BASE_MS * 2 ** (attempts - 1)],
      );
    }
    await client.query('COMMIT');
    return '';
  }

  /**
   * NEWSLETTER_RATE: each message takes the next slot, 1/rate seconds after the one before. While readers
   * keep the process busy, at most NEWSLETTER_BUSY_RATE: the send gives them the machine, and takes it back
   * the second they are gone.
   */
  private async waitForSlot(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(this.nextSlot, now);
    const rate = this.readers.busy(now) ? Math.min(this.config.newsletterRate, this.config.newsletterBusyRate) : this.config.newsletterRate;
    this.nextSlot = slot + 1000 / rate;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  /** Marks the issue sent when nothing is queued; else says when the earliest queued delivery is due. */
  private async finishOrNext(client: PoolClient, issueId: number): Promise<Date | null> {
    const { rows } = await client.query<{ next: Date | null }>(
      `SELECT min("nextAttemptAt") AS "next" FROM "newsletter_deliveries" WHERE "issueId" = $1 AND "state" = 'queued'`,
      [issueId],
    );
    if (rows[0].next) return rows[0].next;
    const done = await client.query(
      `UPDATE "newsletter_issues" SET "status" = 'sent', "sentAt" = now(), "updatedAt" = now() WHERE "id" = $1 AND "status" = 'sending'
         AND NOT EXISTS (SELECT 1 FROM "newsletter_deliveries" WHERE "issueId" = $1 AND "state" = 'queued')`,
      [issueId],
    );
    // Now in the web archive: its pages and the sitemap are dropped in every process.
    if (done.rowCount) await this.pageCache.invalidate([Tag.newsletterIssues, Tag.sitemap]).catch(() => undefined);
    return null;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }
}
