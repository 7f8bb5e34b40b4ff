import { counted, formatWeekday } from '../insights/wording';
import { ScrollTable } from '../ui/ScrollTable';

/** An issue's figures as GET /api/admin/newsletter/issues/{id} answers them (issue 44 item 6). */
export interface IssueFiguresData {
  delivered: number;
  failed: number;
  /** Subscribers who unsubscribed through this issue's own email. */
  unsubscribes: number;
  clicks: number;
  links: { id: number; url: string; label: string; clicks: number }[];
  daily: { day: string; clicks: number }[];
}

/** The address as the editor reads it: the site's own pages by their path, any other by host and path. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (typeof window !== 'undefined' && parsed.host === window.location.host) return `${parsed.pathname}${parsed.search}`;
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * What an issue did once sent: delivered, failed, the unsubscribes it caused (through its own email's link)
 * and the clicks on each of its links, counted through the site's own redirect (no address, email or
 * subscriber kept per click: counts per link per day).
 */
export function IssueFigures({ figures }: { figures: IssueFiguresData }) {
  return (
    <section aria-labelledby="issue-figures-heading" className="grid gap-3 rounded-lg p-4 ring-1 ring-slate-200">
      <h3 id="issue-figures-heading" className="text-base font-semibold text-slate-900">
        Figures
      </h3>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-label="Issue figures">
        <li>
          Delivered <strong className="text-slate-900">{figures.delivered}</strong>
        </li>
        <li>
          Failed <strong className="text-slate-900">{figures.failed}</strong>
        </li>
        <li>
          Unsubscribed through this issue <strong className="text-slate-900">{figures.unsubscribes}</strong>
        </li>
        <li>
          Link clicks <strong className="text-slate-900">{figures.clicks}</strong>
        </li>
      </ul>
      {figures.links.length === 0 ? (
        <p className="text-sm text-slate-500">This issue's email had no links to count.</p>
      ) : (
        <ScrollTable label="Clicks per link" columns={['Link', 'Clicks']}>
          {figures.links.map((link) => (
            <tr key={link.id}>
              <td className="px-4 py-2">
                <span className="font-medium text-slate-900">{link.label || shortUrl(link.url)}</span>
                <span className="block break-all text-xs text-slate-500">{shortUrl(link.url)}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-2">{counted(link.clicks, 'click')}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {figures.daily.length > 0 && (
        <p className="text-xs text-slate-600">By day: {figures.daily.map((day) => `${formatWeekday(day.day)}, ${counted(day.clicks, 'click')}`).join(' · ')}</p>
      )}
      <p className="text-xs text-slate-500">
        Clicks are counted on this site as readers follow the email's links: no address, email or subscriber is kept for a click, bots and prefetches are left
        out, and a reader's repeat within a minute counts once.
      </p>
    </section>
  );
}
