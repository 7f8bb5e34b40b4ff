import { Global, Module } from '@nestjs/common';
import { ReaderTraffic } from './reader-traffic';

/** What the edge keeps for the rest of the app: the count of readers' requests (ReaderTraffic). */
@Global()
@Module({ providers: [ReaderTraffic], exports: [ReaderTraffic] })
export class HttpModule {}
