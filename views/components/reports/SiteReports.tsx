import {
  isOldReport,
  regionReportsFeedPath,
  reportAge,
  reportDay,
  REPORT_TEXT,
  RECENT_REPORTS,
  siteReportsFeedPath,
  siteReportsPath,
  type ReportResponse,
  type SiteReportsData,
} from 'core/reports';
import { Island } from 'views/islands/Island';
import { ReportGallery, ReportPhotos } from './ReportGallery';

/** One report: its day and age ('3 days ago', or marked old past 14 days), what was measured, what was seen. */
export function ReportItem({ report, today }: { report: ReportResponse; today: string }) {
  const old = isOldReport(report.date, today);
  const facts = [
    report.visibility !== null && `Visibility ${report.visibility} m`,
    report.waterTemperature !== null && `Water ${report.waterTemperature} °C`,
    report.current !== null && `Current: ${report.current}`,
    report.surge !== null && `Surge: ${report.surge}`,
  ].filter((fact): fact is string => !!fact);
  return (
    <li id={`report-${report.id}`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="site-report" data-old={old ? 'true' : undefined}>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <time dateTime={report.time ? `${report.date}T${report.time}` : report.date} className="font-semibold text-slate-800">
          {reportDay(report.date)}
          {report.time ? `, ${report.time}` : ''}
        </time>
        <span>({reportAge(report.date, today)})</span>
        {old && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{REPORT_TEXT.old}</span>}
      </p>
      {facts.length > 0 && <p className="mt-1 font-medium text-slate-900">{facts.join(' · ')}</p>}
      {report.comment && <p className="mt-1 whitespace-pre-line text-slate-800">{report.comment}</p>}
      {report.name && <p className="mt-1 text-sm text-slate-600">{report.name}</p>}
      {report.photos && <ReportPhotos photos={report.photos} />}
    </li>
  );
}

/**
 * Issue 45's section of a site's page: 'Latest reports' (the five newest, older ones on the site's reports
 * pages) and the form to add one, which works without JavaScript.
 */
export function SiteReports({ site, reports }: { site: { id: number; name: string; region: string }; reports: SiteReportsData }) {
  return (
    <section
      id="site-reports"
      aria-labelledby="site-reports-heading"
      data-testid="site-reports"
      className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="site-reports-heading" className="text-2xl font-bold text-slate-900">
        {REPORT_TEXT.heading}
      </h2>
      {reports.rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{REPORT_TEXT.none}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {reports.rows.slice(0, RECENT_REPORTS).map((report) => (
            <ReportItem key={report.id} report={report} today={reports.today} />
          ))}
        </ul>
      )}
      {reports.total > RECENT_REPORTS && (
        <p className="mt-3">
          <a href={siteReportsPath(site.id)} className="inline-flex min-h-11 items-center font-semibold text-cyan-800 underline">
            All {reports.total} reports of {site.name}
          </a>
        </p>
      )}
      <ReportGallery photos={reports.gallery ?? []} siteName={site.name} />
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <a href={siteReportsFeedPath(site.id)} className="inline-flex min-h-6 items-center text-cyan-800 underline">
          RSS feed of {site.name}&apos;s reports
        </a>
        <a href={regionReportsFeedPath(site.region)} className="inline-flex min-h-6 items-center text-cyan-800 underline">
          RSS feed of {site.region}&apos;s reports
        </a>
      </p>
      <Island name="SiteReportForm" props={{ site: { id: site.id, name: site.name }, today: reports.today, earliest: reports.earliest }} hydrate="visible" />
    </section>
  );
}
