import type { MapRow } from './map-payload';

/**
 * GET /api/dive-sites/map/view (issue 31): what a map shows of one view, so its bytes stay flat however many
 * sites there are. Up to VIEW_SITES_MAX sites in view (or from SINGLES_FROM_ZOOM on) every one comes as a
 * site row; beyond that the view is cut into a grid of CLUSTER_CELL_PX cells and each cell holding several
 * sites comes as one cluster (its count at the mean position of its sites), a cell holding one as its site.
 */
export interface MapViewAnswer {
  /** How many sites match the filters inside the box. */
  total: number;
  /** The grid's cell in degrees (0 when every site comes alone). */
  cell: number;
  /** [latitude, longitude, count]: several sites of one grid cell. */
  clusters: [number, number, number][];
  regions: string[];
  skillLevels: string[];
  sites: MapRow[];
}

/** At most this many sites come alone in one answer. */
export const VIEW_SITES_MAX = 500;
/** From this zoom on the sites of a view come alone (up to VIEW_SITES_MAX of them). */
export const SINGLES_FROM_ZOOM = 11;
/** A cluster stands for the sites of a square this many pixels wide at the view's zoom. */
export const CLUSTER_CELL_PX = 60;
/** At most this many grid cells in one view (a huge box at a high zoom gets coarser cells). */
export const MAX_CELLS = 2_500;
/** Above this many sites /dive-sites' map asks by view, and its filters ask the server; up to it the page fetches every site once. */
export const MAP_LIST_MAX = 2_500;

/** A box in degrees; `west` greater than `east` crosses the antimeridian. */
export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The box's width in degrees of longitude (across the antimeridian too). */
export function boxWidth(box: MapBox): number {
  return box.west <= box.east ? box.east - box.west : 360 - box.west + box.east;
}

/** The grid's cell in degrees for a zoom: CLUSTER_CELL_PX of a 256 px tile, widened so the box holds at most MAX_CELLS. */
export function cellDegrees(zoom: number, box: MapBox): number {
  const cell = (360 / 2 ** zoom) * (CLUSTER_CELL_PX / 256);
  const cells = (boxWidth(box) / cell) * ((box.north - box.south) / cell);
  return cells > MAX_CELLS ? cell * Math.sqrt(cells / MAX_CELLS) : cell;
}

/** The longitude in -180..180. */
export const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * A map's bounds as the endpoint reads them: longitudes wrapped into -180..180 (Leaflet gives 200 for a
 * Pacific view centred on Australia), the whole world when the view spans 360 degrees or more.
 */
export function viewBox(west: number, south: number, east: number, north: number): MapBox {
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  if (east - west >= 360) return { west: -180, south: clampLat(south), east: 180, north: clampLat(north) };
  return {
    west: wrapLongitude(west),
    south: clampLat(south),
    east: wrapLongitude(east) === -180 && east > west ? 180 : wrapLongitude(east),
    north: clampLat(north),
  };
}
