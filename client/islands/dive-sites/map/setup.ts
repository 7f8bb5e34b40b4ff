import * as L from 'leaflet';
import type { TileSettings } from 'core/dive-sites/types';
import { MAX_ZOOM, MIN_ZOOM, type MapView } from '../../../lib/dive-sites/map';
import { drawOfflineLand } from '../offline-land';

/** Leaflet's map in its box, at the first view. */
export function newMap(element: HTMLElement, view: MapView): L.Map {
  // A visitor who asked for less motion (WCAG 2.3.3) gets a map that jumps instead of gliding: zooms,
  // fades, throws and the pans of a popup opening into view.
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const created = L.map(element, {
    center: view.center,
    zoom: view.zoom,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
    inertia: !still,
    // Its only vector layers, the offline land, drawn on a canvas: the islands added a few at a time are
    // painted once a frame, with no element each for the browser to lay out.
    preferCanvas: true,
  });
  if (still) {
    // Leaflet has no setting for its pans (a popup's autopan, setView within the view): each is made a jump.
    const panBy = created.panBy.bind(created);
    created.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
  }
  return created;
}

/**
 * The tiles. They may fail (no network): the markers are drawn on their own layer and stay usable, and the
 * map turns to a sea-blue background with the site's own land outline at the zooms it is good for.
 */
export function addTiles(map: L.Map, tiles: TileSettings, element: HTMLElement): void {
  const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM }).addTo(map);
  tileLayer.once('tileerror', () => {
    element.dataset.tiles = 'offline';
    drawOfflineLand(map, tiles);
  });
}
