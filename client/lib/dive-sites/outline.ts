/** The offline land outline the dive-site map draws when its tiles cannot load, fitted to a zoom. */
import simplify from 'simplify-js';

/** A polygon as GeoJSON holds it: rings of [longitude, latitude], the outer ring first. */
export type Rings = [number, number][][];

/** The width in degrees of longitude of one map pixel at a zoom (Web Mercator, 256 px tiles). */
export const degreesPerPixel = (zoom: number) => 360 / (256 * 2 ** zoom);

/** The box around a ring, as a closed ring. */
function box(ring: [number, number][]): [number, number][] {
  const lons = ring.map(([lon]) => lon);
  const lats = ring.map(([, lat]) => lat);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

/**
 * A polygon simplified (Douglas-Peucker, simplify-js) to within `tolerance` degrees, about a pixel at the
 * zoom it is drawn at. A ring that would be left with fewer than four points (an island smaller than that)
 * becomes the box around it, as the build draws specks, so that small islands still show. Leaflet
 * creates, projects and clips every point it is given, so the 1:50m land outline's 18,500 points become
 * about 4,300 at the map's first zoom.
 */
export function simplifyPolygon(rings: Rings, tolerance: number): Rings {
  return rings.map((ring) => {
    const kept = simplify(
      ring.map(([x, y]) => ({ x, y })),
      tolerance,
    ).map(({ x, y }): [number, number] => [x, y]);
    return kept.length >= 4 ? kept : box(ring);
  });
}
