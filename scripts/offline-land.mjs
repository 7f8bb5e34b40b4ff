// The land of Australia and the Pacific as GeoJSON, from Natural Earth's 1:50m land (the world-atlas
// package), for the dive-site map to draw when its tiles cannot load (no network, tile server down).
// Longitudes east of the antimeridian are shifted by +360, as the map draws its Pacific sites
// (client/lib/dive-sites/map.ts, mapPosition); coordinates are rounded to 0.02 degrees (about 2 km),
// close to the 1:50m coastline's own accuracy; the map shows it only at zoom 7 and below.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);

/** The area the map shows: Christmas Island to French Polynesia, Palau and Micronesia to the Southern Ocean. */
const WEST = 100;
const EAST = 235;
const SOUTH = -50;
const NORTH = 10;
const AREAS = [[WEST, EAST, SOUTH, NORTH]];

const round = (value) => Math.round(value * 50) / 50;

function shiftRing(ring) {
  // Natural Earth splits polygons at the antimeridian, so a ring lies wholly on one side of it.
  const east = ring.every(([lon]) => lon < -30);
  return ring.map(([lon, lat]) => [round(east ? lon + 360 : lon), round(lat)]);
}

function inArea(ring) {
  return ring.some(([lon, lat]) => AREAS.some(([west, east, south, north]) => lon >= west && lon <= east && lat >= south && lat <= north));
}

/** Thins a ring to points at least ~3 km apart (the first and last kept); a ring needs four points. */
function tidy(ring) {
  const out = [ring[0]];
  for (let i = 1; i < ring.length - 1; i++) {
    const [lon, lat] = ring[i];
    const last = out[out.length - 1];
    if (Math.abs(lon - last[0]) + Math.abs(lat - last[1]) >= 0.05) out.push(ring[i]);
  }
  out.push(ring[ring.length - 1]);
  return out.length >= 4 ? out : null;
}

export function offlineLand() {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
  const land = feature(topology, topology.objects.land);
  const polygons = [];
  for (const item of land.features) {
    const geometry = item.geometry;
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of list) {
      const rings = polygon.map(shiftRing);
      if (!inArea(rings[0])) continue;
      const outer = tidy(rings[0]);
      // A speck smaller than the thinning is kept as a tiny square, so small islands still show.
      const shell =
        outer ??
        [
          [rings[0][0][0] - 0.02, rings[0][0][1] - 0.02],
          [rings[0][0][0] + 0.02, rings[0][0][1] - 0.02],
          [rings[0][0][0] + 0.02, rings[0][0][1] + 0.02],
          [rings[0][0][0] - 0.02, rings[0][0][1] + 0.02],
          [rings[0][0][0] - 0.02, rings[0][0][1] - 0.02],
        ].map(([a, b]) => [round(a), round(b)]);
      polygons.push([shell, ...rings.slice(1).map(tidy).filter(Boolean)]);
    }
  }
  return {
    type: 'Feature',
    properties: { source: 'Natural Earth 1:50m land, via world-atlas (public domain)' },
    geometry: { type: 'MultiPolygon', coordinates: polygons },
  };
}
