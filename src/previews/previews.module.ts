import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShareLinksController } from './previews.controller';
import { ShareLink } from './share-link.entity';
import { ShareLinksService } from './share-links.service';

/** Issue 32: previews of draft and scheduled posts, and the signed links that share them. */
@Module({
  imports: [TypeOrmModule.forFeature([ShareLink])],
  controllers: [ShareLinksController],
  providers: [ShareLinksService],
  exports: [ShareLinksService],
})
export class PreviewsModule {}
