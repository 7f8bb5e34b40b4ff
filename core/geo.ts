const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine), the same formula the nearby-sites query runs in PostgreSQL. */
export function greatCircleKm(fromLatitude: number, fromLongitude: number, toLatitude: number, toLongitude: number): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(radians(toLatitude - fromLatitude) / 2) ** 2 +
    Math.cos(radians(fromLatitude)) * Math.cos(radians(toLatitude)) * Math.sin(radians(toLongitude - fromLongitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
