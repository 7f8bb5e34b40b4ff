import { CallHandler, ExecutionContext, HttpException, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, type Observable } from 'rxjs';
import { auditAction } from 'src/audit/audit-action';
import { AuditService } from 'src/audit/audit.service';
import { adminCallOptions } from './admin-only.options';

/** The route as declared (/api/articles/:id), else the path. */
function routeOf(request: Request): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  return typeof route === 'string' ? route : request.path;
}

/**
 * Writes an audit_logs row for every admin action, whether it succeeded or failed. Details name the
 * fields a write sent and the route's parameters, never their values: a body may hold personal data
 * or secrets, and the audit log is shown on the security dashboard.
 */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = adminCallOptions(this.reflector, context);
    if (!options || options.passive || options.audited === false) return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const action = options.action ?? auditAction(request.method, routeOf(request));
    const base: Record<string, unknown> = { method: request.method };
    if (request.params && Object.keys(request.params).length) base.params = { ...request.params };
    const body: unknown = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length) base.fields = Object.keys(body);

    const record = async (details: Record<string, unknown>) => {
      try {
        await this.audit.record(request, { action, resource: request.path, details: { ...base, ...details } });
      } catch (error) {
        // The action itself has happened; a lost audit row must not turn it into an error for the user.
        this.logger.error(`Could not write the audit log for ${action}: ${(error as Error).message}`);
      }
    };
    return next.handle().pipe(
      concatMap(async (value) => {
        // Nest has set the route's status (201 for POST, @HttpCode otherwise) before the handler ran.
        await record({ outcome: 'success', status: context.switchToHttp().getResponse<Response>().statusCode });
        return value;
      }),
      catchError((error: unknown) =>
        from(
          (async () => {
            const status = error instanceof HttpException ? error.getStatus() : 500;
            await record({ outcome: 'failed', status });
            throw error;
          })(),
        ),
      ),
    );
  }
}
