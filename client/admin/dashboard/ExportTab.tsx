import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api';
import { keys } from '../query-keys';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';

export const DIVE_SITES_CSV_URL = '/api/dive-sites/export/csv';

/** 'Database Exports' (SPEC section 2, export tab). The CSV opens in a new tab, where it downloads. */
export function ExportTab() {
  const sites = useQuery({ queryKey: keys.diveSites, queryFn: () => getJson<DiveSiteResponse[]>('/api/dive-sites') });
  return (
    <Card>
      <CardHeader title="Database Exports" description="Download the site's data for backups and spreadsheets." />
      <CardContent>
        <div className="rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Dive Sites CSV Export</h3>
          <p className="mt-1 text-sm text-slate-600">
            Every dive site with its coordinates, marine life, facilities and safety info (hazards, skill level, depth).
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {sites.data
              ? `${sites.data.length} dive sites across Australia and Pacific regions.`
              : sites.isError
                ? 'Dive sites across Australia and Pacific regions.'
                : 'Counting dive sites...'}
          </p>
          <Button className="mt-4" onClick={() => window.open(DIVE_SITES_CSV_URL, '_blank', 'noopener')}>
            Download CSV
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
