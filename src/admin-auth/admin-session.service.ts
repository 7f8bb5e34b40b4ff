import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService, LOGIN_EVENTS } from 'src/audit/audit.service';
import { Clock } from 'src/common/clock';
import { UsersService } from 'src/users/users.service';
import { newSessionState, sessionStatus, type AdminSessionStatus } from './admin-session';
import { destroySession, logIn, saveSession } from './session-calls';

/** The administrator's session after passport has checked the password: start, status, refresh, end. */
@Injectable()
export class AdminSessionService {
  constructor(
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {}

  /**
   * Called once passport has signed in (and so regenerated the session id). The session is saved before
   * the answer: express-session would save it only as the answer ends, after the new cookie's headers
   * are out, and a request sent with that cookie at once would find a session that is not signed in.
   */
  async started(request: Request): Promise<AdminSessionStatus> {
    const now = this.clock.now().getTime();
    request.session.admin = newSessionState(now);
    await saveSession(request);
    await this.audit.record(request, { action: LOGIN_EVENTS.success, resource: '/api/admin/login' });
    return sessionStatus(request.session.admin, now);
  }

  status(request: Request): AdminSessionStatus {
    return sessionStatus(request.session.admin!, this.clock.now().getTime());
  }

  /** A new session: a new id, and both limits start again from now. */
  async refresh(request: Request): Promise<AdminSessionStatus> {
    await logIn(request, request.user!);
    const now = this.clock.now().getTime();
    request.session.admin = newSessionState(now);
    await saveSession(request);
    return sessionStatus(request.session.admin, now);
  }

  /**
   * Deletes the stored session and starts none in its place (passport's logOut would regenerate one,
   * whose new cookie would keep the browser out of the page cache for as long as it lasts).
   */
  async end(request: Request): Promise<void> {
    if (!request.session) return;
    if (request.session.admin && request.isAuthenticated()) await this.audit.record(request, { action: LOGIN_EVENTS.logout, resource: '/api/admin/logout' });
    await destroySession(request);
  }

  /**
   * 'Sign out everywhere': deletes every stored session, this one and any other browser's or stolen
   * cookie's. A request of another session still in flight cannot bring its session back: the store
   * only updates a signed-in session's row, never creates it again (PgSessionStore).
   */
  async endEverywhere(request: Request): Promise<void> {
    const ended = await this.users.endEverySession();
    await this.audit.record(request, { action: LOGIN_EVENTS.logout, resource: '/api/admin/logout-everywhere', details: { everywhere: true, sessions: ended } });
    await destroySession(request);
  }
}
