import { Module } from '@nestjs/common';
import { AdminPagesController } from './admin-pages.controller';

/** The administrator's screens: server shells around islands that check the session themselves. */
@Module({ controllers: [AdminPagesController] })
export class AdminPagesModule {}
