import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService, LOGIN_EVENTS } from 'src/audit/audit.service';
import { Clock } from 'src/common/clock';
import { newSessionState, sessionStatus, type AdminSessionStatus } from './admin-session';
import { destroySession, logIn } from './session-calls';

/** The administrator's session after passport has checked the password: start, status, refresh, end. */
@Injectable()
export class AdminSessionService {
  constructor(
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** Called once passport has signed in (and so regenerated the session id). */
  async started(request: Request): Promise<AdminSessionStatus> {
    const now = this.clock.now().getTime();
    request.session.admin = newSessionState(now);
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
}
