import { NEWSLETTER_MESSAGES } from 'core/newsletter';
import type { SubscriberResponse } from 'core/api/admin';
import { GUIDE_PATH } from 'src/guide/guide-content';
import type { SubscribeResult } from './newsletter.service';
import type { Subscriber } from './subscriber.entity';

export function toSubscriberResponse(subscriber: Subscriber): SubscriberResponse {
  return {
    id: subscriber.id,
    email: subscriber.email,
    subscribed: subscriber.subscribed,
    createdAt: subscriber.createdAt.toISOString(),
    consentedAt: subscriber.consentedAt.toISOString(),
    consentSource: subscriber.consentSource,
    consentIp: subscriber.consentIp,
    unsubscribedAt: subscriber.unsubscribedAt?.toISOString() ?? null,
    confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
    awaitingConfirmation: !subscriber.subscribed && subscriber.confirmToken !== null,
  };
}

/**
 * The answer to a visitor's sign-up: the address they typed back, that it waits for the emailed link
 * (double opt-in), and where the promised guide is. Nothing tells whether the address was ever subscribed.
 */
export function toSubscribeResponse({ subscriber, emailSent }: SubscribeResult) {
  return {
    message: NEWSLETTER_MESSAGES.subscribed,
    email: subscriber.email,
    awaitingConfirmation: true,
    emailSent,
    guideUrl: GUIDE_PATH,
  };
}
