import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PageCacheInterceptor } from './page-cache.interceptor';
import { PageCacheService } from './page-cache.service';

/** The in-process cache of rendered anonymous pages, kept right across processes (docs/operations.md: Caching). */
@Global()
@Module({
  providers: [PageCacheService, { provide: APP_INTERCEPTOR, useClass: PageCacheInterceptor }],
  exports: [PageCacheService],
})
export class PageCacheModule {}
