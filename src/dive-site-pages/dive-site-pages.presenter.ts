import type { SiteReportsData } from 'core/reports';
import type { BadgeOutlook } from 'core/outlook/site-outlook';
import type { RatingsResponse } from 'core/api/dive-sites';
import type { NoticeBrief, SiteCheck } from 'core/dive-sites/provenance';
import { PANEL_FIELDS, pickFields, reviewHref } from 'core/dive-sites/fields';
import { isFiltered, type DiveSiteFilters } from 'core/dive-sites/filters';
import { MAP_LIST_MAX } from 'core/dive-sites/map-view';
import { seasonMonths } from 'core/dive-sites/season';
import type { PanelSite, TileSettings } from 'core/dive-sites/types';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import type { MapBoxOf } from 'src/dive-sites/dive-site-map.service';
import type { NearbySite } from 'src/dive-sites/dive-site-sql';
import { EXPLORER_CARDS_URL, EXPLORER_SITES_URL, EXPLORER_TOP_RATED_URL, toExplorerSite } from 'src/dive-sites/explorer-site';
import type { PageView, SiteAddress } from 'src/render/page-meta';
import { breadcrumbJsonLd, type Crumb } from 'views/components/Breadcrumbs';
import type { DiveSitePanelProps } from 'views/pages/dive-sites/DiveSitePanel';
import type { DiveSitesPageProps } from 'views/pages/dive-sites/DiveSitesPage';
import type { SafetyBrief } from './safety-brief.service';

const LIST_TITLE = 'Explore 244+ Australian Dive Sites - Interactive Map & Guide';
const LIST_DESCRIPTION =
  'Discover Australian and Pacific dive sites on an interactive map: the Great Barrier Reef, Julian Rocks, Fish Rock Cave, Neptune Islands cage diving and more. Filter by region, skill level and depth.';

type Rating = { average: number; count: number };

/** What the explorer of /dive-sites or /dive-sites/{id} was read with: the cards it embeds and its counts. */
export interface ExplorerData {
  /** The cards the page embeds (`visible` of those matching `filters`, from the `from`-th). */
  cards: DiveSite[];
  ratings: ReadonlyMap<number, Rating>;
  /** Issue 43: the notices in force on the cards' sites. */
  notices: ReadonlyMap<number, NoticeBrief[]>;
  /** The notices in force in the region the list is filtered to (its regional page); empty otherwise. */
  regionNotices: NoticeBrief[];
  /** The cards' newest condition reports, 'vis 15 m, 2 days ago' (issue 45). */
  reports?: ReadonlyMap<number, string>;
  /** The cards' outlook badges (issue 46). */
  outlooks?: ReadonlyMap<number, BadgeOutlook>;
  /** The ids of every site whose outlook answers the filters' (issue 46); null or absent: no outlook asked. */
  outlookMatches?: number[] | null;
  matchCount: number;
  totalSites: number;
  regions: string[];
  visible: number;
  /** The place in the list of the first card (0: the start; core/dive-sites/filters.ts firstCard). */
  from: number;
  filters: DiveSiteFilters;
  matches: number[] | null;
  /** 'Top rated' (the cards best rated first); false: by name. */
  topRated: boolean;
  tiles: TileSettings;
  /** Past MAP_LIST_MAX sites, with filters: the centre and box of every match, for the map (dive-site-pages.service.ts withBox). */
  box?: MapBoxOf;
}

/** The route's site with what its panel shows besides its fields. */
export interface PanelData {
  site: DiveSite;
  nearby: NearbySite[];
  safety: SafetyBrief;
  ratings: RatingsResponse;
  /** Issue 45's 'Latest reports'. */
  reports: SiteReportsData;
  renderedAt: Date;
  check: SiteCheck | null;
  notices: NoticeBrief[];
}

/** /dive-sites/{id}: the explorer, and the route's site (null for an unknown id). */
export interface SitePageData {
  rawId: string;
  explorer: ExplorerData;
  found: PanelData | null;
}

/**
 * The explorer island's props. `route` is the site of /dive-sites/{id} (null for an unknown id); without it
 * the page is /dive-sites, whose sort choice shows and whose list is whole when nothing filters it.
 */
export function explorerProps(data: ExplorerData, route?: { site: DiveSite | null }): DiveSitesPageProps['explorer'] {
  return {
    orderUrl: data.topRated ? EXPLORER_TOP_RATED_URL : null,
    sortChoice: !route,
    sites: data.cards.map((site) => toExplorerSite(site, data.ratings, data.notices, data.reports, data.outlooks)),
    matchCount: data.matchCount,
    initialVisible: data.visible,
    initialFrom: data.from,
    totalSites: data.totalSites,
    complete: !route && !isFiltered(data.filters) && data.from === 0 && data.totalSites <= data.visible,
    sitesUrl: EXPLORER_SITES_URL,
    cardsUrl: EXPLORER_CARDS_URL,
    regions: data.regions,
    initialFilters: data.filters,
    // Beyond MAP_LIST_MAX sites the island asks the server by view and never reads either list of ids (issue 46:
    // the outlook's 5,800 ids, 32 KB, at 100x; a search's as many, 'reef' finds most of 24,700 sites).
    initialMatches: data.totalSites > MAP_LIST_MAX ? null : data.matches,
    initialOutlookMatches: data.totalSites > MAP_LIST_MAX ? null : (data.outlookMatches ?? null),
    initialBox: data.box ?? null,
    routeSite: route?.site ? { id: route.site.id, name: route.site.name } : null,
    routeMissing: !!route && !route.site,
    tiles: data.tiles,
  };
}

/** /dive-sites, ordered by name or top rated first. */
export function presentList(data: ExplorerData): PageView<DiveSitesPageProps> {
  return {
    meta: { title: LIST_TITLE, fullTitle: true, description: LIST_DESCRIPTION, path: '/dive-sites', styles: ['leaflet'] },
    props: {
      site: null,
      total: data.totalSites,
      explorer: explorerProps(data),
      regionNotices: data.regionNotices.length ? { region: data.filters.region, notices: data.regionNotices } : null,
    },
  };
}

/** /dive-sites/{id}: the site's own page, or (an unknown id) the explorer's empty state, kept out of search engines. */
export function presentSite(data: SitePageData, address: SiteAddress): PageView<DiveSitesPageProps> {
  const explorer = explorerProps(data.explorer, { site: data.found?.site ?? null });
  const total = data.explorer.totalSites;
  if (!data.found) {
    return {
      meta: {
        title: LIST_TITLE,
        fullTitle: true,
        description: LIST_DESCRIPTION,
        path: `/dive-sites/${encodeURIComponent(data.rawId)}`,
        noindex: true,
        styles: ['leaflet'],
      },
      props: { site: null, total, explorer },
    };
  }
  const { site } = data.found;
  const panel = sitePanel(data.found);
  return {
    meta: {
      title: `${site.name} - ${site.region} Dive Site Guide`,
      description: siteDescription(site),
      path: sitePath(site),
      image: site.imageUrl ?? undefined,
      styles: ['leaflet'],
      jsonLd: [siteJsonLd(site, panel.ratings.summary, address), breadcrumbJsonLd(panel.crumbs, (href) => address.absoluteUrl(href))],
    },
    props: { site: { name: site.name, region: site.region, kind: site.kind, status: site.status }, total, explorer, panel },
  };
}

const sitePath = (site: Pick<DiveSite, 'id'>) => `/dive-sites/${site.id}`;

/** The route's site whole: its fields, position, season, nearby sites, safety brief and ratings. */
export function sitePanel({ site, nearby, safety, ratings, reports, renderedAt, check, notices }: PanelData): DiveSitePanelProps {
  return {
    site: toPanelSite(site),
    crumbs: siteCrumbs(site),
    season: seasonMonths(site.bestTime),
    nearby,
    safety,
    ratings,
    reports,
    renderedAt: renderedAt.toISOString(),
    check,
    notices,
  };
}

/** The panel's fields of a site (PANEL_FIELDS), its position as numbers. */
export function toPanelSite(site: DiveSite): PanelSite {
  return pickFields({ ...site, reviewHref: reviewHref(site), latitude: Number(site.latitude), longitude: Number(site.longitude) }, PANEL_FIELDS);
}

export function siteCrumbs(site: Pick<DiveSite, 'id' | 'name' | 'region'>): Crumb[] {
  return [
    { label: 'Dive Sites', href: '/dive-sites' },
    { label: site.region, href: `/dive-sites?region=${encodeURIComponent(site.region)}` },
    { label: site.name, href: sitePath(site) },
  ];
}

/** schema.org TouristAttraction: the site, its position, and its visitors' ratings when it has any. */
export function siteJsonLd(site: DiveSite, summary: Rating, address: SiteAddress): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristAttraction',
    name: site.name,
    description: site.description,
    url: address.absoluteUrl(sitePath(site)),
    ...(site.imageUrl ? { image: address.absoluteUrl(site.imageUrl) } : {}),
    touristType: `${site.skillLevel} scuba divers`,
    geo: { '@type': 'GeoCoordinates', latitude: Number(site.latitude), longitude: Number(site.longitude) },
    address: { '@type': 'PostalAddress', addressRegion: site.region },
    isAccessibleForFree: true,
    ...(summary.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, ratingCount: summary.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/** At most 160 characters: name, region, skill, depth and temperature, then the start of the description. */
export function siteDescription(site: Pick<DiveSite, 'name' | 'region' | 'skillLevel' | 'depthRange' | 'waterTemp' | 'description'>): string {
  const lead = `${site.name}, ${site.region}: ${site.skillLevel.toLowerCase()} dive, ${site.depthRange}, water ${site.waterTemp}. `;
  const text = lead + site.description;
  return text.length <= 160 ? text : `${text.slice(0, 157).trimEnd()}...`;
}
