import { Global, Module } from '@nestjs/common';
import { PageCacheService } from './page-cache.service';

/**
 * The in-process cache of rendered anonymous pages, kept right across processes (docs/operations.md:
 * Caching). What keeps answers in it and answers from it is a stage of the edge (src/http, src/app.setup.ts).
 */
@Global()
@Module({ providers: [PageCacheService], exports: [PageCacheService] })
export class PageCacheModule {}
