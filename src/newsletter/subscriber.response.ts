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
  };
}

/** The answer to a visitor's sign-up: the address they typed back, and where the promised guide is. */
export function toSubscribeResponse({ subscriber, resubscribed, emailSent }: SubscribeResult) {
  return {
    message: 'Successfully subscribed!',
    email: subscriber.email,
    resubscribed,
    emailSent,
    guideUrl: GUIDE_PATH,
  };
}
