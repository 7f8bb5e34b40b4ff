import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { QueryRunner, Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { JobQueue, type JobInfo } from 'src/job-queue/job-queue.service';
import { MailService } from 'src/mail/mail.service';
import { composeMessage } from 'src/mail/mail-template';
import { confirmationEmail } from './confirmation-email';
import { Subscriber } from './subscriber.entity';
import { defineSubscriberMail, deliverOrKeep, enqueueSubscriberMail } from './subscriber-mail';

/** A sign-up's one-click confirmation link (double opt-in). */
export function confirmUrlFor(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** The queue of confirmation emails: `{ subscriberId }`, one job per sign-up. */
export const CONFIRM_QUEUE = 'mail-confirm';

/** How many days a confirmation link works after the sign-up that sent it; an unconfirmed row is then deleted. */
export const CONFIRM_DAYS = 7;

/**
 * The confirmation email of a sign-up, sent through the job queue like the welcome email (welcome-mailer.ts):
 * queued in the sign-up's transaction, retried after a temporary SMTP failure, kept in the outbox after a
 * permanent one or without SMTP_URL. It carries the link the row holds when the job runs, and goes only
 * while the sign-up still waits (not once confirmed, expired or deleted).
 */
@Injectable()
export class ConfirmationMailer implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Subscriber) private readonly subscribers: Repository<Subscriber>,
    private readonly mail: MailService,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    defineSubscriberMail(this.queue, CONFIRM_QUEUE, 25, (subscriberId, info) => this.deliver(subscriberId, info));
  }

  /** Queues the confirmation email, inside `runner`'s open transaction. Answers whether it will go over SMTP. */
  enqueue(subscriberId: number, runner: QueryRunner): Promise<boolean> {
    return enqueueSubscriberMail(this.queue, this.mail, CONFIRM_QUEUE, subscriberId, runner);
  }

  async deliver(subscriberId: number, info: JobInfo): Promise<void> {
    const subscriber = await this.subscribers.findOneBy({ id: subscriberId });
    const expiresAt = (subscriber?.confirmRequestedAt?.getTime() ?? 0) + CONFIRM_DAYS * 24 * 60 * 60 * 1000;
    if (!subscriber || subscriber.subscribed || !subscriber.confirmToken || expiresAt <= this.clock.now().getTime()) return;
    const content = confirmationEmail({
      siteName: this.config.siteName,
      siteUrl: this.config.siteUrl,
      confirmUrl: confirmUrlFor(this.config.siteUrl, subscriber.confirmToken),
      days: CONFIRM_DAYS,
    });
    const raw = await composeMessage(this.mail.toMessage({ to: subscriber.email, ...content }));
    await deliverOrKeep(this.mail, this.logger, 'Confirmation email', { subscriberId, to: subscriber.email, raw }, info);
  }
}
