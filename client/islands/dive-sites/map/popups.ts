import type * as L from 'leaflet';
import type { MapSite } from 'core/dive-sites/map-payload';
import { skillBadgeClass } from 'core/dive-sites/filters';
import { statusBadge } from 'core/dive-sites/status';
import { outlookBadgeElement } from '../OutlookBadge';
import { ratingText, starGlyphs, type ExplorerSite } from 'core/dive-sites/types';

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
export function popupContent(site: ExplorerSite, root = document.createElement('div')): HTMLElement {
  root.replaceChildren();
  root.className = 'text-sm';
  const title = document.createElement('h3');
  title.className = 'text-base font-bold break-words text-slate-900';
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

/** The sites of a cluster that still share one spot at the closest zoom, each a link to its page. */
export function siteList(sites: MapSite[]): HTMLElement {
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

export function gone(site: MapSite): HTMLElement {
  const root = document.createElement('div');
  root.textContent = `${site.name} is no longer listed.`;
  return root;
}

/** Leaflet's popup around its content: 20 + 24 px of margins, a 1 px border each side. */
const POPUP_FRAME_PX = 46;
/** Above its content: 13 + 13 px of margins, its tip (20 px) and the marker's half (12 px). */
const POPUP_FRAME_HEIGHT_PX = 58;
/** The room kept between a popup opened and the map's edges (Leaflet pans the map to keep it). */
const POPUP_MARGIN_PX = 12;

/**
 * A popup that fits the map (issue 47): never wider than the map less its margins (360 px at most, 256 px
 * at least where there is room), never taller (its content then scrolls), and panned into view with a
 * margin, so a site's name is never cut off on a phone.
 */
export function popupOptions(map: L.Map, widest = 360, narrowest = 256): L.PopupOptions {
  const { x, y } = map.getSize();
  const room = Math.max(120, x - POPUP_FRAME_PX - 2 * POPUP_MARGIN_PX);
  return {
    maxWidth: Math.min(widest, room),
    minWidth: Math.min(narrowest, room),
    maxHeight: Math.max(120, y - POPUP_FRAME_HEIGHT_PX - 2 * POPUP_MARGIN_PX),
    autoPan: true,
    autoPanPadding: [POPUP_MARGIN_PX, POPUP_MARGIN_PX],
  };
}
