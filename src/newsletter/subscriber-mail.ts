import { Inject, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { QueryRunner, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { JobQueue, type JobInfo } from 'src/job-queue/job-queue.service';
import { isPermanentFailure, MailService } from 'src/mail/mail.service';
import { Subscriber } from './subscriber.entity';

/**
 * An email to a subscriber through the job queue (the confirmation and welcome emails): `{ subscriberId }`
 * jobs, queued inside the sign-up's transaction, each retried after a temporary SMTP failure with a
 * backoff, `batchSize` sent side by side. A job reads the subscriber's row when it runs and sends what
 * `compose` makes of it, or nothing where `compose` answers null (the row is gone, or no longer waits for
 * this email). The providers every such mailer needs are injected as properties (Nest's way for a base
 * class), so a mailer's constructor names only its own.
 */
export abstract class SubscriberMailer implements OnModuleInit {
  protected readonly logger = new Logger('Newsletter');
  @Inject(APP_CONFIG) protected readonly config: AppConfig;
  @InjectRepository(Subscriber) protected readonly subscribers: Repository<Subscriber>;
  @Inject(MailService) protected readonly mail: MailService;
  @Inject(JobQueue) private readonly queue: JobQueue;

  /** `queueName` names the queue; `what` names the email in the log ('Welcome email'). */
  protected constructor(
    private readonly queueName: string,
    private readonly batchSize: number,
    private readonly what: string,
  ) {}

  /** The email to `subscriber` as raw bytes, or null when it is not to be sent. */
  protected abstract compose(subscriber: Subscriber): Promise<Buffer | null>;

  onModuleInit(): void {
    this.queue.define<{ subscriberId: number }>(
      this.queueName,
      { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, batchSize: this.batchSize },
      (data, info) => this.deliver(data.subscriberId, info),
    );
  }

  /** Queues the email, inside `runner`'s open transaction. Answers whether it will go over SMTP. */
  async enqueue(subscriberId: number, runner: QueryRunner): Promise<boolean> {
    await this.queue.send(this.queueName, { subscriberId }, {}, runner);
    return this.mail.sends;
  }

  /**
   * The job. A temporary failure is thrown for the queue to retry while retries are left; a permanent one
   * (5xx), or the last retry's, keeps the message in the outbox for an operator and logs it ('Welcome
   * email to subscriber 7 not sent (...); kept as ...').
   */
  async deliver(subscriberId: number, { retriesLeft }: JobInfo): Promise<void> {
    const subscriber = await this.subscribers.findOneBy({ id: subscriberId });
    const raw = subscriber && (await this.compose(subscriber));
    if (!subscriber || !raw) return;
    try {
      await this.mail.deliverComposed({ to: subscriber.email, raw });
    } catch (error) {
      const message = (error as Error).message;
      if (!isPermanentFailure(error) && retriesLeft > 0) throw error;
      const file = await this.mail.keepRaw(raw);
      this.logger.error(`${this.what} to subscriber ${subscriberId} not sent (${message}); kept as ${file}`);
    }
  }
}
