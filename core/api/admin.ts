/** The shapes only the admin screens read (SPEC sections 3 and 7). */

/** GET /api/admin/session. */
export interface SessionStatus {
  minutesRemaining: number;
  isContentEditing: boolean;
}

/**
 * Every answer of an admin call carries the session as that call left it, so a screen knows the minutes
 * left after any activity, not only at the 5-minute re-check (SessionStatus in two headers).
 */
export const SESSION_MINUTES_HEADER = 'X-Admin-Session-Minutes';
export const SESSION_CONTENT_EDITING_HEADER = 'X-Admin-Session-Content-Editing';

/** What the administrator sees of a subscriber, consent evidence included; never the unsubscribe token. */
export interface SubscriberResponse {
  id: number;
  email: string;
  subscribed: boolean;
  createdAt: string;
  consentedAt: string;
  consentSource: string;
  consentIp: string | null;
  unsubscribedAt: string | null;
  /** When the address's owner confirmed (double opt-in); null: never confirmed. */
  confirmedAt: string | null;
  /** A sign-up waiting for its owner to follow the emailed link: not active yet. */
  awaitingConfirmation: boolean;
}

/** An event of the security dashboard: no user agent (noise in the table), nothing secret is ever stored. */
export interface SecurityEvent {
  id: number;
  timestamp: string;
  action: string;
  resource: string | null;
  ipAddress: string | null;
  details: string | Record<string, unknown> | null;
}

export interface SecuritySummary {
  totalLoginAttempts: number;
  successfulLogins: number;
  failedAttempts: number;
  blockedAttempts: number;
  recentActivity: SecurityEvent[];
}
