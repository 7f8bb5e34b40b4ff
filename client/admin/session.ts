import { createContext, useContext } from 'react';
import { ApiError, apiRequest, getJson } from '../lib/api';
import type { SessionStatus } from 'core/api/admin';

export const SESSION_RECHECK_MS = 5 * 60 * 1000;
export const SESSION_WARNING_MINUTES = 15;
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

/** GET /api/admin/session: an OK answer means signed in; 401 means signed out (null), not a failure. */
export async function fetchSession(): Promise<SessionStatus | null> {
  try {
    return await getJson<SessionStatus>('/api/admin/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** POST /api/admin/login; the message to show on failure (SPEC section 8), or null when signed in. */
export async function login(password: string): Promise<string | null> {
  try {
    await apiRequest('POST', '/api/admin/login', { password });
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.serverMessage ?? 'Invalid password';
    return 'Login failed. Please try again.';
  }
}

export const logout = () => apiRequest<void>('POST', '/api/admin/logout');
/** Ends every session, this browser's and any other's (issue 42). */
export const logoutEverywhere = () => apiRequest<void>('POST', '/api/admin/logout-everywhere');
export const refreshSession = () => apiRequest<void>('POST', '/api/admin/refresh-session');

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** What the screens behind the session gate know of the session, and how they end it on purpose. */
export interface AdminSession {
  status: SessionStatus;
  /** After a deliberate sign-out (not an expiry: no message). */
  signedOut(): void;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession is for screens inside AdminSessionGate');
  return session;
}
