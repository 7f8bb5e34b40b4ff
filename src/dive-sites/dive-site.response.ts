import type { DiveSite } from './dive-site.entity';

/**
 * A dive site as the API gives it (SPEC section 3): every stored field; latitude and longitude stay text
 * as PostgreSQL returns decimals, and the client parses them.
 */
export function toDiveSiteResponse(site: DiveSite) {
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

export type DiveSiteResponse = ReturnType<typeof toDiveSiteResponse>;

/** The site's review: its review link, else the blog article written about it. */
export function reviewHref(site: Pick<DiveSite, 'reviewLink' | 'blogSlug'>): string | null {
  return site.reviewLink ?? (site.blogSlug ? `/blog/${site.blogSlug}` : null);
}
