import { Controller, Get } from '@nestjs/common';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { PageQueryOf } from 'src/lists/page-query';
import { RenderService } from 'src/render/render.service';
import { SearchPage } from 'views/pages/search/SearchPage';
import { presentSearch } from './search.presenter';
import { SearchPageQuery, searchPageTerm } from './search.query';
import { SearchService } from './search.service';

@Controller('search')
export class SearchPagesController {
  constructor(
    private readonly searchService: SearchService,
    private readonly render: RenderService,
  ) {}

  /**
   * Kept in the page cache like the other public pages, one answer per term: what it shows changes only
   * with an article, review, dive site (each drops Tag.search) or product (Tag.products), and the cache's
   * own bound (entries, bytes, key length) keeps a crawl of terms from filling it.
   */
  @Get()
  @Html()
  @CacheTags(Tag.search, Tag.products)
  async search(@PageQueryOf(SearchPageQuery) query: SearchPageQuery): Promise<string> {
    const term = searchPageTerm(query);
    return this.render.view(SearchPage, presentSearch({ term, ...(await this.searchService.searchWithCounts(term)) }));
  }
}
