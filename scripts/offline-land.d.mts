// Types of offline-land.mjs for the TypeScript tests that read the land the build writes (test/unit/map-drawing.spec.ts).
import type { Feature, MultiPolygon } from 'geojson';

export function offlineLand(): Feature<MultiPolygon>;
export const COAST_TILE: number;
export function offlineCoastTiles(): Record<string, Feature<MultiPolygon>>;
