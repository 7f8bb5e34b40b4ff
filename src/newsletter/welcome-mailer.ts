import { Injectable } from '@nestjs/common';
import { GuideService } from 'src/guide/guide.service';
import { UNSUBSCRIBE_MARK, type MailTemplate } from 'src/mail/mail-template';
import type { Subscriber } from './subscriber.entity';
import { SubscriberMailer } from './subscriber-mail';
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
export class WelcomeMailer extends SubscriberMailer {
  /** The email composed once (with its PDF part encoded once); each subscriber's copy is made from it. */
  private template: Promise<MailTemplate> | null = null;

  constructor(private readonly guides: GuideService) {
    super(WELCOME_QUEUE, WELCOME_BATCH, 'Welcome email');
  }

  /** The email to the subscriber, if they are still subscribed. */
  protected async compose(subscriber: Subscriber): Promise<Buffer | null> {
    if (!subscriber.subscribed) return null;
    const unsubscribeUrl = unsubscribeUrlFor(this.config.siteUrl, subscriber.unsubscribeToken);
    return (await this.composed()).fill({ to: subscriber.email, unsubscribeUrl });
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
