import { Controller, Delete, Get, HttpCode, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminPageQueryDto, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { RatingsService } from './ratings.service';

/** Ratings moderation: the latest ratings across every site, and deleting one (audited as delete_rating). */
@Controller('api/admin/ratings')
export class AdminRatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get()
  @AdminOnly()
  async latest(@Query() { q, ...slice }: AdminPageQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    // A page at a time, newest first (src/lists/admin-page.ts); `q` finds text in the site's name or the comment.
    const page = adminSlice(slice);
    const { rows, total } = await this.ratings.latest(q, page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  @Delete(':id')
  @AdminOnly()
  // Its site's ratings (the route's id is the rating's: the site's comes back from the deletion) and every answer showing stars.
  @Invalidates((_request, siteId) => Tag.ratings(siteId as number), Tag.allRatings)
  @HttpCode(204)
  // A 204 has no body: what it returns is the deleted rating's site, for @Invalidates.
  async remove(@Param('id', idParam('Rating id')) id: number): Promise<number> {
    return this.ratings.remove(id);
  }
}
