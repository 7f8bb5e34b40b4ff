import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/common/id.pipe';
import { RatingsService } from './ratings.service';

/** Ratings moderation: the latest ratings across every site, and deleting one (audited as delete_rating). */
@Controller('api/admin/ratings')
export class AdminRatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get()
  @AdminOnly()
  latest() {
    return this.ratings.latest();
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', idParam('Rating id')) id: number): Promise<void> {
    await this.ratings.remove(id);
  }
}
