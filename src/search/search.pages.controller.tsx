import { Controller, Get, Query } from '@nestjs/common';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { SearchPage } from 'views/pages/search/SearchPage';
import { SearchService } from './search.service';

/** The longest term searched, as in GET /api/search. */
const MAX_TERM_LENGTH = 200;

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
  async search(@Query('q') q?: unknown): Promise<string> {
    // A page reads what it can: a repeated or missing q is an empty search, as the form would send it.
    const term = typeof q === 'string' ? q.trim().slice(0, MAX_TERM_LENGTH) : '';
    const { results, counts } = await this.searchService.searchWithCounts(term);
    return this.render.page(
      {
        title: term ? `Search results for "${term}"` : 'Search',
        description: 'Search the articles, dive sites, products and gear reviews of the site.',
        path: '/search',
        noindex: true,
      },
      <SearchPage term={term} results={results} counts={counts} />,
    );
  }
}
