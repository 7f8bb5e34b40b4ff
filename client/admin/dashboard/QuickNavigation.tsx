import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { reportFailure, reportSuccess } from '../feedback';
import { formatAdminDateTime } from '../format';
import { Button, buttonClass } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';

/** Quick Navigation: 'Manage Dive Sites' and 'Update Sitemap' (SPEC section 2). */
export function QuickNavigation() {
  const sitemap = useMutation({
    mutationFn: () => apiRequest<{ timestamp: string }>('POST', '/api/admin/update-sitemap'),
    onSuccess: ({ timestamp }) => reportSuccess('Sitemap Updated', `The sitemap was regenerated on ${formatAdminDateTime(timestamp)}.`),
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to update sitemap. Please try again.'),
  });
  return (
    <Card>
      <CardHeader title="Quick Navigation" level={2} />
      <CardContent className="flex flex-wrap gap-3">
        <a href="/admin/dive-sites" className={buttonClass('outline')}>
          Manage Dive Sites
        </a>
        <Button variant="outline" disabled={sitemap.isPending} onClick={() => sitemap.mutate()}>
          {sitemap.isPending ? 'Updating...' : 'Update Sitemap'}
        </Button>
      </CardContent>
    </Card>
  );
}
