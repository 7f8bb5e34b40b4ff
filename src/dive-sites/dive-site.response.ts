import type { DiveSiteResponse } from 'core/api/dive-sites';
import type { DiveSite } from './dive-site.entity';

export function toDiveSiteResponse(site: DiveSite): DiveSiteResponse<Date> {
  return {
    id: site.id,
    name: site.name,
    latitude: site.latitude,
    longitude: site.longitude,
    waterTemp: site.waterTemp,
    skillLevel: site.skillLevel,
    depthRange: site.depthRange,
    description: site.description,
    region: site.region,
    visibility: site.visibility,
    bestTime: site.bestTime,
    marineLife: site.marineLife,
    hazards: site.hazards,
    facilities: site.facilities,
    imageUrl: site.imageUrl,
    videoUrl: site.videoUrl,
    videoThumbnail: site.videoThumbnail,
    reviewLink: site.reviewLink,
    blogSlug: site.blogSlug,
    featured: site.featured,
    createdAt: site.createdAt,
  };
}

/** The site's review: its review link, else the blog article written about it. */
export function reviewHref(site: Pick<DiveSite, 'reviewLink' | 'blogSlug'>): string | null {
  return site.reviewLink ?? (site.blogSlug ? `/blog/${site.blogSlug}` : null);
}
