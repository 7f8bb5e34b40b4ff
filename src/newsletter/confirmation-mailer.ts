import { Injectable } from '@nestjs/common';
import { Clock } from 'src/common/clock';
import { composeMessage } from 'src/mail/mail-template';
import { confirmationEmail } from './confirmation-email';
import type { Subscriber } from './subscriber.entity';
import { SubscriberMailer } from './subscriber-mail';

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
export class ConfirmationMailer extends SubscriberMailer {
  constructor(private readonly clock: Clock) {
    super(CONFIRM_QUEUE, 25, 'Confirmation email');
  }

  protected async compose(subscriber: Subscriber): Promise<Buffer | null> {
    const expiresAt = (subscriber.confirmRequestedAt?.getTime() ?? 0) + CONFIRM_DAYS * 24 * 60 * 60 * 1000;
    if (subscriber.subscribed || !subscriber.confirmToken || expiresAt <= this.clock.now().getTime()) return null;
    const content = confirmationEmail({
      siteName: this.config.siteName,
      siteUrl: this.config.siteUrl,
      confirmUrl: confirmUrlFor(this.config.siteUrl, subscriber.confirmToken),
      days: CONFIRM_DAYS,
    });
    return composeMessage(this.mail.toMessage({ to: subscriber.email, ...content }));
  }
}
