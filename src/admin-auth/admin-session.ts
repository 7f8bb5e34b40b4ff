import 'express-session';

/** SPEC section 9: 30 minutes of inactivity end a session. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** SPEC section 9: a session that has written content lasts at most 1 hour from sign-in. */
export const CONTENT_EDITING_MAX_MS = 60 * 60 * 1000;

/** What the server keeps in the administrator's session, as epoch milliseconds of the injectable clock. */
export interface AdminSessionState {
  signedInAt: number;
  lastActiveAt: number;
  contentEditing: boolean;
  /** Set at sign-in and refresh until the first save: only then may the store create the session row. */
  fresh?: true;
}

declare module 'express-session' {
  interface SessionData {
    admin?: AdminSessionState;
  }
}

export interface AdminSessionStatus {
  minutesRemaining: number;
  isContentEditing: boolean;
}

export function newSessionState(now: number): AdminSessionState {
  return { signedInAt: now, lastActiveAt: now, contentEditing: false, fresh: true };
}

/** The earlier of the inactivity limit and, once content was written, the 1-hour limit. */
export function sessionExpiresAt(state: AdminSessionState): number {
  const idle = state.lastActiveAt + IDLE_TIMEOUT_MS;
  return state.contentEditing ? Math.min(idle, state.signedInAt + CONTENT_EDITING_MAX_MS) : idle;
}

export function isSessionExpired(state: AdminSessionState, now: number): boolean {
  return now >= sessionExpiresAt(state);
}

/** Whole minutes left, rounded up, so a session just used reads 30 and one about to end reads 1. */
export function sessionStatus(state: AdminSessionState, now: number): AdminSessionStatus {
  const remainingMs = Math.max(0, sessionExpiresAt(state) - now);
  return { minutesRemaining: Math.ceil(remainingMs / 60_000), isContentEditing: state.contentEditing };
}
