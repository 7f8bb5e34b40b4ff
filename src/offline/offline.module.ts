import { Module } from '@nestjs/common';
import { OfflineController } from './offline.controller';
import { ServiceWorkerService } from './service-worker.service';

@Module({ controllers: [OfflineController], providers: [ServiceWorkerService] })
export class OfflineModule {}
