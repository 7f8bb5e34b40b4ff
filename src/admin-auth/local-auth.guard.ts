import { BadRequestException, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { AuditService, LOGIN_EVENTS } from 'src/audit/audit.service';
import { errorBody } from 'src/common/error-body';
import { readRequestBody } from 'src/http/request-body';
import { OverallCap } from 'src/rate-limit/overall-cap';

/** SPEC section 8: the sign-in screen shows the server's error field. */
export const INVALID_PASSWORD = 'Invalid password';

/**
 * Checks the password with passport-local and, when right, signs in through passport, which
 * regenerates the session id. The body is read and checked here because guards run before the body
 * parsing interceptor and the validation pipe: this guard is the one that needs it.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(
    private readonly audit: AuditService,
    private readonly overallCap: OverallCap,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await readRequestBody(request, context.switchToHttp().getResponse<Response>());
    const body: unknown = request.body;
    const password = body && typeof body === 'object' ? (body as Record<string, unknown>).password : undefined;
    if (typeof password !== 'string' || password.length === 0) {
      throw new BadRequestException(errorBody(400, 'Password is required', { password: ['Password is required'] }));
    }
    const unknown = Object.keys(body as object).find((key) => key !== 'password');
    if (unknown) throw new BadRequestException(errorBody(400, `Unknown field: ${unknown}`, { [unknown]: [`Unknown field: ${unknown}`] }));

    try {
      await super.canActivate(context);
    } catch (error) {
      if (!(error instanceof UnauthorizedException)) throw error;
      // Only failures fill the site-wide cap: a distributed guess never refuses the right password. Past
      // the cap this answers 429, and the window's one login_blocked row stands for every failure in it,
      // so guesses from ever new networks write no flood of rows.
      await this.overallCap.countFailure(request, context.switchToHttp().getResponse<Response>(), 'login');
      await this.audit.record(request, { action: LOGIN_EVENTS.failure, resource: '/api/admin/login', details: { reason: INVALID_PASSWORD } });
      throw new UnauthorizedException(errorBody(401, INVALID_PASSWORD));
    }
    await this.logIn(request);
    return true;
  }
}
