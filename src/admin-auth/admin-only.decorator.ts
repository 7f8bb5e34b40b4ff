import { applyDecorators, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { ADMIN_LIST_ON_REQUEST, ADMIN_ONLY_OPTIONS, type AdminOnlyOptions } from './admin-only.options';
import { AdminGuard } from './admin.guard';
import { ContentEditingInterceptor } from './content-editing.interceptor';

/**
 * An administrator-only handler: guarded by the admin session (401 without one), audited, never cached
 * nor indexed (the guard sets the headers, src/admin-auth/admin-headers.ts). A successful POST/PUT/PATCH/DELETE marks the session as content editing.
 */
export const AdminOnly = (options: AdminOnlyOptions = {}) =>
  applyDecorators(SetMetadata(ADMIN_ONLY_OPTIONS, options), UseGuards(AdminGuard), UseInterceptors(AdminAuditInterceptor, ContentEditingInterceptor));

/**
 * A public list whose `?admin=true` form is the administrator's list (SPEC section 7), read through
 * AdminListQueryDto: asked that way, the call is guarded and audited like an @AdminOnly() read;
 * otherwise it stays public.
 */
export const AdminListOnRequest = () =>
  applyDecorators(SetMetadata(ADMIN_LIST_ON_REQUEST, true), UseGuards(AdminGuard), UseInterceptors(AdminAuditInterceptor));
