import type { ReactNode } from 'react';
import { PageHero } from 'views/components/PageHero';
import { Island } from 'views/islands/Island';
import type { DiveSiteExplorerProps } from 'client/islands/DiveSiteExplorer';
import { DiveSitePanel, type DiveSitePanelProps } from './DiveSitePanel';
import type { NoticeBrief } from 'core/dive-sites/provenance';
import { SiteNotices, SiteSources } from './SiteStatus';
import type { SiteKind, SiteStatus } from 'core/dive-sites/fields';
import { kindLabel, statusBadge } from 'core/dive-sites/status';

export interface DiveSitesPageProps {
  explorer: DiveSiteExplorerProps;
  /** The site of /dive-sites/{id}, for the hero; null on /dive-sites or for an unknown id. */
  site: { name: string; region: string; kind?: SiteKind; status?: SiteStatus } | null;
  total: number;
  /** The route's site whole, above the explorer (/dive-sites/{id} only). */
  panel?: DiveSitePanelProps | null;
  /** A region's page (/dive-sites?region=...): the notices in force on its sites. */
  regionNotices?: { region: string; notices: NoticeBrief[] } | null;
  /** A region's page: 'Where to dive this weekend' in it (issue 46, the WeekendSites island). */
  weekend?: ReactNode;
}

/** /dive-sites and /dive-sites/{id}: the hero, the route's site (on /dive-sites/{id}), then the interactive area (map, filters, grid). */
export function DiveSitesPage({ explorer, site, total, panel = null, regionNotices = null, weekend = null }: DiveSitesPageProps) {
  return (
    <>
      {/* A site's page names the site once, in a compact band (issue 47): its facts and the emergency line
          follow within a phone's first screen. */}
      <PageHero
        image={site ? null : '/media/scene-coral-reef.svg'}
        opacity="opacity-30"
        padding={site ? 'py-5 sm:py-10' : 'py-8 sm:py-16'}
        eyebrow="Dive Sites"
      >
        {site ? (
          <>
            <h1 className="mt-2 max-w-3xl text-[2rem] leading-tight font-semibold sm:text-5xl">{site.name}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-100">
              <a href={`/dive-sites?region=${encodeURIComponent(site.region)}`} className="font-semibold underline hover:text-white">
                {site.region}
              </a>
              {site.kind && <span>{kindLabel(site.kind)}</span>}
              {site.status && statusBadge(site.status) && (
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusBadge(site.status)?.className}`}>
                  {statusBadge(site.status)?.label}
                </span>
              )}
            </p>
            <p className="mt-1 hidden text-sm text-slate-300 sm:block">
              One of {total} dive sites across Australia and the Pacific.{' '}
              <a href="/dive-sites" className="font-semibold underline hover:text-white">
                Browse all dive sites
              </a>
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-3 max-w-3xl text-3xl font-black leading-tight sm:text-5xl">Explore 244+ Australian Dive Sites</h1>
            {/* Not on a phone: there the list's first results come in the first screen (issue 47). */}
            <p className="mt-4 hidden max-w-2xl text-lg text-slate-100 sm:block">
              From the Great Barrier Reef to Julian Rocks, Fish Rock Cave and the Neptune Islands: find your next dive by region, skill level and depth, on the
              map or in the list.
            </p>
          </>
        )}
      </PageHero>
      {/* A site's own page leads with the site (its facts, safety brief and ratings); the explorer, its search
          pre-filled with the site's name, follows below. */}
      {panel && <DiveSitePanel {...panel} />}
      {regionNotices && (
        <div className="mx-auto max-w-7xl px-4 pt-6">
          <SiteNotices notices={regionNotices.notices} heading={`Notices in ${regionNotices.region}`} level={2} />
        </div>
      )}
      {/* On /dive-sites the explorer's map is the page's first screen; on a site's page it is far below the
          panel, and is hydrated (with its map's Leaflet) only as the visitor scrolls towards it. */}
      {weekend}
      <Island name="DiveSiteExplorer" props={explorer} hydrate={panel ? 'visible' : 'idle'} />
      {/* The foot of a site's page: its newest recorded check, and the pages its facts come from. */}
      {panel && (
        <div className="mx-auto max-w-7xl px-4 pb-12">
          <div className="grid gap-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:grid-cols-2">
            <SiteSources check={panel.check} sources={panel.site.sources} />
            <Island name="SuggestCorrection" props={{ site: { id: panel.site.id, name: panel.site.name } }} hydrate="visible" />
          </div>
        </div>
      )}
    </>
  );
}
