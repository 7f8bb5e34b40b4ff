/** The eight compass points an exposure profile is kept in, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

export const COMPASS_WORDS: Record<CompassPoint, string> = {
  N: 'north',
  NE: 'north-east',
  E: 'east',
  SE: 'south-east',
  S: 'south',
  SW: 'south-west',
  W: 'west',
  NW: 'north-west',
};

export function isCompassPoint(value: unknown): value is CompassPoint {
  return typeof value === 'string' && (COMPASS_POINTS as readonly string[]).includes(value);
}

/** The compass point nearest a bearing in degrees (0 north, 90 east), as a forecast gives a direction. */
export function compassPoint(degrees: number): CompassPoint {
  const turned = ((degrees % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(turned / 45) % 8];
}

/** The opposite point (a wind from the north-west blows towards the south-east). */
export function opposite(point: CompassPoint): CompassPoint {
  return COMPASS_POINTS[(COMPASS_POINTS.indexOf(point) + 4) % 8];
}

/**
 * The way a site faces: the middle of the directions open swell reaches it from, when they form one arc
 * (N, NE, E: north-east); null when none, all, or not one arc.
 */
export function facing(points: readonly CompassPoint[]): CompassPoint | null {
  const set = new Set(points);
  if (set.size === 0 || set.size === 8) return null;
  // The arc starts at the point present whose anticlockwise neighbour is absent; one such point: one arc.
  const starts = COMPASS_POINTS.filter((point, i) => set.has(point) && !set.has(COMPASS_POINTS[(i + 7) % 8]));
  if (starts.length !== 1) return null;
  const start = COMPASS_POINTS.indexOf(starts[0]);
  // An arc of an even number of points has two middles: the anticlockwise one of them stands for it.
  return COMPASS_POINTS[(start + Math.floor((set.size - 1) / 2)) % 8];
}
