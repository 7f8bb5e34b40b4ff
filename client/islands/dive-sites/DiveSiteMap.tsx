import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import { decodeMapPayload, type MapSite } from 'core/dive-sites/map-payload';
import { SINGLES_FROM_ZOOM, viewBox, type MapViewAnswer } from 'core/dive-sites/map-view';
import { skillBadgeClass } from 'core/dive-sites/filters';
import { MAX_ZOOM, MIN_TARGET_PX, MIN_ZOOM, markerSize, mapPosition, type MapView } from '../../lib/dive-sites/map';
import { statusBadge } from 'core/dive-sites/status';
import { ratingText, starGlyphs, type ExplorerSite, type TileSettings } from 'core/dive-sites/types';

export interface DiveSiteMapProps {
  /** The sites drawn; by view (`viewUrl`), those drawn when the view cannot be asked for (offline). */
  sites: MapSite[];
  /**
   * Many sites (issue 31): each view is asked of GET /api/dive-sites/map/view (this address, with its
   * filters, to which `bbox` and `zoom` are added), which answers its clusters or its sites.
   */
  viewUrl?: string;
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

/** The 1:50m outline is only good enough for an overview; closer in, the 1:10m coast's squares are drawn. */
const OFFLINE_LAND_MAX_ZOOM = 7;
/** The coast's squares, in degrees (scripts/offline-land.mjs, COAST_TILE). */
const COAST_TILE = 1;
/** A view needing more squares than this is drawn without them (it is far out; the 1:50m outline serves). */
const MAX_COAST_TILES = 12;
const LAND_STYLE = { fillColor: '#f1f5f9', fillOpacity: 1 };

/** The files of the coast's squares a view covers ({south}_{west}.json), none when too many. */
function coastFiles(map: L.Map, folder: string): { key: string; url: string }[] {
  const bounds = map.getBounds();
  const files: { key: string; url: string }[] = [];
  const first = (value: number) => Math.floor(value / COAST_TILE) * COAST_TILE;
  for (let south = first(bounds.getSouth()); south < bounds.getNorth(); south += COAST_TILE) {
    for (let west = first(bounds.getWest()); west < bounds.getEast(); west += COAST_TILE) {
      files.push({ key: `${south}_${west}`, url: `${folder}${south}_${west}.json` });
      if (files.length > MAX_COAST_TILES) return [];
    }
  }
  return files;
}

/**
 * With a service worker, a page that opens close in (a site's page, zoom 12) fetches the coast of its view
 * once the worker controls it, so the worker keeps it (with the build's files) and the page's map shows
 * the coast offline. A square without land has no file (404), and nothing to keep.
 */
function keepCoast(map: L.Map, folder: string): () => void {
  const worker = navigator.serviceWorker;
  if (!worker || map.getZoom() <= OFFLINE_LAND_MAX_ZOOM) return () => undefined;
  const fetchView = () => coastFiles(map, folder).forEach(({ url }) => void fetch(url).catch(() => undefined));
  if (worker.controller) {
    fetchView();
    return () => undefined;
  }
  worker.addEventListener('controllerchange', fetchView, { once: true });
  return () => worker.removeEventListener('controllerchange', fetchView);
}

/**
 * The land built from Natural Earth (scripts/offline-land.mjs), under the markers: the 1:50m outline up to
 * zoom 7, and closer in the 1:10m coast of the squares in view.
 */
function drawOfflineLand(map: L.Map, tiles: TileSettings): void {
  const element = map.getContainer();
  const drawn = (name: 'land' | 'coast') => (element.dataset[name] = 'drawn');
  const outline = tiles.offlineLand
    ? fetch(tiles.offlineLand)
        .then((response) => (response.ok ? response.json() : null))
        .then((data) => {
          if (!data) return null;
          drawn('land');
          return L.geoJSON(data, {
            interactive: false,
            attribution: 'Land outline: Natural Earth',
            style: { stroke: true, color: '#94a3b8', weight: 1, ...LAND_STYLE },
          });
        })
        .catch((error) => {
          console.warn('The offline land outline could not be drawn', error);
          return null;
        })
    : Promise.resolve(null);
  // The squares are cut at their edges: filled without a stroke, so no line runs along a cut.
  const coast = L.layerGroup();
  const asked = new Set<string>();
  const show = async () => {
    const land = await outline;
    const close = map.getZoom() > OFFLINE_LAND_MAX_ZOOM;
    if (land && !close) land.addTo(map);
    else land?.remove();
    if (!close || !tiles.offlineCoast) return void coast.remove();
    coast.addTo(map);
    for (const { key, url } of coastFiles(map, tiles.offlineCoast)) {
      if (asked.has(key)) continue;
      asked.add(key);
      try {
        const response = await fetch(url);
        // No file: a square of open sea.
        if (!response.ok) continue;
        L.geoJSON(await response.json(), { interactive: false, attribution: 'Coast: Natural Earth', style: { stroke: false, ...LAND_STYLE } }).addTo(coast);
        drawn('land');
        drawn('coast');
      } catch {
        // Offline and not kept: the square stays sea-blue, and is asked again on the next move.
        asked.delete(key);
      }
    }
  };
  map.on('moveend', () => void show());
  void show();
}

const MARKER_BATCH = 40;

/**
 * Up to this many sites every one is its own marker (the seed's 244 stay SPEC's dots at every zoom);
 * beyond it nearby sites are drawn as one numbered cluster, recomputed for the part of the map in view,
 * so 2,440 or 24,400 sites stay readable and only what is visible is drawn.
 */
export const CLUSTER_ABOVE = 500;

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

/** A cluster marker that zooms in on its sites when chosen. */
function clusterMarker(map: L.Map, group: L.LayerGroup, position: [number, number], count: number, zoomTo: () => number): L.Marker {
  const marker = L.marker(position, { icon: clusterIcon(count), title: `${count} dive sites: zoom in`, alt: `${count} dive sites`, keyboard: true }).addTo(
    group,
  );
  marker.on('click', () => map.setView(position, Math.min(zoomTo(), MAX_ZOOM)));
  return marker;
}

/** Where supercluster's answer is drawn: east of the antimeridian one world east, as mapPosition does. */
const drawnAt = (lat: number, lng: number): [number, number] => (lng < -30 ? [lat, lng + 360] : [lat, lng]);

/** The Leaflet map of the filtered sites: loaded only when the map scrolls into view. */
export function DiveSiteMap({ sites, viewUrl, highlighted, view, tiles, cardOf: cardOfProp }: DiveSiteMapProps) {
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
      drawOfflineLand(created, tiles);
    });
    const stopKeeping = tiles.offlineCoast ? keepCoast(created, tiles.offlineCoast) : () => undefined;
    const showZoom = () => (element.dataset.zoom = String(created.getZoom()));
    created.on('zoomend', showZoom);
    showZoom();
    element.dataset.ready = 'true';
    return () => {
      stopKeeping();
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
    if (viewUrl) return byView(current, group, viewUrl, sites, single, container.current);
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
  }, [sites, highlighted, viewUrl]);

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
        const marker = kept?.marker ?? clusterMarker(map, group, drawnAt(lat, lng), count, () => index.getClusterExpansionZoom(cluster.cluster_id));
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

/**
 * Many sites, by view (issue 31): each move or zoom asks the server for the view's clusters or sites (the
 * bytes of an answer stay flat whatever the number of sites); markers still in view are kept from one
 * answer to the next, so an open popup survives a pan. When the view cannot be asked for (offline), the
 * page's own sites are drawn.
 */
function byView(
  map: L.Map,
  group: L.LayerGroup,
  url: string,
  fallback: MapSite[],
  single: (site: MapSite, position: [number, number]) => L.Marker,
  element: HTMLElement | null,
): () => void {
  let drawn = new Map<string, { marker: L.Marker; zoom: number }>();
  let asking: AbortController | null = null;
  const show = (clusters: [number, number, number][], sites: MapSite[], zoom: number) => {
    const next = new Map<string, { marker: L.Marker; zoom: number }>();
    for (const [lat, lng, count] of clusters) {
      const key = `c${lat},${lng},${count}`;
      next.set(key, drawn.get(key) ?? { marker: clusterMarker(map, group, drawnAt(lat, lng), count, () => zoom + 2), zoom });
      drawn.delete(key);
    }
    let singles = 0;
    for (const site of sites) {
      const position = mapPosition(site);
      if (!position) continue;
      const key = `s${site.id}`;
      const kept = drawn.get(key);
      if (kept && kept.zoom !== zoom) group.removeLayer(kept.marker);
      next.set(key, kept && kept.zoom === zoom ? kept : { marker: single(site, position), zoom });
      drawn.delete(key);
      singles += 1;
    }
    for (const { marker } of drawn.values()) group.removeLayer(marker);
    drawn = next;
    if (element) {
      element.dataset.markers = String(singles);
      element.dataset.clusters = String(clusters.length);
    }
  };
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
      show(answer.clusters, decodeMapPayload(answer), zoom);
      // What the markers show (tests wait for it): the box and zoom of the answer drawn.
      if (element) Object.assign(element.dataset, { view: bbox, viewZoom: String(zoom) });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('The map could not ask for its view; drawing the sites of the page', error);
      show([], fallback, zoom);
    }
  };
  void ask();
  map.on('moveend', ask);
  return () => {
    asking?.abort();
    map.off('moveend', ask);
  };
}
