import { formatLongDate } from 'core/site-time';
import { SITE_STATUS_LABELS, sourceTitle, type SiteSource, type SiteStatus as Status } from 'core/dive-sites/fields';
import { CHECKER_LABELS, checkFieldLabel, type NoticeBrief, type SiteCheck } from 'core/dive-sites/provenance';

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

/** Sources as a sentence's list of links: 'A', 'A and B', 'A, B and C'. */
function SourceLinks({ sources }: { sources: SiteSource[] }) {
  return (
    <>
      {sources.map((source, index) => (
        <span key={source.url}>
          {index === 0 ? '' : index === sources.length - 1 ? ' and ' : ', '}
          <a href={source.url} rel="noopener noreferrer" className="break-words font-semibold text-cyan-800 underline">
            {source.title}
          </a>
        </span>
      ))}
    </>
  );
}

/**
 * Issue 43: when the site's facts were checked, what and against which published sources, from its newest
 * recorded check only; without one, the page says plainly that nothing has been checked yet.
 */
export function SiteCheckNote({ check }: { check: SiteCheck | null }) {
  if (!check) {
    return (
      <p className="mt-1 text-slate-700" data-testid="site-check" data-checked="false">
        This site&apos;s facts have not yet been checked against a published source. If you know one,{' '}
        <a href="#suggest-correction" className="font-semibold text-cyan-800 underline">
          suggest a correction
        </a>
        .
      </p>
    );
  }
  return (
    <p className="mt-1 text-slate-700" data-testid="site-check" data-checked="true">
      Checked <time dateTime={check.checkedOn}>{longDay(check.checkedOn)}</time> against <SourceLinks sources={check.sources} />
      {check.fields.length > 0 && <> ({check.fields.map(checkFieldLabel).join(', ').toLowerCase()})</>}
      {check.by === 'reader' && <>, from {CHECKER_LABELS.reader}</>}.
    </p>
  );
}

/** The foot of a site's page: its newest recorded check and the published pages behind its facts. */
export function SiteSources({ check, sources }: { check: SiteCheck | null; sources: SiteSource[] }) {
  return (
    <section aria-labelledby="site-sources-heading" data-testid="site-sources">
      <h2 id="site-sources-heading" className="text-xl font-bold text-slate-900">
        Sources
      </h2>
      <SiteCheckNote check={check} />
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

/** 'In force since 14 April 2025' or 'from 1 March 2026 to 30 April 2026'. */
export function noticeDates(notice: Pick<NoticeBrief, 'startsOn' | 'endsOn'>): string {
  return notice.endsOn ? `From ${longDay(notice.startsOn)} to ${longDay(notice.endsOn)}` : `Since ${longDay(notice.startsOn)}`;
}

/**
 * Issue 43: the notices in force on a site (its page) or a region (its page), each dated and with its
 * source. Renders nothing when there are none.
 */
export function SiteNotices({ notices, heading, level = 3 }: { notices: NoticeBrief[]; heading?: string; level?: 2 | 3 }) {
  if (!notices.length) return null;
  const Title = level === 2 ? 'h3' : 'h4';
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="site-notices-heading" data-testid="site-notices" className="mt-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <Heading id="site-notices-heading" className="font-bold">
        {heading ?? (notices.length === 1 ? 'Notice' : `${notices.length} notices`)}
      </Heading>
      <ul className="mt-1 grid gap-3">
        {notices.map((notice) => (
          <li key={notice.id} data-testid="notice">
            <Title className="font-semibold">{notice.title}</Title>
            <p className="text-sm">
              <time dateTime={notice.startsOn}>{noticeDates(notice)}</time>
            </p>
            <p className="mt-1 text-sm">{notice.body}</p>
            <p className="mt-1 text-sm">
              <a href={notice.source.url} rel="noopener noreferrer" className="inline-flex min-h-6 items-center font-semibold underline">
                Source: {notice.source.title}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
