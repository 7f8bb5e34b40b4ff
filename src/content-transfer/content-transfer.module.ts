import { Module } from '@nestjs/common';
import { FeedsModule } from 'src/feeds/feeds.module';
import { ContentExportService } from './content-export.service';
import { ContentImportService } from './content-import.service';
import { ContentTransferController } from './content-transfer.controller';

/** Content export and import: the admin Export tab's 'Export all content' and 'Import', and `npm run export` / `npm run import`. */
@Module({
  imports: [FeedsModule],
  controllers: [ContentTransferController],
  providers: [ContentExportService, ContentImportService],
})
export class ContentTransferModule {}
