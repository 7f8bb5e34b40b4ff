import type { RatingsResponse } from 'core/api/dive-sites';
import { QueryProvider } from 'client/lib/QueryProvider';
import { RatingsPanel } from './dive-sites/RatingsPanel';

export interface SiteRatingsProps {
  site: { id: number; name: string };
  initial: RatingsResponse;
  renderedAt: string;
}

/** The ratings panel of /dive-sites/{id}, for the route's site whatever the explorer's search matches. */
export function SiteRatings(props: SiteRatingsProps) {
  return (
    <QueryProvider>
      <RatingsPanel {...props} />
    </QueryProvider>
  );
}
