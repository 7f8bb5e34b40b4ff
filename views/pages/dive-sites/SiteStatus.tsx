import { formatLongDate } from 'core/site-time';
import { SITE_STATUS_LABELS, sourceTitle, type SiteSource, type SiteStatus as Status } from 'core/dive-sites/fields';

/** A stored date ('2024-07-11') as the page writes it: '11 July 2024' (a calendar day, no time zone). */
export const longDay = (day: string) => formatLongDate(`${day}T00:00:00Z`, 'UTC');

interface StatusProps {
  status: Status;
  statusNote: string | null;
  statusSince: string | null;
  statusSource: string | null;
}

const TONES: Record<Status, string> = {
  open: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
  restricted: 'bg-amber-50 text-amber-950 ring-amber-300',
  closed: 'bg-red-50 text-red-950 ring-red-300',
};

/**
 * Issue 30: whether the site can be dived today, in a word (Open, Restricted, Closed), what that means,
 * since when and who says so, near the top of its page.
 */
export function SiteStatusNote({ status, statusNote, statusSince, statusSource }: StatusProps) {
  return (
    <section aria-labelledby="site-status-heading" data-testid="site-status" data-status={status} className={`mt-3 rounded-xl p-4 ring-1 ${TONES[status]}`}>
      <h3 id="site-status-heading" className="font-bold">
        Status: {SITE_STATUS_LABELS[status]}
        {statusSince && (
          <span className="font-normal">
            {' '}
            since <time dateTime={statusSince}>{longDay(statusSince)}</time>
          </span>
        )}
      </h3>
      {statusNote && <p className="mt-1 text-sm">{statusNote}</p>}
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
        {statusSource && (
          <a href={statusSource} rel="noopener noreferrer" className="inline-flex min-h-6 items-center font-semibold underline">
            Source: {sourceTitle(statusSource)}
          </a>
        )}
        <a href="#suggest-correction" className="inline-flex min-h-6 items-center font-semibold underline">
          Suggest a correction
        </a>
      </p>
    </section>
  );
}

/** The foot of a site's page: when its facts were last checked and the published pages behind them. */
export function SiteSources({ lastChecked, sources }: { lastChecked: string | null; sources: SiteSource[] }) {
  return (
    <section aria-labelledby="site-sources-heading" data-testid="site-sources">
      <h2 id="site-sources-heading" className="text-xl font-bold text-slate-900">
        Sources
      </h2>
      {lastChecked && (
        <p className="mt-1 text-slate-700" data-testid="last-checked">
          Last checked <time dateTime={lastChecked}>{longDay(lastChecked)}</time>
        </p>
      )}
      {sources.length === 0 ? (
        <p className="mt-1 text-slate-600">No published source is listed for this site yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} rel="noopener noreferrer" className="inline-flex min-h-6 items-center break-all text-cyan-800 underline">
                {source.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
