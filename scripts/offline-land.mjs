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

/**
 * The coast at a site's zoom (issue 30): Natural Earth's 1:10m land (world-atlas' land-10m) over the same
 * area, cut into squares of COAST_TILE degrees (Sutherland-Hodgman against each square's edges, longitudes
 * shifted as above), coordinates rounded to 0.002 degrees (about 200 m, the 1:10m coastline's own
 * accuracy). Only squares holding land are written; the map fetches those of its view when its tiles fail
 * at a zoom above the 1:50m outline's, and the service worker keeps those a kept site page showed.
 * Returns { 'lat_lng': Feature } keyed by each square's south-west corner.
 */
export const COAST_TILE = 1;

const fine = (value) => Math.round(value * 500) / 500;

function clipRing(ring, [west, south, east, north], round = fine) {
  const edges = [(p) => p[0] >= west, (p) => p[0] <= east, (p) => p[1] >= south, (p) => p[1] <= north];
  const cross = [
    (a, b) => [west, a[1] + ((b[1] - a[1]) * (west - a[0])) / (b[0] - a[0])],
    (a, b) => [east, a[1] + ((b[1] - a[1]) * (east - a[0])) / (b[0] - a[0])],
    (a, b) => [a[0] + ((b[0] - a[0]) * (south - a[1])) / (b[1] - a[1]), south],
    (a, b) => [a[0] + ((b[0] - a[0]) * (north - a[1])) / (b[1] - a[1]), north],
  ];
  let points = ring.slice(0, -1);
  for (let edge = 0; edge < 4 && points.length; edge++) {
    const inside = edges[edge];
    const next = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i];
      const previous = points[(i + points.length - 1) % points.length];
      if (inside(current)) {
        if (!inside(previous)) next.push(cross[edge](previous, current));
        next.push(current);
      } else if (inside(previous)) next.push(cross[edge](previous, current));
    }
    points = next;
  }
  const out = [];
  for (const [lon, lat] of points) {
    const point = [round(lon), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  if (out.length < 3) return null;
  out.push(out[0]);
  return out;
}

export function offlineCoastTiles() {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-10m.json'), 'utf8'));
  const land = feature(topology, topology.objects.land);
  const tiles = new Map();
  for (const item of land.features) {
    const geometry = item.geometry;
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of list) {
      const east = polygon[0].every(([lon]) => lon < -30);
      const rings = polygon.map((ring) => ring.map(([lon, lat]) => [east ? lon + 360 : lon, lat]));
      const lons = rings[0].map(([lon]) => lon);
      const lats = rings[0].map(([, lat]) => lat);
      const box = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
      if (box[2] < WEST || box[0] > EAST || box[3] < SOUTH || box[1] > NORTH) continue;
      // A column first, then its squares: the mainland's ring is clipped once per column, not once per square.
      for (let lon = Math.floor(box[0] / COAST_TILE) * COAST_TILE; lon < box[2]; lon += COAST_TILE) {
        if (lon + COAST_TILE < WEST || lon > EAST) continue;
        const column = [lon, -90, lon + COAST_TILE, 90];
        const strip = rings.map((ring) => clipRing(ring, column, (value) => value));
        if (!strip[0]) continue;
        for (let lat = Math.floor(box[1] / COAST_TILE) * COAST_TILE; lat < box[3]; lat += COAST_TILE) {
          if (lat + COAST_TILE < SOUTH || lat > NORTH) continue;
          const square = [lon, lat, lon + COAST_TILE, lat + COAST_TILE];
          const shell = clipRing(strip[0], square);
          if (!shell) continue;
          const holes = strip
            .slice(1)
            .filter(Boolean)
            .map((ring) => clipRing(ring, square))
            .filter(Boolean);
          const key = `${lat}_${lon}`;
          if (!tiles.has(key)) tiles.set(key, []);
          tiles.get(key).push([shell, ...holes]);
        }
      }
    }
  }
  return Object.fromEntries(
    [...tiles].map(([key, polygons]) => [
      key,
      {
        type: 'Feature',
        properties: { source: 'Natural Earth 1:10m land, via world-atlas (public domain)' },
        geometry: { type: 'MultiPolygon', coordinates: polygons },
      },
    ]),
  );
}
