import * as L from 'leaflet';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { MapSite } from 'core/dive-sites/map-payload';
import { DEFAULT_CENTER, DEFAULT_ZOOM, FIT_MAX_ZOOM, FIT_PADDING_PX, mapPosition, targetKey, type MapTarget } from '../../lib/dive-sites/map';
import { inSlices } from '../../lib/slices';
import { keepCoast } from './offline-land';
import type { ExplorerSite, TileSettings } from 'core/dive-sites/types';
import { byView, clustered, CLUSTER_ABOVE, everySite, icon, MarkLayer } from './map/marks';
import { gone, popupContent, popupOptions } from './map/popups';
import { addTiles, newMap } from './map/setup';

export interface DiveSiteMapProps {
  /** The sites drawn; by view (`viewUrl`), those drawn when the view cannot be asked for (offline). */
  sites: MapSite[];
  /**
   * Many sites (issue 31): each view is asked of GET /api/dive-sites/map/view (this address, with its
   * filters, to which `bbox` and `zoom` are added), which answers its clusters or its sites.
   */
  viewUrl?: string;
  highlighted: boolean;
  /** Where the map goes as the filters change: SPEC's centre and zoom, or the filtered sites' box to fit (issue 47). */
  target: MapTarget;
  tiles: TileSettings;
  /** A site's card for its popup: at once when known, else fetched (null: the site is gone). */
  cardOf: (id: number) => ExplorerSite | null | Promise<ExplorerSite | null>;
  /** The site whose card is hovered or focused: marked over every marker and cluster. */
  pointed?: MapSite | null;
}

/** The mark of the site a card points at: a ring above the markers and clusters, for the eye only (the card has the focus). */
function pointedIcon(): L.DivIcon {
  return L.divIcon({
    className: 'dive-site-pointed',
    html: '<span class="block h-full w-full rounded-full bg-amber-400 ring-4 ring-slate-900"></span>',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

/** The map goes to its target: a centre and zoom as given, or the box fitted with a margin, no closer than FIT_MAX_ZOOM. */
function goTo(map: L.Map, target: MapTarget): void {
  if ('bounds' in target) map.fitBounds(target.bounds, { padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: FIT_MAX_ZOOM });
  else map.setView(target.center, target.zoom);
}

/** The Leaflet map of the filtered sites: loaded only when the map scrolls into view. */
export function DiveSiteMap({ sites: sitesProp, viewUrl, highlighted, target, tiles, cardOf: cardOfProp, pointed = null }: DiveSiteMapProps) {
  // The parent passes a new list each time its filters settle, often of the same sites: the markers (and
  // an open popup) are only drawn again when what they show changes.
  const [sites, setSites] = useState(sitesProp);
  if (sites !== sitesProp && !sameMarks(sites, sitesProp)) setSites(sitesProp);
  // It changes as cards arrive; an open popup asks the newest one, without redrawing the markers.
  const cardOf = useRef(cardOfProp);
  useEffect(() => {
    cardOf.current = cardOfProp;
  }, [cardOfProp]);
  // The latest target, for a map that had no size when it changed (hidden on a phone).
  const aim = useRef(target);
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
    const first = 'center' in target ? target : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
    const steps = [
      () => (created = newMap(element, first)),
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
        // What the map shows (tests read it): its zoom, and its box as south,west,north,east.
        const showZoom = () => (element.dataset.zoom = String(created!.getZoom()));
        const showBounds = () => {
          const box = created!.getBounds();
          element.dataset.bounds = [box.getSouth(), box.getWest(), box.getNorth(), box.getEast()].map((value) => value.toFixed(4)).join(',');
        };
        created!.on('zoomend', showZoom);
        created!.on('moveend', showBounds);
        showZoom();
        showBounds();
        element.dataset.ready = 'true';
        // A transition: the markers' first render yields to input.
        startTransition(() => setMade(true));
      },
    ];
    // The box changes size (the phone's map shown again, a window turned): Leaflet measures it again, and a
    // box that was hidden goes to its target once it has a size.
    let resizing: ResizeObserver | undefined;
    if (typeof ResizeObserver !== 'undefined')
      resizing = new ResizeObserver(() => {
        if (!created || !map.current) return;
        const hidden = created.getSize().x === 0;
        created.invalidateSize(false);
        if (hidden && created.getSize().x > 0) goTo(created, aim.current);
      });
    resizing?.observe(element);
    let stopMaking: () => void = () => undefined;
    const frame = requestAnimationFrame(() => (stopMaking = inSlices(steps.length, (index) => steps[index](), undefined, 0)));
    return () => {
      cancelAnimationFrame(frame);
      stopMaking();
      stopKeeping();
      resizing?.disconnect();
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
      marker.bindPopup(() => popupFor(site, marker), popupOptions(current));
      marker.addTo(group);
      return marker;
    };
    const popupFor = (site: MapSite, marker: L.Marker): HTMLElement => {
      const card = cardOf.current(site.id);
      if (!(card instanceof Promise)) return card ? popupContent(card) : gone(site);
      const root = document.createElement('div');
      root.className = 'text-sm';
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
    // A popup keeps fitting a map whose size changed (the phone's map shown, a window turned).
    const refit = () =>
      group.eachLayer((layer) => {
        const popup = layer instanceof L.Marker ? layer.getPopup() : undefined;
        if (popup) Object.assign(popup.options, popupOptions(current));
      });
    current.on('resize', refit);
    const marks = new MarkLayer(current, group, single, resize, container.current);
    const stopDrawing = viewUrl
      ? byView(current, marks, viewUrl, sites)
      : sites.length > CLUSTER_ABOVE
        ? clustered(current, marks, sites)
        : everySite(current, marks, sites);
    return () => {
      current.off('resize', refit);
      marks.stop();
      stopDrawing();
    };
  }, [sites, highlighted, viewUrl, made]);

  // Compared by value: the parent builds a new target on every render.
  const key = targetKey(target);
  useEffect(() => {
    aim.current = target;
  });
  useEffect(() => {
    const current = map.current;
    if (current && current.getSize().x > 0) goTo(current, aim.current);
  }, [key, made]);

  // The site a card points at, marked above the rest (a cluster holding it included).
  const pointedId = pointed?.id ?? null;
  const pointedAt = pointed ? mapPosition(pointed) : null;
  const [pointedLat, pointedLng] = pointedAt ?? [null, null];
  useEffect(() => {
    const current = map.current;
    if (!current || pointedLat === null || pointedLng === null) return;
    const mark = L.marker([pointedLat, pointedLng], { icon: pointedIcon(), interactive: false, keyboard: false, zIndexOffset: 10_000 }).addTo(current);
    const element = mark.getElement();
    element?.setAttribute('aria-hidden', 'true');
    if (element) element.dataset.siteId = String(pointedId);
    return () => void mark.remove();
  }, [pointedId, pointedLat, pointedLng, made]);

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
