import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options';
import { SeedService } from './seed.service';

/** The PostgreSQL connection. Migrations run when the connection opens; the schema is never synchronised. */
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl), migrationsRun: true, retryAttempts: 3, retryDelay: 1000 })],
      providers: [SeedService],
      exports: [SeedService],
    };
  }
}
