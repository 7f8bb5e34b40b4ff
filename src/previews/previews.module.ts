import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArticlesModule } from 'src/articles/articles.module';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { ReviewsModule } from 'src/reviews/reviews.module';
import { PreviewPagesController } from './preview-pages.controller';
import { ShareLinksController } from './previews.controller';
import { ShareLink } from './share-link.entity';
import { ShareLinksService } from './share-links.service';

/** Issue 32: previews of draft and scheduled posts, and the signed links that share them. */
@Module({
  imports: [TypeOrmModule.forFeature([ShareLink]), ArticlesModule, ReviewsModule, DiveSitesModule],
  controllers: [ShareLinksController, PreviewPagesController],
  providers: [ShareLinksService],
  exports: [ShareLinksService],
})
export class PreviewsModule {}
