import { Controller, Get, Query } from '@nestjs/common';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchService } from './search.service';
import { CacheTags, Tag } from 'src/common/cache-tags';

// A product's write drops Tag.products only; the other contents' writes drop Tag.search.
@CacheTags(Tag.search, Tag.products)
@Controller('api/search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  async search(@Query() { q }: SearchQueryDto) {
    const { results, counts } = await this.searchService.searchWithCounts(q);
    return { query: q.trim(), results, counts };
  }
}
