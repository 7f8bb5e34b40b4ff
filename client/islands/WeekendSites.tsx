import { useMemo } from 'react';
import { OUTLOOK_LABELS } from 'core/outlook/rules';
import { weekendOrder, type WeekendSite } from 'core/outlook/site-outlook';
import { distancesFrom, distanceText, NearMeButton, useNearMe } from './dive-sites/NearMe';

export interface WeekendSitesProps {
  /** The region of the page (its sites only); null: every region (the home page). */
  region: string | null;
  /** The sites with a Good or Fair Saturday or Sunday outlook, best first (the server's order). */
  sites: WeekendSite[];
  /** 'A model, not an observation: check with a local operator'. */
  disclaimer: string;
}

const RATING_CLASSES: Record<string, string> = {
  good: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30',
  fair: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  poor: 'bg-rose-100 text-rose-900 ring-rose-600/30',
  unjudged: 'bg-slate-100 text-slate-800 ring-slate-500/30',
};

/**
 * Issue 46: 'Where to dive this weekend' on the home page and a region's page: the sites whose stored
 * forecast gives a Good or Fair Saturday or Sunday, best first. Rendered whole on the server; once the
 * script runs, 'Near me' sorts the same outlooks by distance from the visitor (the position stays on the device).
 */
export function WeekendSites({ region, sites, disclaimer }: WeekendSitesProps) {
  const nearMe = useNearMe();
  const distances = useMemo(() => (nearMe.position ? distancesFrom(nearMe.position, sites) : null), [nearMe.position, sites]);
  const listed = useMemo(() => (distances ? weekendOrder(sites, distances) : sites), [sites, distances]);
  return (
    <section aria-labelledby="weekend-heading" className="mx-auto max-w-7xl px-4 py-10" data-testid="weekend-sites">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="weekend-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Where to dive this weekend
          </h2>
          <p className="mt-1 text-slate-700">
            {region ? `Sites in ${region}` : 'Sites'} with a Good or Fair outlook on Saturday or Sunday, best first. {disclaimer}.
          </p>
        </div>
        {sites.length > 1 && <NearMeButton nearMe={nearMe} />}
      </div>
      {listed.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
          No site has a Good or Fair outlook this weekend in the forecast stored so far.
        </p>
      ) : (
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {listed.map((site) => (
            <li key={site.id} className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-cyan-600">
              <h3 className="text-lg font-bold text-slate-900">
                <a href={`/dive-sites/${site.id}`} className="after:absolute after:inset-0 focus:outline-none hover:text-cyan-800">
                  {site.name}
                </a>
              </h3>
              <p className="text-sm font-medium text-cyan-800">{site.region}</p>
              {distances?.has(site.id) && <p className="text-sm font-semibold text-slate-800">{distanceText(distances.get(site.id)!)} from you</p>}
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${site.name}: outlook`}>
                {site.days.map((day) => (
                  <li
                    key={day.date}
                    data-testid="weekend-outlook"
                    className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${RATING_CLASSES[day.rating ?? 'unjudged']}`}
                  >
                    {`${day.weekday}: ${OUTLOOK_LABELS[day.rating ?? 'unjudged']}`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
