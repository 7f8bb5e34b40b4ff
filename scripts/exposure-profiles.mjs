// Issue 46 item 4: each dive site's exposure profile, derived from a coastline. For each of the eight compass
// points a ray runs from the site over Natural Earth's 1:10m land (world-atlas' land-10m, public domain) and
// its fetch is the open water before the first coast it meets (up to MAX_KM). Swell reaches the site from a
// point whose fetch is at least OCEAN_KM (open ocean, not a bay or a strait); a wind from a point blows
// onshore when it comes over at least ONSHORE_KM of water. A site the 1:10m land covers (a position inside a
// bay, river or harbour the coarse outline fills) or one named in data/exposure-checks.json is not derived:
// the first is written as not profiled, the second as checked by hand, with its reason and sources.
// Writes data/exposure-profiles.json. Run: node scripts/exposure-profiles.mjs
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const MAX_KM = 200;
const OCEAN_KM = 100;
const ONSHORE_KM = 5;
const KM_PER_DEGREE = 111.32;

const sites = readdirSync('data/dive-sites')
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const data = JSON.parse(readFileSync(`data/dive-sites/${file}`, 'utf8'));
    return Array.isArray(data) ? data : (data.sites ?? []);
  });
const checks = JSON.parse(readFileSync('data/exposure-checks.json', 'utf8')).sites;

const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-10m.json'), 'utf8'));
/** Every coast segment, [lon1, lat1, lon2, lat2] (longitudes west of -30 shifted by +360, as the Pacific's sites are). */
const segments = [];
for (const item of feature(topology, topology.objects.land).features) {
  const polygons = item.geometry.type === 'Polygon' ? [item.geometry.coordinates] : item.geometry.coordinates;
  for (const rings of polygons)
    for (const ring of rings) {
      const shift = ring.every(([lon]) => lon < -30) ? 360 : 0;
      for (let i = 1; i < ring.length; i++) segments.push([ring[i - 1][0] + shift, ring[i - 1][1], ring[i][0] + shift, ring[i][1]]);
    }
}

/** Where segment p-q crosses segment a-b, as the fraction along p-q; null if they do not cross. */
function crossing(px, py, qx, qy, [ax, ay, bx, by]) {
  const rx = qx - px,
    ry = qy - py,
    sx = bx - ax,
    sy = by - ay;
  const d = rx * sy - ry * sx;
  if (d === 0) return null;
  const t = ((ax - px) * sy - (ay - py) * sx) / d;
  const u = ((ax - px) * ry - (ay - py) * rx) / d;
  return t > 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

function profile(site) {
  const lat = Number(site.latitude);
  const lon = Number(site.longitude) < -30 ? Number(site.longitude) + 360 : Number(site.longitude);
  const reach = MAX_KM / KM_PER_DEGREE / Math.cos((lat * Math.PI) / 180) + 0.1;
  const near = segments.filter(
    ([ax, ay, bx, by]) =>
      Math.max(ax, bx) >= lon - reach && Math.min(ax, bx) <= lon + reach && Math.max(ay, by) >= lat - reach && Math.min(ay, by) <= lat + reach,
  );
  const fetch = {};
  // On land: a ray due east to beyond every coast crosses the land's rings an odd number of times.
  const inside = segments.filter((segment) => crossing(lon, lat, 400, lat, segment) !== null).length % 2 === 1;
  for (const [i, point] of POINTS.entries()) {
    const bearing = (i * 45 * Math.PI) / 180;
    const dLat = (Math.cos(bearing) * MAX_KM) / KM_PER_DEGREE;
    const dLon = (Math.sin(bearing) * MAX_KM) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
    const hits = near.map((segment) => crossing(lon, lat, lon + dLon, lat + dLat, segment)).filter((t) => t !== null);
    fetch[point] = Math.round((hits.length ? Math.min(...hits) : 1) * MAX_KM * 10) / 10;
  }
  if (inside)
    return {
      name: site.name,
      method: 'not profiled',
      reason: 'the 1:10m coastline puts this position on land (a bay, harbour or river it does not resolve)',
      fetchKm: null,
      swellExposure: null,
      onshoreWinds: null,
    };
  return {
    name: site.name,
    method: 'derived',
    fetchKm: fetch,
    swellExposure: POINTS.filter((point) => fetch[point] >= OCEAN_KM),
    onshoreWinds: POINTS.filter((point) => fetch[point] >= ONSHORE_KM),
  };
}

const byName = new Map(checks.map((check) => [check.name, check]));
const out = sites.map((site) => {
  const derived = profile(site);
  const check = byName.get(site.name);
  if (!check) return derived;
  return {
    name: site.name,
    method: 'checked by hand',
    derived: { swellExposure: derived.swellExposure, onshoreWinds: derived.onshoreWinds, fetchKm: derived.fetchKm },
    swellExposure: check.swellExposure === 'derived' ? derived.swellExposure : check.swellExposure,
    onshoreWinds: check.onshoreWinds === 'derived' ? derived.onshoreWinds : check.onshoreWinds,
    reason: check.reason,
    sources: check.sources,
  };
});
const missing = checks.filter((check) => !sites.some((site) => site.name === check.name));
if (missing.length) throw new Error(`data/exposure-checks.json names sites the data does not have: ${missing.map((c) => c.name).join(', ')}`);
writeFileSync(
  'data/exposure-profiles.json',
  JSON.stringify(
    {
      source: 'scripts/exposure-profiles.mjs: Natural Earth 1:10m land (world-atlas, public domain), and data/exposure-checks.json',
      oceanKm: OCEAN_KM,
      onshoreKm: ONSHORE_KM,
      sites: out,
    },
    null,
    1,
  ) + '\n',
);
const count = (method) => out.filter((site) => site.method === method).length;
console.log(`${out.length} sites: ${count('derived')} derived, ${count('checked by hand')} checked by hand, ${count('not profiled')} not profiled`);
