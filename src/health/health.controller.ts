import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Liveness and readiness for the container's health check and a load balancer. */
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<{ status: 'ok'; database: 'up'; migrations: 'applied' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Database unreachable');
    }
    if (await this.dataSource.showMigrations()) throw new ServiceUnavailableException('Migrations pending');
    return { status: 'ok', database: 'up', migrations: 'applied' };
  }
}
