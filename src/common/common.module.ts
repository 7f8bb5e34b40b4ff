import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { ReaderTraffic } from './reader-traffic';

@Global()
@Module({ providers: [Clock, ReaderTraffic], exports: [Clock, ReaderTraffic] })
export class CommonModule {}
