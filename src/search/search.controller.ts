import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { SearchService } from './search.service';

@Controller('api/search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  async search(@Query('q') q: unknown) {
    if (typeof q !== 'string') throw new BadRequestException('q must be a single search term');
    if (q.length > 200) throw new BadRequestException('Search term must be at most 200 characters');
    return { query: q.trim(), results: await this.searchService.search(q) };
  }
}
