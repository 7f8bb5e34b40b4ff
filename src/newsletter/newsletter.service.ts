import { NEWSLETTER_MESSAGES } from 'core/newsletter';
import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, QueryFailedError, Repository } from 'typeorm';
import { keptCounts } from 'src/lists/kept-counts';
import { likePattern, type Page } from 'src/lists/admin-page';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import type { SubscribeDto } from './dto/subscribe.dto';
import type { UpdateSubscriberDto } from './dto/update-subscriber.dto';
import { Subscriber } from './subscriber.entity';
import { CONFIRM_DAYS, ConfirmationMailer } from './confirmation-mailer';
import { unsubscribeUrlFor, WelcomeMailer } from './welcome-mailer';

export const ALREADY_SUBSCRIBED = NEWSLETTER_MESSAGES.alreadySubscribed;

const CONFIRM_MS = CONFIRM_DAYS * 24 * 60 * 60 * 1000;

export interface SubscribeResult {
  subscriber: Pick<Subscriber, 'id' | 'email'>;
  /** The confirmation email is queued to go over SMTP (false: it will be kept in the outbox, no SMTP_URL). */
  emailSent: boolean;
}

/**
 * A sign-up in one statement, as a request the address's owner confirms (double opt-in): a new address is
 * added inactive; a former or waiting subscriber's row gets the request beside its consent record, which
 * stays as it was until the click. The link's secret is kept while it is still valid (every email sent for
 * it works) and the 7 days count from the latest request. An active address returns no row.
 */
const SIGN_UP_SQL = `
  INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "consentIp", "consentedAt",
                             "confirmToken", "confirmRequestedAt", "confirmSource", "confirmIp")
  VALUES ($1, false, $2, $3, $4, $5, $6, $5, $3, $4)
  ON CONFLICT ("email") DO UPDATE SET
    "confirmToken" = CASE WHEN "newsletters"."confirmRequestedAt" > $7 THEN COALESCE("newsletters"."confirmToken", EXCLUDED."confirmToken")
                          ELSE EXCLUDED."confirmToken" END,
    "confirmRequestedAt" = EXCLUDED."confirmRequestedAt",
    "confirmSource" = EXCLUDED."confirmSource",
    "confirmIp" = EXCLUDED."confirmIp"
  WHERE NOT "newsletters"."subscribed"
  RETURNING "id", "email"`;

/**
 * The owner's click: the waiting sign-up becomes the subscription, its request the consent record (the
 * time of the confirmation, the form and address the sign-up came from). Only within the link's 7 days,
 * and only once (the secret is cleared).
 */
const CONFIRM_SQL = `
  UPDATE "newsletters" SET
    "subscribed" = true,
    "unsubscribedAt" = NULL,
    "consentedAt" = $2,
    "confirmedAt" = $2,
    "consentSource" = COALESCE("confirmSource", "consentSource"),
    "consentIp" = "confirmIp",
    "confirmToken" = NULL,
    "confirmRequestedAt" = NULL,
    "confirmSource" = NULL,
    "confirmIp" = NULL
  WHERE "confirmToken" = $1 AND "confirmRequestedAt" > $3 AND NOT "subscribed"
  RETURNING "id", "email"`;

/**
 * One-click unsubscribe in one statement: the token's subscriber (its id and address, for the answer),
 * unsubscribed now if still subscribed (an unsubscribed one keeps the time it left). With `$3`, an issue
 * (UNSUBSCRIBE_NOTED_SQL), that issue's delivery to them notes the unsubscribe, only when this statement
 * is the one that unsubscribed them.
 */
const UNSUBSCRIBE_CTES = `
  WITH "found" AS (
    SELECT "id", "email", "subscribed" FROM "newsletters" WHERE "unsubscribeToken" = $1
  ), "unsubscribed" AS (
    UPDATE "newsletters" SET "subscribed" = false, "unsubscribedAt" = $2
     WHERE "id" IN (SELECT "id" FROM "found" WHERE "subscribed") AND "subscribed"
    RETURNING "id"
  )`;
const UNSUBSCRIBE_SQL = `${UNSUBSCRIBE_CTES}
  SELECT "id", "email" FROM "found"`;
const UNSUBSCRIBE_NOTED_SQL = `${UNSUBSCRIBE_CTES}, "noted" AS (
    UPDATE "newsletter_deliveries" SET "unsubscribedAt" = $2
     WHERE "issueId" = $3 AND "subscriberId" IN (SELECT "id" FROM "unsubscribed") AND "state" = 'sent' AND "unsubscribedAt" IS NULL
  )
  SELECT "id", "email" FROM "found"`;

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code === '23505';

@Injectable()
export class NewsletterService {
  constructor(
    @InjectRepository(Subscriber) private readonly subscribers: Repository<Subscriber>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly welcome: WelcomeMailer,
    private readonly confirmation: ConfirmationMailer,
  ) {}

  unsubscribeUrl(subscriber: Subscriber): string {
    return unsubscribeUrlFor(this.config.siteUrl, subscriber.unsubscribeToken);
  }

  /**
   * A sign-up: the address's row waits, inactive, for its owner to follow the link of the confirmation
   * email, queued in the same transaction (the job queue sends it: confirmation-mailer.ts). An address
   * subscribed already is refused with SPEC's message.
   */
  async subscribe(dto: SubscribeDto, ip: string): Promise<SubscribeResult> {
    if (dto.website) throw new BadRequestException('Subscription rejected');
    const email = dto.email.toLowerCase();
    const now = this.clock.now();
    let rows: Pick<Subscriber, 'id' | 'email'>[] = [];
    let emailSent = false;
    try {
      await this.dataSource.transaction(async (manager) => {
        rows = await manager.query(SIGN_UP_SQL, [email, newToken(), dto.source ?? 'website', ip, now, newToken(), expiredBefore(now)]);
        if (rows.length) emailSent = await this.confirmation.enqueue(rows[0].id, manager.queryRunner!);
      });
    } catch (error) {
      // A made-up token that another subscriber already has (32 random bytes: in theory only).
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_SUBSCRIBED);
      throw error;
    }
    // No row: the address is subscribed already (also when its owner confirmed a moment ago).
    if (rows.length === 0) throw new ConflictException(ALREADY_SUBSCRIBED);
    return { subscriber: rows[0], emailSent };
  }

  /**
   * Follows a confirmation link: the subscriber becomes active and the welcome email is queued, in one
   * transaction. Null when the link is unknown, used already, or older than CONFIRM_DAYS.
   */
  async confirm(token: string | undefined): Promise<Pick<Subscriber, 'id' | 'email'> | null> {
    if (!token || token.length > 64) return null;
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(CONFIRM_SQL, [token, now, expiredBefore(now)])) as [Pick<Subscriber, 'id' | 'email'>[], number];
      if (!rows.length) return null;
      await this.welcome.enqueue(rows[0].id, manager.queryRunner!);
      return rows[0];
    });
  }

  /**
   * Housekeeping: a sign-up never confirmed within CONFIRM_DAYS is deleted; a former subscriber's request
   * that expired is dropped (their row, the record of their consent and its withdrawal, stays).
   * Answers how many rows were deleted.
   */
  async pruneUnconfirmed(): Promise<number> {
    const cutoff = expiredBefore(this.clock.now());
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM "newsletters" WHERE "confirmRequestedAt" <= $1 AND "confirmedAt" IS NULL AND NOT "subscribed"`,
      [cutoff],
    )) as [unknown, number];
    await this.dataSource.query(
      `UPDATE "newsletters" SET "confirmToken" = NULL, "confirmRequestedAt" = NULL, "confirmSource" = NULL, "confirmIp" = NULL
        WHERE "confirmRequestedAt" <= $1`,
      [cutoff],
    );
    return deleted;
  }

  findByToken(token: string | undefined): Promise<Subscriber | null> {
    if (!token || token.length > 64) return Promise.resolve(null);
    return this.subscribers.findOneBy({ unsubscribeToken: token });
  }

  /**
   * One-click unsubscribe; repeating it changes nothing. Null when the token is unknown. Through the link of
   * an issue's email (`issueId`, issue 44 item 6), that delivery notes it: the unsubscribes the issue caused
   * (only a delivery of that issue that was sent to this subscriber; a made-up issue id notes nothing).
   * One statement (UNSUBSCRIBE_SQL), atomic by itself: no transaction, one round trip, a write only when a
   * subscriber was still subscribed (issue 41: these arrive in waves after every issue).
   */
  async unsubscribeByToken(token: string | undefined, issueId: number | null = null): Promise<Pick<Subscriber, 'id' | 'email'> | null> {
    if (!token || token.length > 64) return null;
    const rows: Pick<Subscriber, 'id' | 'email'>[] = await this.dataSource.query(issueId ? UNSUBSCRIBE_NOTED_SQL : UNSUBSCRIBE_SQL, [
      token,
      this.clock.now(),
      ...(issueId ? [issueId] : []),
    ]);
    return rows[0] ?? null;
  }

  /**
   * One page of the subscribers, newest first, optionally those whose address holds `q`; how many match, and
   * how many of all are subscribed (the tab's badges).
   */
  async page(q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<Subscriber> & { active: number }> {
    const query = this.subscribers.createQueryBuilder('subscriber').orderBy('subscriber.createdAt', 'DESC').addOrderBy('subscriber.id', 'DESC');
    if (q) query.where('subscriber.email ILIKE :q', { q: likePattern(q) });
    // The totals from those the database keeps (src/lists/kept-counts.ts), not a count of every subscriber; a search's is counted.
    const [rows, kept, searched] = await Promise.all([
      query.clone().limit(slice.limit).offset(slice.offset).getMany(),
      keptCounts(this.subscribers, ['newsletters', 'newsletters:subscribed']),
      q ? query.getCount() : null,
    ]);
    return { rows, total: searched ?? kept.newsletters, active: kept['newsletters:subscribed'] };
  }

  async update(id: number, dto: UpdateSubscriberDto): Promise<Subscriber> {
    // A null is as good as leaving the field out (both columns are required).
    if (dto.email == null && dto.subscribed == null) {
      throw new BadRequestException('Nothing to update: send email, subscribed or both');
    }
    const subscriber = await this.findOrFail(id);
    if (dto.email != null) {
      const email = dto.email.toLowerCase();
      if (await this.subscribers.existsBy({ email, id: Not(id) })) throw new ConflictException(ALREADY_SUBSCRIBED);
      subscriber.email = email;
    }
    if (dto.subscribed != null && dto.subscribed !== subscriber.subscribed) {
      subscriber.subscribed = dto.subscribed;
      subscriber.unsubscribedAt = dto.subscribed ? null : this.clock.now();
      // The administrator decided: a sign-up waiting for its owner's click waits no longer.
      Object.assign(subscriber, { confirmToken: null, confirmRequestedAt: null, confirmSource: null, confirmIp: null });
    }
    try {
      return await this.subscribers.save(subscriber);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_SUBSCRIBED);
      throw error;
    }
  }

  async remove(id: number): Promise<void> {
    const result = await this.subscribers.delete(id);
    if (!result.affected) throw new NotFoundException('Subscriber not found');
  }

  private async findOrFail(id: number): Promise<Subscriber> {
    const subscriber = await this.subscribers.findOneBy({ id });
    if (!subscriber) throw new NotFoundException('Subscriber not found');
    return subscriber;
  }
}

/** The issue an unsubscribe link names (`?issue=12`), or null. */
export function issueOfUnsubscribe(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** A request made at or before this time has expired. */
function expiredBefore(now: Date): Date {
  return new Date(now.getTime() - CONFIRM_MS);
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}
