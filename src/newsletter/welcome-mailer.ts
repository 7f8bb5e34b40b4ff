import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { QueryRunner, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { GuideService } from 'src/guide/guide.service';
import { JobQueue, type JobInfo } from 'src/job-queue/job-queue.service';
import { MailService } from 'src/mail/mail.service';
import { UNSUBSCRIBE_MARK, type MailTemplate } from 'src/mail/mail-template';
import { Subscriber } from './subscriber.entity';
import { defineSubscriberMail, deliverOrKeep, enqueueSubscriberMail } from './subscriber-mail';
import { welcomeEmail } from './welcome-email';

/** A subscriber's one-click unsubscribe link. */
export function unsubscribeUrlFor(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The queue of welcome emails: `{ subscriberId }`, one job per sign-up. */
export const WELCOME_QUEUE = 'mail-welcome';

/**
 * Welcome emails a process sends side by side (through the SMTP pool), and so starts a second: a burst of
 * sign-ups is welcomed within seconds, not at one a second.
 */
const WELCOME_BATCH = 25;

/**
 * The welcome email with the free PDF guide attached, sent through the job queue: the sign-up adds the job
 * in the transaction that subscribes the address (both or neither), and a worker sends it over SMTP (or
 * keeps it in the outbox without SMTP_URL). A temporary SMTP failure is retried with a backoff; a
 * permanent one (5xx), or the last retry's failure, keeps the message in the outbox for an operator. The
 * job completes once the server accepted the message: a process that dies in the instant between the two
 * sends it again on the retry (the same window as a newsletter issue's, see IssueSender).
 */
@Injectable()
export class WelcomeMailer implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');
  /** The email composed once (with its PDF part encoded once); each subscriber's copy is made from it. */
  private template: Promise<MailTemplate> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Subscriber) private readonly subscribers: Repository<Subscriber>,
    private readonly guides: GuideService,
    private readonly mail: MailService,
    private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    defineSubscriberMail(this.queue, WELCOME_QUEUE, WELCOME_BATCH, (subscriberId, info) => this.deliver(subscriberId, info));
  }

  /** Queues the welcome email, inside `runner`'s open transaction. Answers whether it will go over SMTP. */
  enqueue(subscriberId: number, runner: QueryRunner): Promise<boolean> {
    return enqueueSubscriberMail(this.queue, this.mail, WELCOME_QUEUE, subscriberId, runner);
  }

  /** The job: the email to the subscriber, if they are still subscribed. */
  async deliver(subscriberId: number, info: JobInfo): Promise<void> {
    const subscriber = await this.subscribers.findOneBy({ id: subscriberId });
    if (!subscriber?.subscribed) return;
    const unsubscribeUrl = unsubscribeUrlFor(this.config.siteUrl, subscriber.unsubscribeToken);
    const raw = await (await this.composed()).fill({ to: subscriber.email, unsubscribeUrl });
    await deliverOrKeep(this.mail, this.logger, 'Welcome email', { subscriberId, to: subscriber.email, raw }, info);
  }

  private composed(): Promise<MailTemplate> {
    this.template ??= (async () => {
      const content = welcomeEmail({
        siteName: this.config.siteName,
        siteUrl: this.config.siteUrl,
        guide: this.guides.guide(),
        guideUrl: this.guides.url,
        unsubscribeUrl: UNSUBSCRIBE_MARK,
      });
      return this.mail.template({
        ...content,
        listUnsubscribe: true,
        attachments: [{ filename: this.guides.filename, content: await this.guides.file(), contentType: 'application/pdf' }],
      });
    })().catch((error: unknown) => {
      this.template = null;
      throw error;
    });
    return this.template;
  }
}
