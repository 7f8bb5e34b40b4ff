import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, QueryFailedError, Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import type { SubscribeDto } from './dto/subscribe.dto';
import type { UpdateSubscriberDto } from './dto/update-subscriber.dto';
import { Subscriber } from './subscriber.entity';
import { WelcomeMailer } from './welcome-mailer';

export const ALREADY_SUBSCRIBED = 'Email already subscribed';

export interface SubscribeResult {
  subscriber: Subscriber;
  resubscribed: boolean;
  emailSent: boolean;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code === '23505';

@Injectable()
export class NewsletterService {
  constructor(
    @InjectRepository(Subscriber) private readonly subscribers: Repository<Subscriber>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly welcome: WelcomeMailer,
  ) {}

  unsubscribeUrl(subscriber: Subscriber): string {
    return `${this.config.siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(subscriber.unsubscribeToken)}`;
  }

  /** A new subscriber, or a former one subscribing again; each time with fresh consent evidence. */
  async subscribe(dto: SubscribeDto, ip: string): Promise<SubscribeResult> {
    if (dto.website) throw new BadRequestException('Subscription rejected');
    const email = dto.email.toLowerCase();
    const consent = { consentSource: dto.source ?? 'website', consentIp: ip, consentedAt: this.clock.now() };
    const existing = await this.subscribers.findOneBy({ email });
    if (existing?.subscribed) throw new ConflictException(ALREADY_SUBSCRIBED);

    let subscriber: Subscriber;
    try {
      // One statement each, atomic by itself: no BEGIN and COMMIT around it.
      subscriber = existing
        ? await this.subscribers.save(Object.assign(existing, consent, { subscribed: true, unsubscribedAt: null }), { transaction: false })
        : await this.subscribers.save(this.subscribers.create({ email, subscribed: true, unsubscribeToken: newToken(), ...consent }), { transaction: false });
    } catch (error) {
      // Two sign-ups for one address at the same moment: the second loses on the unique index.
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_SUBSCRIBED);
      throw error;
    }
    const emailSent = await this.welcome.send(subscriber, this.unsubscribeUrl(subscriber));
    return { subscriber, resubscribed: !!existing, emailSent };
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

  list(): Promise<Subscriber[]> {
    return this.subscribers.find({ order: { createdAt: 'DESC', id: 'DESC' } });
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
