import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INSIGHT_PERIODS, type InsightPage, type InsightPeriod, type InsightsReport } from 'core/api/insights';
import { getJson } from '../../lib/api';
import { keys } from '../query-keys';
import { buttonClass } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ScrollTable } from '../ui/ScrollTable';
import { BarChart } from './BarChart';
import { ClickSources } from './ClickSources';
import { formatDay, noun } from './wording';

export const INSIGHTS_URL = '/api/admin/insights';

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

/**
 * 'Insights' (issue 32): page views and purchase-link clicks counted on the site itself, for the last 7,
 * 30 or 90 days: a chart per series, the most read articles, reviews and dive sites, every review's and
 * product's clicks with the click-through rate, and the same as a CSV file.
 */
export function InsightsTab() {
  const [days, setDays] = useState<InsightPeriod>(30);
  const report = useQuery({ queryKey: keys.insights(days), queryFn: () => getJson<InsightsReport>(`${INSIGHTS_URL}?days=${days}`) });
  const data = report.data;
  return (
    <Card>
      <CardHeader
        title="Insights"
        description="What readers read and which purchase links they follow, counted on this site: no cookies, no IP addresses, bots and prefetches left out."
        actions={
          <a href={`${INSIGHTS_URL}/csv?days=${days}`} download className={buttonClass('outline', true)}>
            Download CSV
          </a>
        }
      />
      <CardContent className="grid grid-cols-1 gap-6">
        <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
          {INSIGHT_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={buttonClass(period === days ? 'primary' : 'outline', true)}
            >
              Last {period} days
            </button>
          ))}
        </div>
        {report.isPending ? (
          <p className="text-sm text-slate-500">Loading insights...</p>
        ) : report.isError || !data ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load insights. Please try again.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {formatDay(data.from)} to {formatDay(data.to)}: <strong className="text-slate-900">{data.totals.views}</strong>{' '}
              {noun(data.totals.views, 'page view')}, <strong className="text-slate-900">{data.totals.clicks}</strong>{' '}
              {noun(data.totals.clicks, 'purchase-link click')}.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <BarChart label="Page views per day" colour="#0e7490" points={data.daily.map((d) => ({ day: d.day, value: d.views }))} />
              <BarChart label="Purchase-link clicks per day" colour="#d97706" points={data.daily.map((d) => ({ day: d.day, value: d.clicks }))} />
            </div>
            <div className="grid gap-4 lg:grid-cols-3">
              <TopPages label="Top articles" pages={data.topArticles} />
              <TopPages label="Top reviews" pages={data.topReviews} />
              <TopPages label="Top dive sites" pages={data.topDiveSites} />
            </div>
            <div>
              <h3 className="mb-3 text-base font-semibold text-slate-900">Purchase-link clicks</h3>
              {data.links.length === 0 ? (
                <p className="text-sm text-slate-500">No purchase-link clicks or review views in this period.</p>
              ) : (
                <ScrollTable label="Purchase-link clicks" columns={['Review or product', 'Clicks', 'Page views', 'Click-through rate']}>
                  {data.links.map((link) => (
                    <tr key={`${link.kind}/${link.slug}`}>
                      <td className="px-4 py-2">
                        {link.kind === 'review' ? (
                          <a href={`/gear-reviews/${link.slug}`} className="text-cyan-800 hover:underline">
                            {link.title}
                          </a>
                        ) : (
                          <>{link.title} (product)</>
                        )}
                      </td>
                      <td className="px-4 py-2">{link.clicks}</td>
                      <td className="px-4 py-2">{link.views ?? '–'}</td>
                      <td className="px-4 py-2">{percent(link.clickThroughRate)}</td>
                    </tr>
                  ))}
                </ScrollTable>
              )}
            </div>
            <ClickSources sources={data.sources} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TopPages({ label, pages }: { label: string; pages: InsightPage[] }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-base font-semibold text-slate-900">{label}</h3>
      {pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No views in this period.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {pages.map((page) => (
            <li key={page.path} className="flex justify-between gap-3">
              <a href={page.path} className="min-w-0 truncate text-cyan-800 hover:underline">
                {page.title}
              </a>
              <span className="shrink-0 text-slate-700">{page.views}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
