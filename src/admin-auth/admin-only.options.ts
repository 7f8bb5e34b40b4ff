import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { asksForAdminList } from './admin-list-query.dto';

/** Metadata key of @AdminOnly()'s options, read by the admin guard and interceptors. */
export const ADMIN_ONLY_OPTIONS = 'adg:admin-only';
/** Metadata key of @AdminListOnRequest(): the handler is an admin call only when asked with ?admin=true. */
export const ADMIN_LIST_ON_REQUEST = 'adg:admin-list-on-request';

export interface AdminOnlyOptions {
  /** The audit action; by default derived from the method and route ('create_article', 'GET /api/...'). */
  action?: string;
  /**
   * For status reads the dashboard polls (session status, security figures): not audited, and not
   * counted as activity, or an open dashboard would never reach the inactivity limit.
   */
  passive?: boolean;
  /** false when the handler writes its own, fuller audit row ('Sign out everywhere'). */
  audited?: boolean;
  /** false for writes that change no content (session refresh): they do not start the 1-hour limit. */
  writesContent?: boolean;
}

/**
 * The admin options of this call, or null for the public form of an @AdminListOnRequest() list (asked
 * without ?admin=true). Anything else behind the guard is an admin call, so a guard used alone fails closed.
 */
export function adminCallOptions(reflector: Reflector, context: ExecutionContext): AdminOnlyOptions | null {
  const handler = context.getHandler();
  if (reflector.get<boolean | undefined>(ADMIN_LIST_ON_REQUEST, handler) && !asksForAdminList(context.switchToHttp().getRequest<Request>().query)) return null;
  return reflector.get<AdminOnlyOptions | undefined>(ADMIN_ONLY_OPTIONS, handler) ?? {};
}
