import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { isOutlookChoice } from 'core/outlook/site-outlook';
import { markOutlookAnswer } from 'src/forecast/outlook-filter';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import type { MapPayload } from 'core/dive-sites/map-payload';
import type { MapViewAnswer } from 'core/dive-sites/map-view';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { DiveSiteMapService, type MapMatches } from './dive-site-map.service';
import { DiveSiteFiltersDto, DiveSiteMapViewQueryDto } from './dto/dive-site-filters.dto';

/** The map of /dive-sites by viewport when the sites are many (issue 31; docs/pages-and-api.md). */
@CacheTags(Tag.diveSites)
@Controller('api/dive-sites/map')
export class DiveSiteMapController {
  constructor(
    private readonly map: DiveSiteMapService,
    private readonly outlooks: SiteOutlooksService,
  ) {}

  /**
   * Every site for the map and the filters of /dive-sites, compact (core/dive-sites/map-payload.ts), up to
   * MAP_LIST_MAX sites; beyond that (the page then asks by view) the whole world's view at zoom 3, so the
   * answer stays bounded.
   */
  @Get()
  everySite(): Promise<MapPayload | MapViewAnswer> {
    return this.map.everySite();
  }

  /** The sites in a box, or the clusters of a grid over it (core/dive-sites/map-view.ts). */
  @Get('view')
  async view(@Query() query: DiveSiteMapViewQueryDto, @Res({ passthrough: true }) response: Response): Promise<MapViewAnswer> {
    if (isOutlookChoice(query.outlook)) await markOutlookAnswer(response, this.outlooks);
    return this.map.view(query);
  }

  /** The ids of every site matching the filters, by name, and their mean position: the explorer's list when the sites are many. */
  @Get('matches')
  async matches(@Query() filters: DiveSiteFiltersDto, @Res({ passthrough: true }) response: Response): Promise<MapMatches> {
    if (isOutlookChoice(filters.outlook)) await markOutlookAnswer(response, this.outlooks);
    return this.map.matches(filters);
  }
}
