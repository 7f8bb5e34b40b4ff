import type { Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import type { JobInfo, JobQueue } from 'src/job-queue/job-queue.service';
import { isPermanentFailure, type MailService } from 'src/mail/mail.service';

/**
 * A queue of one email a subscriber (the confirmation and welcome emails): `{ subscriberId }` jobs, each
 * retried after a temporary SMTP failure with a backoff, `batchSize` sent side by side.
 */
export function defineSubscriberMail(queue: JobQueue, name: string, batchSize: number, deliver: (subscriberId: number, info: JobInfo) => Promise<void>) {
  queue.define<{ subscriberId: number }>(name, { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120, batchSize }, (data, info) =>
    deliver(data.subscriberId, info),
  );
}

/** Queues a subscriber's email, inside `runner`'s open transaction. Answers whether it will go over SMTP. */
export async function enqueueSubscriberMail(queue: JobQueue, mail: MailService, name: string, subscriberId: number, runner: QueryRunner): Promise<boolean> {
  await queue.send(name, { subscriberId }, {}, runner);
  return mail.sends;
}

/**
 * Sends a composed email to a subscriber. A temporary failure is thrown for the queue to retry while
 * retries are left; a permanent one (5xx), or the last retry's, keeps the message in the outbox for an
 * operator and logs it ('Welcome email to subscriber 7 not sent (...); kept as ...').
 */
export async function deliverOrKeep(
  mail: MailService,
  logger: Logger,
  what: string,
  { subscriberId, to, raw }: { subscriberId: number; to: string; raw: Buffer },
  { retriesLeft }: JobInfo,
): Promise<void> {
  try {
    await mail.deliverComposed({ to, raw });
  } catch (error) {
    const message = (error as Error).message;
    if (!isPermanentFailure(error) && retriesLeft > 0) throw error;
    const file = await mail.keepRaw(raw);
    logger.error(`${what} to subscriber ${subscriberId} not sent (${message}); kept as ${file}`);
  }
}
