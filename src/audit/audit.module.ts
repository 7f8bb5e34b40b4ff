import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditInterceptor } from './admin-audit.interceptor';
import { AuditLog } from './audit-log.entity';
import { AuditService } from './audit.service';
import { SecurityDashboardController } from './security-dashboard.controller';

/** Global: @AdminOnly()'s interceptor is built in the module of every admin controller. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLog])],
  controllers: [SecurityDashboardController],
  providers: [AuditService, AdminAuditInterceptor],
  exports: [AuditService, AdminAuditInterceptor],
})
export class AuditModule {}
