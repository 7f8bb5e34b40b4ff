import { IsIn, IsOptional } from 'class-validator';
import { PUBLIC_ARTICLE_CATEGORIES } from 'core/categories';
import { ListPageQuery } from 'src/publishing/publication-pages';

/** /blog?category=&page=: a category that is not one of the blog's shows every article. */
export class BlogListQuery extends ListPageQuery {
  @IsOptional()
  @IsIn(PUBLIC_ARTICLE_CATEGORIES)
  category?: string;
}
