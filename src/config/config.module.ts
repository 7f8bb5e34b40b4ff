import { DynamicModule, Global, Module } from '@nestjs/common';
import { setSiteTimeZone } from 'core/site-time';
import { APP_CONFIG, type AppConfig } from './app.config';

/** Makes the configuration, read once at start, injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The views' dates read the zone from core rather than each being handed it.
    setSiteTimeZone(config.siteTimezone);
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
