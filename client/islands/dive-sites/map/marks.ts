import * as L from 'leaflet';
import Supercluster from 'supercluster';
import { decodeMapPayload, type MapSite } from 'core/dive-sites/map-payload';
import { SINGLES_FROM_ZOOM, viewBox, type MapViewAnswer } from 'core/dive-sites/map-view';
import { MAX_ZOOM, MIN_TARGET_PX, MIN_ZOOM, declutter, markerSize, mapPosition } from '../../../lib/dive-sites/map';
import { inSlices } from '../../../lib/slices';
import { popupOptions, siteList } from './popups';

/** A dot of SPEC section 9's size inside a hit area of at least 24 px. */
export function icon(zoom: number, highlighted: boolean, featured: boolean): L.DivIcon {
  const size = markerSize(zoom, highlighted);
  const target = Math.max(MIN_TARGET_PX, size);
  const colour = highlighted ? 'bg-orange-500 ring-white' : 'bg-cyan-700 ring-white/80';
  return L.divIcon({
    className: 'dive-site-marker',
    html: `<span class="block rounded-full ring-2 ${colour} ${featured ? 'outline outline-1 outline-amber-400' : ''}" style="width:${size}px;height:${size}px"></span>`,
    iconSize: [target, target],
    iconAnchor: [target / 2, target / 2],
    popupAnchor: [0, -target / 2],
    tooltipAnchor: [target / 2, 0],
  });
}

/**
 * Up to this many sites every one is its own marker (the seed's 244 stay SPEC's dots, but for those too
 * close to tell apart: see MarkLayer); beyond it nearby sites are drawn as one numbered cluster,
 * recomputed for the part of the map in view, so 2,440 or 24,400 sites stay readable and only what is
 * visible is drawn.
 */
export const CLUSTER_ABOVE = 500;

/** A cluster's circle grows with its number of sites, from 28 px (above the 24 px target). */
const clusterSide = (count: number) => (count < 10 ? 28 : count < 100 ? 34 : count < 1000 ? 40 : 46);
/** The square a mark's target fills: a site's 24 px, or its cluster's circle. */
const markSide = (count: number) => (count === 1 ? MIN_TARGET_PX : clusterSide(count));

/** A cluster: its number of sites in a circle that grows with it. */
function clusterIcon(count: number): L.DivIcon {
  const size = clusterSide(count);
  return L.divIcon({
    className: 'dive-site-cluster',
    html: `<span class="flex h-full w-full items-center justify-center rounded-full bg-orange-700 text-xs font-bold text-white ring-4 ring-orange-300/60">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * A cluster marker that zooms in on its sites when chosen; at the closest zoom, where they still share
 * one spot, it lists them instead.
 */
function clusterMarker(map: L.Map, group: L.LayerGroup, position: [number, number], count: number, zoomTo: () => number, sites: MapSite[]): L.Marker {
  const marker = L.marker(position, { icon: clusterIcon(count), title: `${count} dive sites: zoom in`, alt: `${count} dive sites`, keyboard: true }).addTo(
    group,
  );
  const open = () => {
    const zoom = Math.round(map.getZoom());
    if (zoom < MAX_ZOOM) map.setView(position, Math.min(Math.max(zoomTo(), zoom + 1), MAX_ZOOM));
    else if (sites.length > 0)
      L.popup(popupOptions(map, 360, 192))
        .setLatLng(position)
        .setContent(siteList(sites))
        .openOn(map);
  };
  marker.on('click', open);
  // A button for the keyboard too: Leaflet itself answers Enter only on a marker with a popup.
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') open();
  });
  return marker;
}

/** What the map shows at a place: a site, or several (a cluster), with the zoom at which a cluster opens. */
export interface MapMark {
  position: [number, number];
  count: number;
  site?: MapSite;
  zoomTo?: () => number;
}

/**
 * The markers of a list of marks. Marks whose targets would overlap at the zoom are drawn as one cluster
 * (declutter: no marker hides part of another, WCAG 2.2 target size); markers still standing are kept from
 * one draw to the next, a site's resized in place at a new zoom (an open popup survives a pan or a zoom);
 * new ones are added a few milliseconds at a time, each slice its own task (inSlices). When the last is
 * drawn, the map's element says at which zoom it drew how many markers, clusters and sites (tests wait for it).
 */
export class MarkLayer {
  private drawn = new Map<string, { marker: L.Marker; zoom: number }>();
  private stopAdding: () => void = () => undefined;

  constructor(
    private readonly map: L.Map,
    private readonly group: L.LayerGroup,
    private readonly single: (site: MapSite, position: [number, number]) => L.Marker,
    private readonly resize: (marker: L.Marker, site: MapSite, zoom: number) => void,
    private readonly element: HTMLElement | null,
  ) {}

  show(marks: MapMark[], drawnData: Record<string, string> = {}): void {
    this.stopAdding();
    const zoom = Math.round(this.map.getZoom());
    const groups = declutter(
      marks.map((mark) => {
        const { x, y } = this.map.project(mark.position, zoom);
        return { x, y, count: mark.count, value: mark };
      }),
      markSide,
    );
    const previous = this.drawn;
    this.drawn = new Map();
    const create: (() => void)[] = [];
    let singles = 0;
    for (const { count, values } of groups) {
      const [first] = values;
      const alone = values.length === 1 ? first.site : undefined;
      if (alone) singles += 1;
      const key = alone ? `s${alone.id}` : `c${first.position.join(',')},${count}`;
      const kept = previous.get(key);
      previous.delete(key);
      if (kept && (kept.zoom === zoom || !alone)) this.drawn.set(key, kept);
      else if (kept && alone) {
        // A site drawn at another zoom takes SPEC's size for this one in place: its open popup stays open.
        this.resize(kept.marker, alone, zoom);
        this.drawn.set(key, { marker: kept.marker, zoom });
      } else {
        const zoomTo = (values.length === 1 && first.zoomTo) || (() => Math.round(this.map.getZoom()) + 2);
        const sites = values.flatMap((mark) => (mark.site ? [mark.site] : []));
        create.push(() => {
          const marker = alone ? this.single(alone, first.position) : clusterMarker(this.map, this.group, first.position, count, zoomTo, sites);
          this.drawn.set(key, { marker, zoom });
        });
      }
    }
    for (const { marker } of previous.values()) this.group.removeLayer(marker);
    const sites = groups.reduce((sum, group) => sum + group.count, 0);
    this.stopAdding = inSlices(
      create.length,
      (index) => create[index](),
      () =>
        this.element &&
        Object.assign(this.element.dataset, {
          ...drawnData,
          markedZoom: String(zoom),
          markers: String(singles),
          clusters: String(groups.length - singles),
          sites: String(sites),
        }),
    );
  }

  stop(): void {
    this.stopAdding();
  }
}

/** Where supercluster's answer is drawn: east of the antimeridian one world east, as mapPosition does. */
const drawnAt = (lat: number, lng: number): [number, number] => (lng < -30 ? [lat, lng + 360] : [lat, lng]);

/** Each site with a position as a mark of its own; a site without one is left out, with a warning. */
export function siteMarks(sites: MapSite[]): MapMark[] {
  return sites.flatMap((site): MapMark[] => {
    const position = mapPosition(site);
    if (position) return [{ position, count: 1, site }];
    console.warn(`Skipping dive site "${site.name}" (id ${site.id}): invalid coordinates`, site.latitude, site.longitude);
    return [];
  });
}

/** Up to CLUSTER_ABOVE sites: every one, drawn again at each zoom (the dots' size follows it, and crowding changes). */
export function everySite(map: L.Map, marks: MarkLayer, sites: MapSite[]): () => void {
  const all = siteMarks(sites);
  const draw = () => marks.show(all);
  draw();
  map.on('zoomend', draw);
  return () => map.off('zoomend', draw);
}

/**
 * Many sites: supercluster indexes them once, and each move or zoom draws the clusters and single sites
 * of the part of the map in view (single sites keep SPEC's marker size and highlight).
 */
export function clustered(map: L.Map, marks: MarkLayer, sites: MapSite[]): () => void {
  const index = new Supercluster<{ site: MapSite }>({ radius: 60, maxZoom: SINGLES_FROM_ZOOM - 1, minZoom: MIN_ZOOM });
  index.load(
    sites
      .filter((site) => mapPosition(site) !== null)
      .map((site) => ({ type: 'Feature', properties: { site }, geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] } })),
  );
  const draw = () => {
    const bounds = map.getBounds().pad(0.25);
    const box: [number, number, number, number] = [bounds.getWest(), Math.max(-85, bounds.getSouth()), bounds.getEast(), Math.min(85, bounds.getNorth())];
    marks.show(
      index.getClusters(box, Math.round(map.getZoom())).map(({ geometry, properties }): MapMark => {
        const position = drawnAt(geometry.coordinates[1], geometry.coordinates[0]);
        if (!('cluster' in properties)) return { position, count: 1, site: properties.site };
        return { position, count: properties.point_count, zoomTo: () => index.getClusterExpansionZoom(properties.cluster_id) };
      }),
    );
  };
  draw();
  map.on('moveend', draw);
  return () => map.off('moveend', draw);
}

/**
 * Many sites, by view (issue 31): each move or zoom asks the server for the view's clusters or sites (the
 * bytes of an answer stay flat whatever the number of sites). When the view cannot be asked for (offline),
 * the page's own sites are drawn.
 */
export function byView(map: L.Map, marks: MarkLayer, url: string, fallback: MapSite[]): () => void {
  let asking: AbortController | null = null;
  const ask = async () => {
    asking?.abort();
    const controller = new AbortController();
    asking = controller;
    const bounds = map.getBounds().pad(0.1);
    const box = viewBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth());
    const zoom = Math.round(map.getZoom());
    const bbox = [box.west, box.south, box.east, box.north].map((value) => value.toFixed(4)).join(',');
    const address = `${url}${url.includes('?') ? '&' : '?'}bbox=${bbox}&zoom=${zoom}`;
    try {
      const response = await fetch(address, { signal: controller.signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${response.status}`);
      const answer = (await response.json()) as MapViewAnswer;
      if (controller.signal.aborted) return;
      const clusters = answer.clusters.map(([lat, lng, count]): MapMark => ({ position: drawnAt(lat, lng), count }));
      // What the markers show (tests wait for it): the box and zoom of the answer drawn.
      marks.show([...clusters, ...siteMarks(decodeMapPayload(answer))], { view: bbox, viewZoom: String(zoom) });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('The map could not ask for its view; drawing the sites of the page', error);
      marks.show(siteMarks(fallback));
    }
  };
  void ask();
  map.on('moveend', ask);
  return () => {
    asking?.abort();
    map.off('moveend', ask);
  };
}
