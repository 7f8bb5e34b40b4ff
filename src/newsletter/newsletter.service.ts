import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, QueryFailedError, Repository } from 'typeorm';
import { likePattern, type Page } from 'src/common/admin-page';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import type { SubscribeDto } from './dto/subscribe.dto';
import type { UpdateSubscriberDto } from './dto/update-subscriber.dto';
import { Subscriber } from './subscriber.entity';
import { unsubscribeUrlFor, WelcomeMailer } from './welcome-mailer';

export const ALREADY_SUBSCRIBED = 'Email already subscribed';

export interface SubscribeResult {
  subscriber: Subscriber;
  resubscribed: boolean;
  /** The welcome email is queued to go over SMTP (false: it will be kept in the outbox, no SMTP_URL). */
  emailSent: boolean;
}

/**
 * A sign-up in one statement: a new address is added; a former subscriber's row is subscribed again with
 * fresh consent evidence (keeping its unsubscribe token); an address subscribed already returns no row.
 * `xmax` is set on a row this statement updated and 0 on one it inserted.
 */
const SIGN_UP_SQL = `
  INSERT INTO "newsletters" ("email", "subscribed", "unsubscribeToken", "consentSource", "consentIp", "consentedAt")
  VALUES ($1, true, $2, $3, $4, $5)
  ON CONFLICT ("email") DO UPDATE SET
    "subscribed" = true,
    "unsubscribedAt" = NULL,
    "consentSource" = EXCLUDED."consentSource",
    "consentIp" = EXCLUDED."consentIp",
    "consentedAt" = EXCLUDED."consentedAt"
  WHERE NOT "newsletters"."subscribed"
  RETURNING *, ("xmax" <> 0) AS "resubscribed"`;

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
  ) {}

  unsubscribeUrl(subscriber: Subscriber): string {
    return unsubscribeUrlFor(this.config.siteUrl, subscriber.unsubscribeToken);
  }

  /**
   * A new subscriber, or a former one subscribing again; each time with fresh consent evidence, and the
   * welcome email queued in the same transaction (the job queue sends it: welcome-mailer.ts).
   */
  async subscribe(dto: SubscribeDto, ip: string): Promise<SubscribeResult> {
    if (dto.website) throw new BadRequestException('Subscription rejected');
    const email = dto.email.toLowerCase();
    let rows: (Subscriber & { resubscribed: boolean })[] = [];
    let emailSent = false;
    try {
      await this.dataSource.transaction(async (manager) => {
        rows = await manager.query(SIGN_UP_SQL, [email, newToken(), dto.source ?? 'website', ip, this.clock.now()]);
        if (rows.length) emailSent = await this.welcome.enqueue(rows[0].id, manager.queryRunner!);
      });
    } catch (error) {
      // A made-up unsubscribe token that another subscriber already has (32 random bytes: in theory only).
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_SUBSCRIBED);
      throw error;
    }
    // No row: the address is subscribed already (also when another sign-up for it won a moment ago).
    if (rows.length === 0) throw new ConflictException(ALREADY_SUBSCRIBED);
    const { resubscribed, ...columns } = rows[0];
    const subscriber = this.subscribers.create(columns);
    return { subscriber, resubscribed, emailSent };
  }

  findByToken(token: string | undefined): Promise<Subscriber | null> {
    if (!token || token.length > 64) return Promise.resolve(null);
    return this.subscribers.findOneBy({ unsubscribeToken: token });
  }

  /** One-click unsubscribe; repeating it changes nothing. Null when the token is unknown. */
  async unsubscribeByToken(token: string | undefined): Promise<Subscriber | null> {
    const subscriber = await this.findByToken(token);
    if (!subscriber || !subscriber.subscribed) return subscriber;
    return this.subscribers.save(Object.assign(subscriber, { subscribed: false, unsubscribedAt: this.clock.now() }));
  }

  /**
   * One page of the subscribers, newest first, optionally those whose address holds `q`; how many match, and
   * how many of all are subscribed (the tab's badges).
   */
  async page(q: string | undefined, slice: { limit: number; offset: number }): Promise<Page<Subscriber> & { active: number }> {
    const query = this.subscribers.createQueryBuilder('subscriber').orderBy('subscriber.createdAt', 'DESC').addOrderBy('subscriber.id', 'DESC');
    if (q) query.where('subscriber.email ILIKE :q', { q: likePattern(q) });
    const [rows, total, active] = await Promise.all([
      query.clone().limit(slice.limit).offset(slice.offset).getMany(),
      query.getCount(),
      this.subscribers.countBy({ subscribed: true }),
    ]);
    return { rows, total, active };
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

function newToken(): string {
  return randomBytes(32).toString('base64url');
}
