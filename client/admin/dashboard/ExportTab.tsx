import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api';
import { keys } from '../query-keys';
import { Button, buttonClass } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ContentImport } from './ContentImport';

export const DIVE_SITES_CSV_URL = '/api/dive-sites/export/csv';
export const CONTENT_EXPORT_URL = '/api/admin/export';

/**
 * 'Database Exports' (SPEC section 2, export tab). The CSV opens in a new tab, where it downloads; the
 * whole site's content downloads as one file (its Content-Disposition names it), which 'Import' reads back.
 */
export function ExportTab() {
  // Every site counted (issue 43): /api/dive-sites answers a page at a time, so its length was a page's 100.
  const sites = useQuery({
    queryKey: [...keys.diveSites, 'regions'],
    queryFn: ({ signal }) => getJson<{ region: string; count: number }[]>('/api/dive-sites/regions', signal),
  });
  const siteCount = sites.data?.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Card>
      <CardHeader title="Database Exports" description="Download the site's data for backups and spreadsheets." />
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Dive Sites CSV Export</h3>
          <p className="mt-1 text-sm text-slate-600">
            Every dive site with its coordinates, marine life, facilities and safety info (hazards, skill level, depth).
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {siteCount !== undefined
              ? `${siteCount} dive sites across Australia and Pacific regions.`
              : sites.isError
                ? 'Dive sites across Australia and Pacific regions.'
                : 'Counting dive sites...'}
          </p>
          <Button className="mt-4" onClick={() => window.open(DIVE_SITES_CSV_URL, '_blank', 'noopener')}>
            Download CSV
          </Button>
        </div>
        <div className="rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">All Content</h3>
          <p className="mt-1 text-sm text-slate-600">
            One JSON file with every article, gear review, product, carousel slide, dive site, comment, rating and newsletter subscriber (with the evidence of
            their consent), and the uploaded images the content shows (up to 16 MB of them). No passwords, sessions or visitors' IP addresses.
          </p>
          <a className={`${buttonClass()} mt-4`} href={CONTENT_EXPORT_URL} download>
            Export all content
          </a>
        </div>
        <ContentImport />
      </CardContent>
    </Card>
  );
}
