/**
 * What the dive-site map draws when its tiles cannot load (no network, tile server down): the land built
 * from Natural Earth by scripts/offline-land.mjs, on the map's sea-blue background.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import * as L from 'leaflet';
import type { TileSettings } from 'core/dive-sites/types';
import { degreesPerPixel, simplifyPolygon, type Rings } from '../../lib/dive-sites/outline';
import { inSlices } from '../../lib/slices';

/** The 1:50m outline is only good enough for an overview; closer in, the 1:10m coast's squares are drawn. */
const OFFLINE_LAND_MAX_ZOOM = 7;
/** The coast's squares, in degrees (scripts/offline-land.mjs, COAST_TILE). */
const COAST_TILE = 1;
/** A view needing more squares than this is drawn without them (it is far out; the 1:50m outline serves). */
const MAX_COAST_TILES = 12;
const LAND_STYLE = { fillColor: '#f1f5f9', fillOpacity: 1 };

/** The files of the coast's squares a view covers ({south}_{west}.json), none when too many. */
function coastFiles(map: L.Map, folder: string): { key: string; url: string }[] {
  const bounds = map.getBounds();
  const files: { key: string; url: string }[] = [];
  const first = (value: number) => Math.floor(value / COAST_TILE) * COAST_TILE;
  for (let south = first(bounds.getSouth()); south < bounds.getNorth(); south += COAST_TILE) {
    for (let west = first(bounds.getWest()); west < bounds.getEast(); west += COAST_TILE) {
      files.push({ key: `${south}_${west}`, url: `${folder}${south}_${west}.json` });
      if (files.length > MAX_COAST_TILES) return [];
    }
  }
  return files;
}

/**
 * With a service worker, a page that opens close in (a site's page, zoom 12) fetches the coast of its view
 * once the worker controls it, so the worker keeps it (with the build's files) and the page's map shows
 * the coast offline. A square without land has no file (404), and nothing to keep.
 */
export function keepCoast(map: L.Map, folder: string): () => void {
  const worker = navigator.serviceWorker;
  if (!worker || map.getZoom() <= OFFLINE_LAND_MAX_ZOOM) return () => undefined;
  const fetchView = () => coastFiles(map, folder).forEach(({ url }) => void fetch(url).catch(() => undefined));
  if (worker.controller) {
    fetchView();
    return () => undefined;
  }
  worker.addEventListener('controllerchange', fetchView, { once: true });
  return () => worker.removeEventListener('controllerchange', fetchView);
}

/**
 * The land built from Natural Earth (scripts/offline-land.mjs), under the markers: the 1:50m outline up to
 * zoom 7, and closer in the 1:10m coast of the squares in view.
 */
export function drawOfflineLand(map: L.Map, tiles: TileSettings): void {
  const element = map.getContainer();
  const drawn = (name: 'land' | 'coast') => (element.dataset[name] = 'drawn');
  const outline: Promise<Rings[] | null> = tiles.offlineLand
    ? fetch(tiles.offlineLand)
        .then((response) => (response.ok ? (response.json() as Promise<Feature<Polygon | MultiPolygon>>) : null))
        .then((data) => (data ? ((data.geometry.type === 'Polygon' ? [data.geometry.coordinates] : data.geometry.coordinates) as Rings[]) : null))
        .catch((error) => {
          console.warn('The offline land outline could not be drawn', error);
          return null;
        })
    : Promise.resolve(null);
  // The outline of each zoom shown, simplified to about a pixel (far out, a small part of its points), its
  // islands added a few at a time.
  const outlines = new Map<number, L.GeoJSON>();
  const outlineAt = (polygons: Rings[], zoom: number): L.GeoJSON => {
    let layer = outlines.get(zoom);
    if (!layer) {
      const built = L.geoJSON(undefined, {
        interactive: false,
        attribution: 'Land outline: Natural Earth',
        style: { stroke: true, color: '#94a3b8', weight: 1, ...LAND_STYLE },
      });
      const tolerance = degreesPerPixel(zoom);
      inSlices(
        polygons.length,
        (index) => {
          const island: Polygon = { type: 'Polygon', coordinates: simplifyPolygon(polygons[index], tolerance) };
          built.addData(island);
        },
        () => drawn('land'),
      );
      outlines.set(zoom, (layer = built));
    }
    return layer;
  };
  let shown: L.GeoJSON | null = null;
  // The squares are cut at their edges: filled without a stroke, so no line runs along a cut.
  const coast = L.layerGroup();
  const asked = new Set<string>();
  const show = async () => {
    const land = await outline;
    const zoom = Math.round(map.getZoom());
    const close = zoom > OFFLINE_LAND_MAX_ZOOM;
    const next = land && !close ? outlineAt(land, zoom) : null;
    if (shown !== next) {
      shown?.remove();
      next?.addTo(map);
      shown = next;
    }
    if (!close || !tiles.offlineCoast) return void coast.remove();
    coast.addTo(map);
    for (const { key, url } of coastFiles(map, tiles.offlineCoast)) {
      if (asked.has(key)) continue;
      asked.add(key);
      try {
        const response = await fetch(url);
        // No file: a square of open sea.
        if (!response.ok) continue;
        L.geoJSON(await response.json(), { interactive: false, attribution: 'Coast: Natural Earth', style: { stroke: false, ...LAND_STYLE } }).addTo(coast);
        drawn('land');
        drawn('coast');
      } catch {
        // Offline and not kept: the square stays sea-blue, and is asked again on the next move.
        asked.delete(key);
      }
    }
  };
  map.on('moveend', () => void show());
  void show();
}
