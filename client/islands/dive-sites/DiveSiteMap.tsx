import * as L from 'leaflet';
import { startTransition, useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { decodeMapPayload, type MapSite } from 'core/dive-sites/map-payload';
import { SINGLES_FROM_ZOOM, viewBox, type MapViewAnswer } from 'core/dive-sites/map-view';
import { skillBadgeClass } from 'core/dive-sites/filters';
import { MAX_ZOOM, MIN_TARGET_PX, MIN_ZOOM, declutter, markerSize, mapPosition, type MapView } from '../../lib/dive-sites/map';
import { inSlices } from '../../lib/slices';
import { drawOfflineLand, keepCoast } from './offline-land';
import { outlookBadgeElement } from './OutlookBadge';
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
  if (site.outlook) root.append(outlookBadgeElement(site.outlook));
  // Issue 43: the notices in force on the site, each with its source.
  for (const notice of site.notices ?? []) {
    const line = document.createElement('p');
    line.className = 'mt-2 rounded-lg bg-amber-50 px-2 py-1 text-amber-950 ring-1 ring-amber-300';
    line.dataset.testid = 'popup-notice';
    const label = document.createElement('span');
    label.className = 'font-semibold';
    label.textContent = 'Notice: ';
    line.append(label, notice.title, ' ');
    link(line, notice.source.url, 'Source', true);
    root.append(line);
  }
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

/** The sites of a cluster that still share one spot at the closest zoom, each a link to its page. */
function siteList(sites: MapSite[]): HTMLElement {
  const root = document.createElement('div');
  root.className = 'min-w-48 text-sm';
  const heading = document.createElement('p');
  heading.className = 'font-semibold';
  heading.textContent = `${sites.length} dive sites here`;
  const list = document.createElement('ul');
  list.className = 'mt-2 space-y-1';
  for (const site of sites) {
    const item = document.createElement('li');
    link(item, `/dive-sites/${site.id}`, site.name, false);
    list.append(item);
  }
  root.append(heading, list);
  return root;
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
    else if (sites.length > 0) L.popup({ minWidth: 192 }).setLatLng(position).setContent(siteList(sites)).openOn(map);
  };
  marker.on('click', open);
  // A button for the keyboard too: Leaflet itself answers Enter only on a marker with a popup.
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') open();
  });
  return marker;
}

/** What the map shows at a place: a site, or several (a cluster), with the zoom at which a cluster opens. */
interface MapMark {
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
class MarkLayer {
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

/** Leaflet's map in its box, at the first view. */
function newMap(element: HTMLElement, view: MapView): L.Map {
  // A visitor who asked for less motion (WCAG 2.3.3) gets a map that jumps instead of gliding: zooms,
  // fades, throws and the pans of a popup opening into view.
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const created = L.map(element, {
    center: view.center,
    zoom: view.zoom,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
    inertia: !still,
    // Its only vector layers, the offline land, drawn on a canvas: the islands added a few at a time are
    // painted once a frame, with no element each for the browser to lay out.
    preferCanvas: true,
  });
  if (still) {
    // Leaflet has no setting for its pans (a popup's autopan, setView within the view): each is made a jump.
    const panBy = created.panBy.bind(created);
    created.panBy = (offset, options) => panBy(offset, { ...options, animate: false });
  }
  return created;
}

/**
 * The tiles. They may fail (no network): the markers are drawn on their own layer and stay usable, and the
 * map turns to a sea-blue background with the site's own land outline at the zooms it is good for.
 */
function addTiles(map: L.Map, tiles: TileSettings, element: HTMLElement): void {
  const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM }).addTo(map);
  tileLayer.once('tileerror', () => {
    element.dataset.tiles = 'offline';
    drawOfflineLand(map, tiles);
  });
}

/** The Leaflet map of the filtered sites: loaded only when the map scrolls into view. */
export function DiveSiteMap({ sites: sitesProp, viewUrl, highlighted, view, tiles, cardOf: cardOfProp }: DiveSiteMapProps) {
  // The parent passes a new list each time its filters settle, often of the same sites: the markers (and
  // an open popup) are only drawn again when what they show changes.
  const [sites, setSites] = useState(sitesProp);
  if (sites !== sitesProp && !sameMarks(sites, sitesProp)) setSites(sitesProp);
  // It changes as cards arrive; an open popup asks the newest one, without redrawing the markers.
  const cardOf = useRef(cardOfProp);
  useEffect(() => {
    cardOf.current = cardOfProp;
  }, [cardOfProp]);
  const container = useRef<HTMLDivElement>(null);
  const controls = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  // Set once Leaflet has made the map: the markers and the view are applied from then on.
  const [made, setMade] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: L.Map | undefined;
    let stopKeeping: () => void = () => undefined;
    // Made once the browser has laid out and painted React's commit (a frame), then a step a task: Leaflet
    // measures its box as it starts, which on a page still to be laid out lays out the whole page, and the
    // map, its tiles and its controls together were one long task on a slow phone.
    const steps = [
      () => (created = newMap(element, view)),
      () => addTiles(created!, tiles, element),
      () => {
        // The zoom buttons and the credits sit in a bar under the map, not over it, so they never cover a marker.
        for (const control of [created!.zoomControl, created!.attributionControl]) {
          const bar = control.getContainer();
          if (bar) controls.current?.append(bar);
        }
        layer.current = L.layerGroup().addTo(created!);
        map.current = created!;
        if (tiles.offlineCoast) stopKeeping = keepCoast(created!, tiles.offlineCoast);
        const showZoom = () => (element.dataset.zoom = String(created!.getZoom()));
        created!.on('zoomend', showZoom);
        showZoom();
        element.dataset.ready = 'true';
        // A transition: the markers' first render yields to input.
        startTransition(() => setMade(true));
      },
    ];
    let stopMaking: () => void = () => undefined;
    const frame = requestAnimationFrame(() => (stopMaking = inSlices(steps.length, (index) => steps[index](), undefined, 0)));
    return () => {
      cancelAnimationFrame(frame);
      stopMaking();
      stopKeeping();
      created?.remove();
      map.current = null;
      layer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once; later views and sites are applied by the effects below
  }, []);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
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
    const resize = (marker: L.Marker, site: MapSite, zoom: number) => marker.setIcon(icon(zoom, highlighted, site.featured));
    const marks = new MarkLayer(current, group, single, resize, container.current);
    const stopDrawing = viewUrl
      ? byView(current, marks, viewUrl, sites)
      : sites.length > CLUSTER_ABOVE
        ? clustered(current, marks, sites)
        : everySite(current, marks, sites);
    return () => {
      marks.stop();
      stopDrawing();
    };
  }, [sites, highlighted, viewUrl, made]);

  // Compared by value: the parent builds a new center array on every render.
  const [latitude, longitude] = view.center;
  useEffect(() => {
    map.current?.setView([latitude, longitude], view.zoom);
  }, [latitude, longitude, view.zoom, made]);

  return (
    <div className="flex h-full w-full flex-col" role="region" aria-label="Map of the filtered dive sites">
      <div ref={container} className="min-h-0 w-full flex-1" />
      <div ref={controls} className="map-controls" />
    </div>
  );
}

/** Whether two lists draw the same markers: the same sites, in the same places, with the same names and highlights. */
function sameMarks(drawn: MapSite[], next: MapSite[]): boolean {
  return (
    drawn.length === next.length &&
    drawn.every((site, index) => {
      const other = next[index];
      return (
        site === other ||
        (site.id === other.id &&
          site.name === other.name &&
          site.latitude === other.latitude &&
          site.longitude === other.longitude &&
          site.featured === other.featured)
      );
    })
  );
}

function gone(site: MapSite): HTMLElement {
  const root = document.createElement('div');
  root.textContent = `${site.name} is no longer listed.`;
  return root;
}

/** Each site with a position as a mark of its own; a site without one is left out, with a warning. */
function siteMarks(sites: MapSite[]): MapMark[] {
  return sites.flatMap((site): MapMark[] => {
    const position = mapPosition(site);
    if (position) return [{ position, count: 1, site }];
    console.warn(`Skipping dive site "${site.name}" (id ${site.id}): invalid coordinates`, site.latitude, site.longitude);
    return [];
  });
}

/** Up to CLUSTER_ABOVE sites: every one, drawn again at each zoom (the dots' size follows it, and crowding changes). */
function everySite(map: L.Map, marks: MarkLayer, sites: MapSite[]): () => void {
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
function clustered(map: L.Map, marks: MarkLayer, sites: MapSite[]): () => void {
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
function byView(map: L.Map, marks: MarkLayer, url: string, fallback: MapSite[]): () => void {
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
