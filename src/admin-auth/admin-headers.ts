import type { RequestHandler, Response } from 'express';
import { isAdminPath } from 'core/request-kind';
import { SESSION_CONTENT_EDITING_HEADER, SESSION_MINUTES_HEADER } from 'core/api/admin';
import { sessionStatus, type AdminSessionState } from './admin-session';

/** Admin pages and answers are neither cached nor indexed, the 401s, 403s and 404s included. */
const ADMIN_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

export function setAdminHeaders(response: Response): void {
  response.set(ADMIN_HEADERS);
}

/** The session's remaining minutes as this answer leaves it (core/api/admin, SESSION_MINUTES_HEADER). */
export function reportSessionTime(response: Response, state: AdminSessionState, now: number): void {
  if (response.headersSent) return;
  const status = sessionStatus(state, now);
  response.set({ [SESSION_MINUTES_HEADER]: String(status.minutesRemaining), [SESSION_CONTENT_EDITING_HEADER]: String(status.isContentEditing) });
}

/**
 * Everything under /admin and /api/admin, whatever answers it (page, sign-in, origin check, 404). The
 * admin-only calls elsewhere (POST /api/articles, GET /api/newsletter/subscribers ...) get the same
 * headers from AdminGuard, which every one of them passes, so a 401 carries them too.
 */
export const adminAreaHeaders: RequestHandler = (request, response, next) => {
  if (isAdminPath(request.path)) setAdminHeaders(response);
  next();
};
