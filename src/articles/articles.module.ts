import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PublishingModule } from 'src/publishing/publishing.module';
import { Article } from './article.entity';
import { ArticleRevisionsController } from './article-revisions.controller';
import { ArticlesController } from './articles.controller';
import { ArticlesService } from './articles.service';

@Module({
  imports: [TypeOrmModule.forFeature([Article]), PublishingModule],
  controllers: [ArticlesController, ArticleRevisionsController],
  providers: [ArticlesService],
  exports: [ArticlesService],
})
export class ArticlesModule {}
