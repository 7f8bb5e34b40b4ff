import { Module } from '@nestjs/common';
import { ArticlesModule } from 'src/articles/articles.module';
import { CommentsModule } from 'src/comments/comments.module';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { BlogPagesController } from './blog.pages.controller';

/** The blog's pages: the list at /blog and each article with its comments at /blog/{slug}. */
@Module({ imports: [ArticlesModule, CommentsModule, DiveSitesModule], controllers: [BlogPagesController] })
export class BlogModule {}
