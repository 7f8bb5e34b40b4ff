import { reportedConditions, type SiteReportsData } from 'core/reports';

/**
 * Issue 45: the newest report's visibility and current beside the forecast ('Reported: 15 m visibility,
 * light current, Saturday'), when a diver reported in the last few days; nothing otherwise.
 */
export function ReportedConditions({ reports }: { reports: SiteReportsData }) {
  const line = reportedConditions(reports.rows[0], reports.today);
  if (!line) return null;
  return (
    <p className="mb-3 rounded-lg bg-white p-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-200" data-testid="site-reported-conditions">
      {line}{' '}
      <a href="#site-reports" className="font-normal text-cyan-800 underline">
        Divers&apos; reports
      </a>
    </p>
  );
}
