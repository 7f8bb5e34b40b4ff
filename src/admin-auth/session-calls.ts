import type { Request } from 'express';

/** express-session and passport speak callbacks; these are their promise forms. */

export function destroySession(request: Request): Promise<void> {
  return new Promise((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
}

/** passport's logIn regenerates the session id (no fixation) and saves the new session. */
export function logIn(request: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}

/** Writes the session to the store now, rather than as the answer ends (express-session's habit). */
export function saveSession(request: Request): Promise<void> {
  return new Promise((resolve, reject) => request.session.save((error) => (error ? reject(error) : resolve())));
}
