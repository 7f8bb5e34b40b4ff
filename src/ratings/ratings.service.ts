import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { DiveSiteRating } from './dive-site-rating.entity';
import type { CreateRatingDto } from './dto/create-rating.dto';
import type { RatingResponse, RatingsResponse } from 'core/api/dive-sites';
import { toRatingResponse } from './rating.response';

/** A site's ratings, newest first (through the service's repository or a transaction's). */
const newestFirst = (repository: Repository<DiveSiteRating>, diveSiteId: number) =>
  repository.find({ where: { diveSiteId }, order: { createdAt: 'DESC', id: 'DESC' } });

@Injectable()
export class RatingsService {
  constructor(
    @InjectRepository(DiveSiteRating) private readonly ratings: Repository<DiveSiteRating>,
    private readonly sites: DiveSitesService,
  ) {}

  /** Every rating of a site, newest first, with the average (one decimal) and the count. */
  async forSite(diveSiteId: number): Promise<RatingsResponse<Date>> {
    await this.sites.findById(diveSiteId);
    return this.summarise(await newestFirst(this.ratings, diveSiteId));
  }

  /**
   * POST's answer: the new rating and the site's list, in one transaction, so a rating is stored only
   * when the answer says so (the database going away between the two would otherwise keep a rating the
   * client was told had failed).
   */
  async createAndList(diveSiteId: number, dto: CreateRatingDto, ipAddress: string): Promise<RatingsResponse<Date> & { rating: RatingResponse<Date> }> {
    if (dto.website) throw new BadRequestException('Rating rejected');
    await this.sites.findById(diveSiteId);
    return this.ratings.manager.transaction(async (manager) => {
      const repository = manager.getRepository(DiveSiteRating);
      const rating = await repository.save(repository.create({ diveSiteId, rating: dto.rating, comment: dto.comment ?? null, ipAddress, userEmail: null }));
      const list = await newestFirst(repository, diveSiteId);
      return { rating: toRatingResponse(rating), ...this.summarise(list) };
    });
  }

  private summarise(ratings: DiveSiteRating[]): RatingsResponse<Date> {
    const count = ratings.length;
    const average = count ? Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / count) * 10) / 10 : 0;
    return { ratings: ratings.map(toRatingResponse), summary: { average, count } };
  }
}
