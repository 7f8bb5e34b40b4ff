import { SITE_ACCESSES, SITE_KINDS, type SiteAccess, type SiteKind } from './fields';
import { depthBand, type DepthBand } from './filters';

/**
 * GET /api/dive-sites/map: what the map and the filters need of every site, and nothing of its card. A
 * site is one array (no field names repeated 2,440 times), its region and skill level an index into the
 * lists given once, its depth already a band, its coordinates rounded to 5 places (about 1 m). The cards
 * and popups load their text on demand (GET /api/dive-sites/cards?ids=).
 */
export interface MapPayload {
  regions: string[];
  skillLevels: string[];
  /**
   * [id, name, latitude, longitude, region index, skill level index, depth band (0 none, 1 shallow, 2 medium, 3 deep), featured (0 or 1),
   * kind (index into SITE_KINDS), access (index into SITE_ACCESSES)]
   */
  sites: MapRow[];
}

export type MapRow = [number, string, number, number, number, number, number, number, number, number];

/** One site as the map and the filters read it. */
export interface MapSite {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  region: string;
  skillLevel: string;
  depth: DepthBand | null;
  featured: boolean;
  kind: SiteKind;
  access: SiteAccess;
}

const BANDS: (DepthBand | null)[] = [null, 'shallow', 'medium', 'deep'];
const round = (value: number) => Math.round(value * 1e5) / 1e5;

interface SiteFields {
  id: number;
  name: string;
  latitude: string | number;
  longitude: string | number;
  region: string;
  skillLevel: string;
  depthRange: string;
  featured: boolean;
  kind: SiteKind;
  access: SiteAccess;
}

/** The map's fields of a site whose whole record (or card) is at hand. */
export function toMapSite(site: SiteFields): MapSite {
  return {
    id: site.id,
    name: site.name,
    latitude: Number(site.latitude),
    longitude: Number(site.longitude),
    region: site.region,
    skillLevel: site.skillLevel,
    depth: depthBand(site.depthRange),
    featured: site.featured,
    kind: site.kind,
    access: site.access,
  };
}

export function encodeMapPayload(sites: SiteFields[]): MapPayload {
  const regions: string[] = [];
  const skillLevels: string[] = [];
  const indexIn = (list: string[], value: string) => {
    const found = list.indexOf(value);
    return found >= 0 ? found : list.push(value) - 1;
  };
  return {
    regions,
    skillLevels,
    sites: sites.map((site) => {
      const map = toMapSite(site);
      return [
        map.id,
        map.name,
        round(map.latitude),
        round(map.longitude),
        indexIn(regions, map.region),
        indexIn(skillLevels, map.skillLevel),
        BANDS.indexOf(map.depth),
        map.featured ? 1 : 0,
        SITE_KINDS.indexOf(map.kind),
        SITE_ACCESSES.indexOf(map.access),
      ];
    }),
  };
}

export function decodeMapPayload(payload: MapPayload): MapSite[] {
  return payload.sites.map(([id, name, latitude, longitude, region, skill, band, featured, kind, access]) => ({
    id,
    name,
    latitude,
    longitude,
    region: payload.regions[region],
    skillLevel: payload.skillLevels[skill],
    depth: BANDS[band] ?? null,
    featured: featured === 1,
    kind: SITE_KINDS[kind] ?? 'other',
    access: SITE_ACCESSES[access] ?? 'both',
  }));
}
