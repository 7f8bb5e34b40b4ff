import { CanActivate, ExecutionContext, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Clock } from 'src/common/clock';
import { reportSessionTime, setAdminHeaders } from './admin-headers';
import { adminCallOptions } from './admin-only.options';
import { isSessionExpired } from './admin-session';
import { destroySession } from './session-calls';

/**
 * Lets a request through only with a signed-in administrator session that has not passed its limits
 * (SPEC section 9); otherwise 401. The limits are checked here, from timestamps of the injectable clock
 * kept in the session, rather than by the cookie's lifetime, so tests can move time.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  // Optional so that a test may build the guard by hand (new AdminGuard()) to wrap it.
  constructor(
    @Optional() private readonly clock: Clock = new Clock(),
    @Optional() private readonly reflector: Reflector = new Reflector(),
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const options = adminCallOptions(this.reflector, context);
    if (!options) return true;
    // Before the check, so the 401 carries them too.
    setAdminHeaders(response);

    const state = request.session?.admin;
    if (!state || !request.isAuthenticated?.()) throw new UnauthorizedException('Authentication required');
    const now = this.clock.now().getTime();
    if (isSessionExpired(state, now)) {
      await destroySession(request);
      throw new UnauthorizedException('Session expired. Please log in again.');
    }
    if (!options.passive) state.lastActiveAt = now;
    // An answer that fails (400, 404 ...) still reports the time; a successful one reports it again once
    // the handler has run (ContentEditingInterceptor), since a write or a refresh changes it.
    reportSessionTime(response, state, now);
    return true;
  }
}
