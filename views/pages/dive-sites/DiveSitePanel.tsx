import { skillBadgeClass } from 'core/dive-sites/filters';
import { IMAGE_SIZES, isIllustration } from 'core/images';
import { MONTH_NAMES, type MonthMark } from 'core/dive-sites/season';
import type { RatingsResponse } from 'core/api/dive-sites';
import type { SiteReportsData } from 'core/reports';
import type { PanelSite } from 'core/dive-sites/types';
import { Breadcrumbs, type Crumb } from 'views/components/Breadcrumbs';
import { ResponsiveImage } from 'views/components/ResponsiveImage';
import { VideoPlayer } from 'views/components/VideoPlayer';
import { Island } from 'views/islands/Island';
import { accessLabel } from 'core/dive-sites/status';
import type { NoticeBrief, SiteCheck } from 'core/dive-sites/provenance';
import { SiteNotices, SiteStatusNote } from './SiteStatus';
import { type ConditionsPanel, SiteConditionsSection } from './SiteConditions';
import type { ConditionsResponse } from 'core/api/conditions';
import { ForecastOutlook } from 'views/components/ForecastOutlook';
import { SiteReports } from 'views/components/reports/SiteReports';
import { ReportedConditions } from 'views/components/reports/ReportedConditions';

export type { PanelSite };

export interface PanelChamber {
  name: string;
  city: string;
  country: string;
  phone: string | null;
  notes: string;
}

export interface DiveSitePanelProps {
  site: PanelSite;
  crumbs: Crumb[];
  season: MonthMark[] | null;
  nearby: { id: number; name: string; skillLevel: string; km: number }[];
  safety: {
    nearest: PanelChamber & { km: number };
    far: boolean;
    unplaced: PanelChamber[];
    noChamber: { country: string; notes: string } | null;
    dan: { name: string; australia: string; international: string };
  };
  ratings: RatingsResponse;
  reports: SiteReportsData;
  renderedAt: string;
  /** Issue 43: the site's newest recorded check (null: never checked) and the notices in force on it. */
  check: SiteCheck | null;
  notices: NoticeBrief[];
  /** Tides, sun and moon (issue 46): set by the page's controller, absent when not computed. */
  conditions?: ConditionsPanel | null;
  /** The stored marine forecast and its outlook (issue 46), absent when not read. */
  forecast?: ConditionsResponse | null;
}

const km = (distance: number) => `${distance < 10 ? distance.toFixed(1) : Math.round(distance).toLocaleString('en-AU')} km`;
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/** One fact of the glance strip: its label small above, the value as the reader scans for it. */
function Glance({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="bg-white px-3 py-2">
      <dt className="text-xs font-normal text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Jun-Nov' or 'Jun-Aug, Dec': the runs of best months (else of months dived), or null without a season. */
function bestMonths(season: MonthMark[] | null): string | null {
  if (!season) return null;
  const mark: MonthMark = season.includes('best') ? 'best' : 'good';
  if (!season.includes(mark)) return null;
  if (season.every((m) => m === mark)) return 'All year';
  const short = (index: number) => MONTH_NAMES[index].slice(0, 3);
  // Runs wrap round the year end (Nov-Feb): start from a month that is not marked.
  const start = season.findIndex((m) => m !== mark);
  const runs: string[] = [];
  let first = -1;
  for (let step = 1; step <= 12; step++) {
    const index = (start + step) % 12;
    if (season[index] === mark && first < 0) first = index;
    if (season[index] !== mark && first >= 0) {
      const last = (index + 11) % 12;
      runs.push(first === last ? short(first) : `${short(first)}-${short(last)}`);
      first = -1;
    }
  }
  return runs.join(', ');
}

/**
 * On a phone, whom to call, under the facts and inside the first screen (issue 47): 000, DAN and the nearest
 * chamber. The full safety brief (on a desktop in the column beside) follows further down.
 */
function EmergencyLine({ nearest, dan }: { nearest: DiveSitePanelProps['safety']['nearest']; dan: DiveSitePanelProps['safety']['dan'] }) {
  return (
    <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-950 ring-1 ring-red-200 lg:hidden" data-testid="emergency-line">
      <span className="font-semibold">Emergency: </span>
      <a href="tel:000" className="font-semibold text-red-900 underline">
        000
      </a>
      {' · '}DAN{' '}
      <a href={telHref(dan.australia)} className="font-semibold text-red-900 underline">
        {dan.australia}
      </a>
      {' · '}Nearest chamber: {nearest.name}, {km(nearest.km)}
      {nearest.phone && (
        <>
          {' '}
          <a href={telHref(nearest.phone)} className="font-semibold text-red-900 underline">
            {nearest.phone}
          </a>
        </>
      )}
      {' · '}
      <a href="#site-safety" className="font-semibold text-red-900 underline">
        Safety brief
      </a>
    </p>
  );
}

function SeasonStrip({ months }: { months: MonthMark[] }) {
  const words = { best: 'best', good: 'dived', none: 'not listed' } as const;
  return (
    <ol className="mt-2 grid grid-cols-12 gap-1" aria-label="Best months" data-testid="season-strip">
      {months.map((mark, index) => (
        <li
          key={MONTH_NAMES[index]}
          data-month={MONTH_NAMES[index]}
          data-mark={mark}
          className={`rounded py-1 text-center text-xs font-semibold ${mark === 'best' ? 'bg-cyan-700 text-white' : mark === 'good' ? 'bg-cyan-100 text-cyan-900' : 'bg-slate-100 text-slate-600'}`}
        >
          <abbr title={`${MONTH_NAMES[index]}: ${words[mark]}`} className="no-underline">
            {MONTH_NAMES[index].slice(0, 3)}
          </abbr>
        </li>
      ))}
    </ol>
  );
}

/**
 * The site of /dive-sites/{id} whole, below the explorer: every field untruncated, its position, the season,
 * nearby sites, the safety brief and the ratings. Server-rendered; only the ratings form and the copy
 * button need JavaScript.
 */
export function DiveSitePanel({
  site,
  crumbs,
  season,
  nearby,
  safety,
  ratings,
  reports,
  renderedAt,
  notices,
  conditions = null,
  forecast = null,
}: DiveSitePanelProps) {
  const coordinates = `${site.latitude}, ${site.longitude}`;
  const osm = `https://www.openstreetmap.org/?mlat=${site.latitude}&mlon=${site.longitude}#map=15/${site.latitude}/${site.longitude}`;
  const { nearest } = safety;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:pt-8">
      <article aria-labelledby="site-panel-heading" data-testid="site-panel" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <Breadcrumbs items={crumbs} />
        <div className="mt-2 grid gap-8 lg:grid-cols-[2fr_1fr]">
          {/* min-w-0: a wide table in the column scrolls in its own box instead of widening the page. */}
          <div className="min-w-0">
            {/* The name is the page's heading (the band above): the panel opens with what decides 'can I dive
                this', then, on a phone, whom to call (issue 47). */}
            <h2 id="site-panel-heading" className="eyebrow mt-3 text-slate-600">
              At a glance
            </h2>
            <dl className="mt-2 grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200 sm:grid-cols-3" data-testid="key-facts">
              <Glance label="Level">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${skillBadgeClass(site.skillLevel)}`}>
                  {site.skillLevel}
                </span>
              </Glance>
              <Glance label="Depth">{site.depthRange}</Glance>
              <Glance label="Entry">{accessLabel(site.access)} dive</Glance>
              <Glance label="Best months">{bestMonths(season) ?? (site.bestTime?.trim() || 'All year')}</Glance>
              <Glance label="Water">{site.waterTemp}</Glance>
              <Glance label="Visibility">{site.visibility?.trim() || 'Variable'}</Glance>
            </dl>
            <EmergencyLine nearest={nearest} dan={safety.dan} />
            <SiteStatusNote status={site.status} statusNote={site.statusNote} statusSince={site.statusSince} statusSource={site.statusSource} />
            <SiteNotices notices={notices} />
            <nav aria-label="On this page" className="mt-2 flex flex-wrap gap-x-4 text-sm">
              {conditions && (
                <a href="#site-conditions" className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                  Conditions
                </a>
              )}
              <a href="#site-safety" className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                Safety brief
              </a>
              <a href="#site-ratings" className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                Ratings &amp; reviews
              </a>
              <a href="#site-explorer" className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                Map and other sites
              </a>
            </nav>
            <Island name="SaveForOffline" props={{ site: { id: site.id, name: site.name }, nearbyIds: nearby.map((other) => other.id) }} hydrate="idle" />
            {conditions && <SiteConditionsSection panel={conditions} />}
            {forecast && (
              <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="site-forecast">
                <ReportedConditions reports={reports} />
                <ForecastOutlook conditions={forecast} />
              </div>
            )}
            {/* Only a photo of the place: the site's drawings are not captioned with its name (issue 47). */}
            {site.imageUrl && !isIllustration(site.imageUrl) && (
              <ResponsiveImage
                src={site.imageUrl}
                alt={site.name}
                width={1200}
                height={675}
                sizes={IMAGE_SIZES.main}
                className="mt-4 aspect-video w-full rounded-xl object-cover"
              />
            )}
            <p className="mt-4 whitespace-pre-line text-lg text-slate-800">{site.description}</p>
            {(site.marineLife || site.hazards || site.facilities) && (
              <dl className="mt-6 grid gap-4 sm:grid-cols-2">
                {site.marineLife && <Fact label="Marine life">{site.marineLife}</Fact>}
                {site.hazards && <Fact label="Hazards">{site.hazards}</Fact>}
                {site.facilities && <Fact label="Facilities">{site.facilities}</Fact>}
              </dl>
            )}
            {site.bestTime && (
              <section aria-labelledby="season-heading" className="mt-6">
                <h3 id="season-heading" className="text-lg font-bold text-slate-900">
                  Best time
                </h3>
                <p className="mt-1 text-slate-800">{site.bestTime}</p>
                {season && <SeasonStrip months={season} />}
              </section>
            )}
            {site.videoUrl && (
              <section aria-label="Video" className="mt-6">
                <VideoPlayer url={site.videoUrl} title={site.name} poster={site.videoThumbnail} />
              </section>
            )}
            {site.reviewHref && (
              <p className="mt-6">
                <a
                  href={site.reviewHref}
                  className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-4 py-2 font-semibold text-white hover:bg-cyan-800"
                >
                  Read Full Review
                </a>
              </p>
            )}
          </div>
          <aside className="grid min-w-0 content-start gap-6">
            <section aria-labelledby="position-heading" data-testid="site-position">
              <h3 id="position-heading" className="text-lg font-bold text-slate-900">
                Position
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                <span className="font-mono text-slate-900" data-testid="coordinates">
                  {coordinates}
                </span>
                <Island name="CopyCoordinates" props={{ text: coordinates }} hydrate="idle" />
              </p>
              {site.positionPrecision === 'approximate' ? (
                <p className="mt-1 text-sm text-amber-800">approximate position</p>
              ) : (
                <p className="mt-1 text-sm text-slate-600">published GPS mark</p>
              )}
              <p className="mt-2 flex flex-wrap gap-3 text-sm">
                {/* Maps URLs that open the app where one is installed and the web map elsewhere (issue 47: a geo:
                    link does nothing on a desktop or in iOS Safari). */}
                <a
                  href={`https://www.google.com/maps/search/?api=1&query=${site.latitude},${site.longitude}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline"
                >
                  Google Maps
                </a>
                <a
                  href={`https://maps.apple.com/?ll=${site.latitude},${site.longitude}&q=${encodeURIComponent(site.name)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline"
                >
                  Apple Maps
                </a>
                <a href={osm} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                  OpenStreetMap
                </a>
              </p>
            </section>

            <section id="site-safety" aria-labelledby="safety-heading" data-testid="safety-brief" className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
              <h3 id="safety-heading" className="text-lg font-bold text-red-900">
                Safety brief
              </h3>
              <p className="mt-1 text-sm text-red-900">In a diving emergency call 000 (111 in New Zealand, or the local emergency number), then DAN.</p>
              <p className="mt-3 font-semibold text-slate-900">Nearest recompression chamber</p>
              <p className="text-slate-800" data-testid="nearest-chamber">
                {nearest.name}, {nearest.city} ({nearest.country}): <span data-testid="chamber-km">{km(nearest.km)}</span> away
              </p>
              <p className="text-sm text-slate-800">
                {nearest.phone ? (
                  <a href={telHref(nearest.phone)} className="font-semibold text-cyan-800 underline">
                    {nearest.phone}
                  </a>
                ) : (
                  'No public number: contact it through DAN.'
                )}
              </p>
              {safety.far && (
                <p className="mt-2 font-semibold text-red-900" data-testid="chamber-far">
                  The nearest chamber is {km(nearest.km)} away: an injured diver needs an evacuation flight, so plan with DAN before you go.
                </p>
              )}
              {safety.noChamber && <p className="mt-2 text-sm text-red-900">{safety.noChamber.notes}</p>}
              {safety.unplaced.map((chamber) => (
                <p key={chamber.name} className="mt-2 text-sm text-slate-800">
                  Also in {chamber.country}: {chamber.name}, {chamber.city}
                  {chamber.phone ? ` (${chamber.phone})` : ''}. {chamber.notes}
                </p>
              ))}
              <p className="mt-3 text-sm text-slate-800">
                {safety.dan.name}:{' '}
                <a href={telHref(safety.dan.australia)} className="font-semibold text-cyan-800 underline">
                  {safety.dan.australia}
                </a>{' '}
                (in Australia),{' '}
                <a href={telHref(safety.dan.international)} className="font-semibold text-cyan-800 underline">
                  {safety.dan.international}
                </a>{' '}
                (from overseas)
              </p>
            </section>

            <section aria-labelledby="nearby-heading" data-testid="nearby-sites">
              <h3 id="nearby-heading" className="text-lg font-bold text-slate-900">
                Nearby dive sites
              </h3>
              {nearby.length === 0 ? (
                <p className="mt-1 text-slate-600">No other dive site within 100 km.</p>
              ) : (
                <ol className="mt-2 grid gap-2">
                  {nearby.map((other) => (
                    <li key={other.id} className="flex flex-wrap items-baseline justify-between gap-2">
                      <a href={`/dive-sites/${other.id}`} className="font-semibold text-cyan-800 underline">
                        {other.name}
                      </a>
                      <span className="text-sm text-slate-600">
                        <span data-testid="nearby-km">{km(other.km)}</span> · {other.skillLevel}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </aside>
        </div>
      </article>
      <SiteReports site={{ id: site.id, name: site.name, region: site.region }} reports={reports} />
      <div id="site-ratings">
        <Island name="SiteRatings" props={{ site: { id: site.id, name: site.name }, initial: ratings, renderedAt }} hydrate="visible" />
      </div>
    </div>
  );
}
