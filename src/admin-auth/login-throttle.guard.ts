import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LoginLimitService } from './login-limit.service';

/** Runs before the password is checked, so a blocked attempt never reaches the hash. */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(private readonly limits: LoginLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.attempt(context.switchToHttp().getRequest<Request>());
    return true;
  }
}
