import { Controller, Get, Query } from '@nestjs/common';
import type { MapViewAnswer } from 'core/dive-sites/map-view';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { DiveSiteMapService } from './dive-site-map.service';
import { DiveSiteFiltersDto, DiveSiteMapViewQueryDto } from './dto/dive-site-filters.dto';

/** The map of /dive-sites by viewport when the sites are many (issue 31; docs/pages-and-api.md). */
@CacheTags(Tag.diveSites)
@Controller('api/dive-sites/map')
export class DiveSiteMapController {
  constructor(private readonly map: DiveSiteMapService) {}

  /** The sites in a box, or the clusters of a grid over it (core/dive-sites/map-view.ts). */
  @Get('view')
  view(@Query() query: DiveSiteMapViewQueryDto): Promise<MapViewAnswer> {
    return this.map.view(query);
  }

  /** The ids of every site matching the filters, by name, and their mean position: the explorer's list when the sites are many. */
  @Get('matches')
  matches(@Query() filters: DiveSiteFiltersDto): Promise<{ ids: number[]; center: [number, number] | null }> {
    return this.map.matches(filters);
  }
}
