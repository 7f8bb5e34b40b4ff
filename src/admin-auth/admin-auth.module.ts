import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from 'src/users/users.module';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AdminAuthController } from './admin-auth.controller';
import { AdminHttpMiddleware } from './admin-http.middleware';
import { AdminSessionService } from './admin-session.service';
import { ContentEditingInterceptor } from './content-editing.interceptor';
import { LocalStrategy } from './local.strategy';
import { SecurityDashboardController } from './security-dashboard.controller';
import { SessionSerializer } from './session.serializer';

/** Global: @AdminOnly()'s guard and interceptors are built in the module of every admin controller. */
@Global()
@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AdminAuthController, SecurityDashboardController],
  providers: [LocalStrategy, SessionSerializer, AdminSessionService, AdminHttpMiddleware, AdminAuditInterceptor, ContentEditingInterceptor],
  exports: [AdminHttpMiddleware, AdminAuditInterceptor, ContentEditingInterceptor],
})
export class AdminAuthModule {}
