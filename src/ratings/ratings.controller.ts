import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from 'src/http/client-ip';
import { idParam } from 'src/validation/id.pipe';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { CreateRatingDto } from './dto/create-rating.dto';
import { RatingsService } from './ratings.service';
import { byId, CacheTags, Invalidates, Tag } from 'src/common/cache-tags';

const id = idParam('Dive site id');

@Controller('api/dive-sites/:id/ratings')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  /** Every rating of the site as SPEC says, or a slice of them (`?limit=&offset=`); the summary always counts all. */
  @Get()
  @CacheTags(byId(Tag.ratings))
  list(@Param('id', id) diveSiteId: number, @Query() slice: ListSliceQueryDto) {
    return this.ratings.forSite(diveSiteId, slice);
  }

  /** Answers the new rating, and the site's latest ratings after it (as many as its panel shows) with the summary. */
  @Post()
  @RateLimit('rating', { countedByRoute: true })
  // Only the site's own page and ratings show them (no list shows ratings).
  @Invalidates(byId(Tag.ratings), Tag.allRatings)
  async create(@Param('id', id) diveSiteId: number, @Body() dto: CreateRatingDto, @Req() request: Request) {
    return this.ratings.createAndList(diveSiteId, dto, clientIp(request));
  }
}
