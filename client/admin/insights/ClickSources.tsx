import type { InsightSource } from 'core/api/insights';
import { ScrollTable } from '../ui/ScrollTable';
import { counted, formatWeekday } from './wording';

/**
 * Which review, purchase link and newsletter issue led to the period's purchase-link clicks (issue 44 item
 * 6): the review page a click was made on, and the issue whose link brought the reader there (its link adds
 * `?source=issue-{id}`, carried to the purchase link; docs/newsletter-figures.md).
 */
export function ClickSources({ sources }: { sources: InsightSource[] }) {
  return (
    <div>
      <h3 className="mb-1 text-base font-semibold text-slate-900">Where purchase-link clicks came from</h3>
      <p className="mb-3 text-sm text-slate-600">The review page a click was made on, and the newsletter issue whose link brought the reader there.</p>
      {sources.length === 0 ? (
        <p className="text-sm text-slate-500">No purchase-link clicks in this period.</p>
      ) : (
        <ScrollTable label="Sources of the clicks on purchase links" columns={['Purchase link', 'Review page', 'Newsletter issue', 'Clicks', 'Last click']}>
          {sources.map((source) => (
            <tr key={`${source.kind}/${source.slug}/${source.review?.slug ?? ''}/${source.issue?.id ?? 0}`}>
              <td className="px-4 py-2">
                {source.title}
                {source.kind === 'product' ? ' (product)' : ''}
              </td>
              <td className="px-4 py-2">
                {source.review ? (
                  <a href={`/gear-reviews/${source.review.slug}`} className="text-cyan-800 hover:underline">
                    {source.review.title}
                  </a>
                ) : (
                  <span className="text-slate-500">Another page</span>
                )}
              </td>
              <td className="px-4 py-2">{source.issue ? source.issue.subject : <span className="text-slate-500">None</span>}</td>
              <td className="px-4 py-2">{counted(source.clicks, 'purchase-link click')}</td>
              <td className="px-4 py-2">{formatWeekday(source.lastDay)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
