import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DataSource } from 'typeorm';

/** Liveness and readiness (on @nestjs/terminus) for the container's health check and a load balancer. */
@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly dataSource: DataSource,
  ) {}

  /** The process is alive and answering; it never touches the database. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'The process is alive', schema: { example: { status: 'ok' } } })
  async live(): Promise<{ status: 'ok' }> {
    await this.health.check([]);
    return { status: 'ok' };
  }

  /** Ready for traffic: the database answers within 2 seconds and no migration is pending. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({ description: 'Database reachable, migrations applied', schema: { example: { status: 'ok', database: 'up', migrations: 'applied' } } })
  @ApiServiceUnavailableResponse({ description: 'Database unreachable or migrations pending' })
  async ready(): Promise<{ status: 'ok'; database: 'up'; migrations: 'applied' }> {
    try {
      await this.health.check([
        () => this.database.pingCheck('database').withTimeout(2000),
        () =>
          this.indicators
            .check('migrations')
            .attempt(async () => {
              if (await this.dataSource.showMigrations()) throw new Error('Migrations pending');
            })
            .withTimeout(2000),
      ]);
    } catch (error) {
      const details = (error as { response?: { error?: Record<string, unknown> } }).response?.error ?? {};
      throw new ServiceUnavailableException(
        details.database ? 'Database unreachable' : details.migrations ? 'Migrations pending' : 'Service temporarily unavailable',
      );
    }
    return { status: 'ok', database: 'up', migrations: 'applied' };
  }
}
