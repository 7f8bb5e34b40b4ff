import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import type { MapSite } from 'core/dive-sites/map-payload';
import { skillBadgeClass } from 'core/dive-sites/filters';
import { MAX_ZOOM, MIN_TARGET_PX, MIN_ZOOM, markerSize, mapPosition, type MapView } from '../../lib/dive-sites/map';
import { statusBadge } from 'core/dive-sites/status';
import { ratingText, starGlyphs, type ExplorerSite, type TileSettings } from 'core/dive-sites/types';

export interface DiveSiteMapProps {
  sites: MapSite[];
  highlighted: boolean;
  view: MapView;
  tiles: TileSettings;
  /** A site's card for its popup: at once when known, else fetched (null: the site is gone). */
  cardOf: (id: number) => ExplorerSite | null | Promise<ExplorerSite | null>;
}

function row(list: HTMLElement, label: string, value: string) {
  const dt = document.createElement('dt');
  dt.className = 'font-semibold text-slate-700';
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.className = 'text-slate-600';
  dd.textContent = value;
  list.append(dt, dd);
}

function link(parent: HTMLElement, href: string, text: string, newTab: boolean) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  a.className = 'inline-flex min-h-6 items-center font-semibold text-cyan-800 underline';
  if (newTab) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  parent.append(a);
}

/** SPEC section 2's popup: Region, Skill Level, Depth, Water Temp, Visibility, Best Time, Marine Life, badge and links. Text only, never HTML from data. */
function popupContent(site: ExplorerSite, root = document.createElement('div')): HTMLElement {
  root.replaceChildren();
  root.className = 'min-w-64 text-sm';
  const title = document.createElement('h3');
  title.className = 'text-base font-bold text-slate-900';
  title.textContent = site.name;
  root.append(title);
  const stars = document.createElement('p');
  stars.className = 'mt-1 text-slate-700';
  if (site.rating) {
    const glyphs = document.createElement('span');
    glyphs.setAttribute('aria-hidden', 'true');
    glyphs.className = 'mr-1 text-amber-600';
    glyphs.textContent = starGlyphs(site.rating.average);
    stars.append(glyphs, ratingText(site.rating));
  } else {
    stars.textContent = 'No ratings yet';
  }
  root.append(stars);
  if (site.featured) {
    const badge = document.createElement('span');
    badge.className = 'mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900';
    badge.textContent = 'Featured Site';
    root.append(badge);
  }
  const status = statusBadge(site.status);
  if (status)
    root.append(
      Object.assign(document.createElement('span'), {
        className: `ml-1 mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.className}`,
        textContent: status.label,
      }),
    );
  const list = document.createElement('dl');
  list.className = 'mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1';
  row(list, 'Region', site.region);
  row(list, 'Skill Level', site.skillLevel);
  (list.lastElementChild as HTMLElement).className =
    `justify-self-start rounded-full px-2 text-xs font-semibold ring-1 ring-inset ${skillBadgeClass(site.skillLevel)}`;
  row(list, 'Depth', site.depthRange);
  row(list, 'Water Temp', site.waterTemp);
  row(list, 'Visibility', site.visibility || 'Variable');
  if (site.bestTime) row(list, 'Best Time', site.bestTime);
  if (site.marineLife) row(list, 'Marine Life', site.marineLife);
  root.append(list);
  // The site's own page: its safety brief, ratings and everything the popup leaves out.
  const links = document.createElement('p');
  links.className = 'mt-3 flex flex-wrap gap-4';
  link(links, `/dive-sites/${site.id}`, `Open ${site.name}`, false);
  if (site.reviewHref) link(links, site.reviewHref, 'Read Full Review', false);
  if (site.videoUrl) link(links, site.videoUrl, 'Watch Video', true);
  root.append(links);
  return root;
}

/** A dot of SPEC section 9's size inside a hit area of at least 24 px. */
function icon(zoom: number, highlighted: boolean, featured: boolean): L.DivIcon {
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

/** The 1:50m outline is only good enough for an overview; closer in, the sea-blue background alone reads better. */
const OFFLINE_LAND_MAX_ZOOM = 7;

/** The land outline built from Natural Earth (scripts/offline-land.mjs), under the markers. */
async function drawOfflineLand(map: L.Map, url: string): Promise<void> {
  try {
    const response = await fetch(url);
    if (!response.ok) return;
    const land = L.geoJSON(await response.json(), {
      interactive: false,
      attribution: 'Land outline: Natural Earth',
      style: { stroke: true, color: '#94a3b8', weight: 1, fillColor: '#f1f5f9', fillOpacity: 1 },
    });
    const show = () => {
      if (map.getZoom() <= OFFLINE_LAND_MAX_ZOOM) land.addTo(map);
      else land.remove();
    };
    map.on('zoomend', show);
    show();
    map.getContainer().dataset.land = 'drawn';
  } catch (error) {
    console.warn('The offline land outline could not be drawn', error);
  }
}

const MARKER_BATCH = 40;

/**
 * Up to this many sites every one is its own marker (the seed's 244 stay SPEC's dots at every zoom);
 * beyond it nearby sites are drawn as one numbered cluster, recomputed for the part of the map in view,
 * so 2,440 or 24,400 sites stay readable and only what is visible is drawn.
 */
export const CLUSTER_ABOVE = 500;
/** From this zoom on every site is drawn alone (supercluster's maxZoom is the last zoom it clusters at). */
const SINGLES_FROM_ZOOM = 11;

/** A cluster: its number of sites in a circle that grows with it, at least the 24 px target. */
function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 28 : count < 100 ? 34 : count < 1000 ? 40 : 46;
  return L.divIcon({
    className: 'dive-site-cluster',
    html: `<span class="flex h-full w-full items-center justify-center rounded-full bg-orange-500/90 text-xs font-bold text-white ring-4 ring-orange-300/60">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Where supercluster's answer is drawn: east of the antimeridian one world east, as mapPosition does. */
const drawnAt = (lat: number, lng: number): [number, number] => (lng < -30 ? [lat, lng + 360] : [lat, lng]);

/** The Leaflet map of the filtered sites: loaded only when the map scrolls into view. */
export function DiveSiteMap({ sites, highlighted, view, tiles, cardOf: cardOfProp }: DiveSiteMapProps) {
  // It changes as cards arrive; an open popup asks the newest one, without redrawing the markers.
  const cardOf = useRef(cardOfProp);
  useEffect(() => {
    cardOf.current = cardOfProp;
  }, [cardOfProp]);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: view.center, zoom: view.zoom, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM });
    // Tiles may fail (no network): the markers are drawn on their own layer and stay usable, and the
    // map turns to a sea-blue background with the site's own land outline at the zooms it is good for.
    const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    const element = container.current;
    tileLayer.once('tileerror', () => {
      element.dataset.tiles = 'offline';
      if (tiles.offlineLand) void drawOfflineLand(created, tiles.offlineLand);
    });
    const showZoom = () => (element.dataset.zoom = String(created.getZoom()));
    created.on('zoomend', showZoom);
    showZoom();
    element.dataset.ready = 'true';
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once; later views and sites are applied by the effects below
  }, []);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    const markers: { marker: L.Marker; featured: boolean }[] = [];
    group.clearLayers();
    const single = (site: MapSite, position: [number, number]): L.Marker => {
      const marker = L.marker(position, {
        icon: icon(current.getZoom(), highlighted, site.featured),
        title: site.name,
        alt: site.name,
        keyboard: true,
        riseOnHover: true,
      });
      // An element, not a string: Leaflet sets a string as HTML, and a name is text ('<b>X</b>' shows as typed).
      const label = document.createElement('span');
      label.textContent = site.name;
      marker.bindTooltip(label, { opacity: 0.9, direction: 'top' });
      marker.bindPopup(() => popupFor(site, marker), { minWidth: 256, maxWidth: 360 });
      marker.addTo(group);
      return marker;
    };
    const popupFor = (site: MapSite, marker: L.Marker): HTMLElement => {
      const card = cardOf.current(site.id);
      if (!(card instanceof Promise)) return card ? popupContent(card) : gone(site);
      const root = document.createElement('div');
      root.className = 'min-w-64 text-sm';
      root.textContent = `${site.name}: loading...`;
      void card.then(
        (loaded) => {
          if (loaded) popupContent(loaded, root);
          else root.textContent = `${site.name} is no longer listed.`;
          // The filled element becomes the popup's content: update() alone would call this function again.
          marker.getPopup()?.setContent(root);
        },
        () => (root.textContent = 'The details could not be loaded. Please try again.'),
      );
      return root;
    };
    if (sites.length > CLUSTER_ABOVE) return clustered(current, group, sites, single, container.current);
    // In batches, each its own task, so that 244 markers never block input for one long task.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const add = (start: number) => {
      for (const site of sites.slice(start, start + MARKER_BATCH)) {
        const position = mapPosition(site);
        if (!position) {
          console.warn(`Skipping dive site "${site.name}" (id ${site.id}): invalid coordinates`, site.latitude, site.longitude);
          continue;
        }
        markers.push({ marker: single(site, position), featured: site.featured });
      }
      if (start + MARKER_BATCH < sites.length) timer = setTimeout(() => add(start + MARKER_BATCH), 0);
      else if (container.current) container.current.dataset.markers = String(markers.length);
    };
    add(0);
    const resize = () => markers.forEach(({ marker, featured }) => marker.setIcon(icon(current.getZoom(), highlighted, featured)));
    current.on('zoomend', resize);
    return () => {
      clearTimeout(timer);
      current.off('zoomend', resize);
    };
  }, [sites, highlighted]);

  // Compared by value: the parent builds a new center array on every render.
  const [latitude, longitude] = view.center;
  useEffect(() => {
    map.current?.setView([latitude, longitude], view.zoom);
  }, [latitude, longitude, view.zoom]);

  return <div ref={container} className="h-full w-full" role="region" aria-label="Map of the filtered dive sites" />;
}

function gone(site: MapSite): HTMLElement {
  const root = document.createElement('div');
  root.textContent = `${site.name} is no longer listed.`;
  return root;
}

/**
 * Many sites: supercluster indexes them once, and each move or zoom draws the clusters and single sites
 * of the part of the map in view (single sites keep SPEC's marker size and highlight).
 */
function clustered(
  map: L.Map,
  group: L.LayerGroup,
  sites: MapSite[],
  single: (site: MapSite, position: [number, number]) => L.Marker,
  element: HTMLElement | null,
): () => void {
  const index = new Supercluster<{ site: MapSite }>({ radius: 60, maxZoom: SINGLES_FROM_ZOOM - 1, minZoom: MIN_ZOOM });
  index.load(
    sites
      .filter((site) => mapPosition(site) !== null)
      .map((site) => ({ type: 'Feature', properties: { site }, geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] } })),
  );
  // Markers still in view are kept from one draw to the next, so an open popup survives a pan.
  let drawn = new Map<string, { marker: L.Marker; zoom: number }>();
  const draw = () => {
    const bounds = map.getBounds().pad(0.25);
    const zoom = Math.round(map.getZoom());
    const next = new Map<string, { marker: L.Marker; zoom: number }>();
    let singles = 0;
    for (const feature of index.getClusters([bounds.getWest(), Math.max(-85, bounds.getSouth()), bounds.getEast(), Math.min(85, bounds.getNorth())], zoom)) {
      const [lng, lat] = feature.geometry.coordinates;
      const properties = feature.properties;
      const cluster = 'cluster' in properties && properties.cluster ? properties : null;
      const key = cluster ? `c${cluster.cluster_id}` : `s${(properties as { site: MapSite }).site.id}`;
      const kept = drawn.get(key);
      if (cluster) {
        const count = cluster.point_count;
        const marker =
          kept?.marker ??
          L.marker(drawnAt(lat, lng), { icon: clusterIcon(count), title: `${count} dive sites: zoom in`, alt: `${count} dive sites`, keyboard: true }).addTo(
            group,
          );
        if (!kept) marker.on('click', () => map.setView(drawnAt(lat, lng), Math.min(index.getClusterExpansionZoom(cluster.cluster_id), MAX_ZOOM)));
        next.set(key, { marker, zoom });
      } else {
        const site = (properties as { site: MapSite }).site;
        singles += 1;
        // A kept single drawn at another zoom gets SPEC's size for this one.
        if (kept && kept.zoom !== zoom) group.removeLayer(kept.marker);
        next.set(key, kept && kept.zoom === zoom ? kept : { marker: single(site, drawnAt(lat, lng)), zoom });
      }
      drawn.delete(key);
    }
    for (const { marker } of drawn.values()) group.removeLayer(marker);
    drawn = next;
    if (element) {
      element.dataset.markers = String(singles);
      element.dataset.clusters = String(next.size - singles);
    }
  };
  draw();
  map.on('moveend', draw);
  return () => map.off('moveend', draw);
}
