import { BadRequestException } from '@nestjs/common';
import { OPTIONAL_FIELDS } from 'core/dive-sites/fields';
import type { DiveSite } from './dive-site.entity';
import type { DiveSiteWriteDto } from './dto/dive-site-write.dto';

/**
 * Issue 30's facts the admin form writes: left out keeps the stored value. Not `lastChecked`: it is the day
 * of the site's newest recorded check (issue 43, SiteFactsService.recordCheck), never written by hand.
 */
const TRUST_WRITE_FIELDS = ['kind', 'access', 'status', 'statusNote', 'statusSince', 'statusSource', 'sources', 'swellExposure', 'onshoreWinds'] as const;

/** A write's fields onto the site (POST and PUT, DiveSitesService.create and replace): optional fields left out keep their value. */
export function assignSiteFields(site: DiveSite, dto: DiveSiteWriteDto): void {
  if (!Number.isFinite(dto.latitude) || !Number.isFinite(dto.longitude)) throw new BadRequestException('Latitude and longitude are required');
  site.name = dto.name;
  site.region = dto.region;
  // decimal(10,8) and decimal(11,8): eight places, as the column keeps them.
  site.latitude = dto.latitude.toFixed(8);
  site.longitude = dto.longitude.toFixed(8);
  site.description = dto.description;
  site.skillLevel = dto.skillLevel;
  site.depthRange = dto.depthRange;
  site.waterTemp = dto.waterTemp;
  for (const field of OPTIONAL_FIELDS) {
    const value = dto[field];
    if (value !== undefined) site[field] = value;
  }
  if (dto.featured !== undefined) site.featured = dto.featured;
  if (dto.tideStation !== undefined) site.tideStation = dto.tideStation;
  for (const field of TRUST_WRITE_FIELDS) {
    const value = dto[field];
    if (value !== undefined) (site as unknown as Record<string, unknown>)[field] = value;
  }
}
