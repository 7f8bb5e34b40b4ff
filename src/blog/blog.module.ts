import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArticlesModule } from 'src/articles/articles.module';
import { CommentsModule } from 'src/comments/comments.module';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { BlogPagesController } from './blog.pages.controller';

/** The blog's pages: the list at /blog and each article with its comments at /blog/{slug}. */
@Module({ imports: [ArticlesModule, CommentsModule, TypeOrmModule.forFeature([DiveSite])], controllers: [BlogPagesController] })
export class BlogModule {}
