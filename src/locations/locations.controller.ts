import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Location } from './location.entity';

/** GET /api/locations/featured: SPEC keeps the call (fetched but unused by the pages). */
@Controller('api/locations')
export class LocationsController {
  constructor(@InjectRepository(Location) private readonly locations: Repository<Location>) {}

  @Get('featured')
  async featured() {
    const rows = await this.locations.find({ where: { featured: true }, order: { name: 'ASC' } });
    return rows.map(({ id, name, region, description, waterTemp, visibility, bestTime, depth, difficulty, imageUrl, mapCoordinates, featured }) => ({
      id,
      name,
      region,
      description,
      waterTemp,
      visibility,
      bestTime,
      depth,
      difficulty,
      imageUrl,
      mapCoordinates,
      featured,
    }));
  }
}
