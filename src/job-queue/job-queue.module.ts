import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.service';

/** The pg-boss job queue (job-queue.service.ts), one per process. */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobQueueModule {}
