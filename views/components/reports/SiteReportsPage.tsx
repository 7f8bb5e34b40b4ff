import type { PageLinks } from 'core/pagination';
import { REPORT_TEXT, type ReportResponse } from 'core/reports';
import { Breadcrumbs } from 'views/components/Breadcrumbs';
import { Pagination } from 'views/components/Pagination';
import { ReportItem } from './SiteReports';

export interface SiteReportsPageProps {
  site: { id: number; name: string; region: string };
  reports: ReportResponse[];
  total: number;
  today: string;
  links: PageLinks;
}

/** /dive-sites/{id}/reports: every published report of a site, the newest dive first, a page at a time (plain links). */
export function SiteReportsPage({ site, reports, total, today, links }: SiteReportsPageProps) {
  const sitePath = `/dive-sites/${site.id}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs
        items={[
          { label: 'Dive Sites', href: '/dive-sites' },
          { label: site.name, href: sitePath },
          { label: 'Reports', href: `${sitePath}/reports` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-semibold text-slate-900">Condition reports: {site.name}</h1>
      <p className="mt-2 text-slate-700">
        {total} report{total === 1 ? '' : 's'} from divers, the newest dive first.{' '}
        <a href={`${sitePath}#site-reports`} className="font-semibold text-cyan-800 underline">
          Add yours on the site&apos;s page
        </a>
      </p>
      {reports.length === 0 ? (
        <p className="mt-6 text-slate-700">{REPORT_TEXT.none}</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} today={today} />
          ))}
        </ul>
      )}
      <Pagination links={links} label="Report pages" />
    </div>
  );
}
