import { Reflector } from '@nestjs/core';
import { LOGIN_EVENTS } from 'src/audit/audit.service';

const MINUTE = 60_000;

/**
 * Which counted requests hand their hit back, so they do not use up the allowance:
 * - `success`: a sign-in that succeeded (only failures count, so the administrator is never locked out
 *   by signing in and out, while a guesser still is);
 * - `refusal`: a submission refused before it could be stored, for a bad id or body, the honeypot (400)
 *   or a missing article or site (404), as when the limit was checked after validation.
 */
export type GiveBack = 'success' | 'refusal';

export interface RateLimitRule {
  /** Requests allowed per window, from one client address. */
  limit: number;
  /** The window, in milliseconds, from the first counted request. */
  ttl: number;
  /** The 429's message (SPEC's), given the whole minutes until the window ends (at least 1). */
  message: (minutes: number) => string;
  givesBack: GiveBack;
  /** The audit row of a client going over its limit (one per window): its action and reason. */
  audit?: { action: string; reason: string };
  /**
   * A second cap counted across every address together, so attempts spread over many addresses are
   * bounded too. It counts failures only, as the route reports them (OverallCap.countFailure), so it
   * never refuses a right password; past it a failure answers 429, a client that already tried in its
   * own window is refused before the route does its work, and one audit row marks the window.
   */
  overall?: { limit: number; ttl: number; message: (minutes: number) => string; audit: { action: string; reason: string } };
}

/** Every rate limit of the site (SPEC section 9 and the public forms); `@RateLimit(name)` applies one to a route. */
export const RATE_LIMITS = {
  login: {
    limit: 5,
    ttl: 15 * MINUTE,
    message: (minutes) => `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    givesBack: 'success',
    audit: { action: LOGIN_EVENTS.blocked, reason: 'Too many login attempts' },
    // Each attempt is a 32 MiB scrypt hash. Past 10 failures a minute from everywhere together, each
    // network is heard once in its own window (OverallCap), however many sign in wrongly.
    overall: {
      limit: 10,
      ttl: MINUTE,
      message: (minutes) => `Too many login attempts on this site. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      audit: { action: LOGIN_EVENTS.blocked, reason: 'Too many login attempts from all addresses together' },
    },
  },
  comment: {
    limit: 5,
    ttl: 10 * MINUTE,
    message: () => 'Too many comments from your network. Please wait a few minutes and try again.',
    givesBack: 'refusal',
  },
  // Issue 30's 'Suggest a correction', as comments.
  correction: {
    limit: 5,
    ttl: 10 * MINUTE,
    message: () => 'Too many corrections from your network. Please wait a few minutes and try again.',
    givesBack: 'refusal',
  },
  rating: {
    limit: 10,
    ttl: 15 * MINUTE,
    message: () => 'Too many ratings from your network. Please wait a few minutes and try again.',
    givesBack: 'refusal',
  },
  // Issue 45's condition reports, as ratings: five a quarter hour from one network is more than one boat's divers write.
  report: {
    limit: 5,
    ttl: 15 * MINUTE,
    message: () => 'Too many reports from your network. Please wait a few minutes and try again.',
    givesBack: 'refusal',
  },
  newsletter: {
    limit: 5,
    ttl: 15 * MINUTE,
    message: () => 'Too many subscription attempts from your network. Please try again in 15 minutes.',
    givesBack: 'refusal',
  },
  contact: {
    limit: 5,
    ttl: 60 * MINUTE,
    message: () => 'Too many messages from your network. Please wait an hour and try again, or email us directly.',
    givesBack: 'refusal',
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limit a route names, set by `@RateLimit(name)`. */
export const RATE_LIMITED = Reflector.createDecorator<RateLimitName>();

/** Set by `@RateLimit(name, { beforeBody: true })`: the guard counts the hit before the body is read. */
export const COUNTED_BEFORE_BODY = Reflector.createDecorator<true>();

export const rateLimitRule = (name: RateLimitName): RateLimitRule => RATE_LIMITS[name];

/** The storage's throttler name and key of a rule's overall cap: one row, "login-overall:all". */
export const OVERALL = { throttler: (name: RateLimitName) => `${name}-overall`, key: 'all' } as const;

/** "5 per 15 minutes", for the audit log. */
export const describeRule = (rule: Pick<RateLimitRule, 'limit' | 'ttl'>) => `${rule.limit} per ${rule.ttl / MINUTE} minute${rule.ttl === MINUTE ? '' : 's'}`;
