import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminIdentity } from 'src/users/users.service';

/**
 * The signed-in administrator's user name (what the session keeps, never a credential), for a handler
 * behind @AdminOnly() that records who made a change.
 */
export const AdminName = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const user = context.switchToHttp().getRequest<Request>().user as AdminIdentity | undefined;
  if (!user?.username) throw new UnauthorizedException('Authentication required');
  return user.username;
});
