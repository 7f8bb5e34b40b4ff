import type { RatingsData } from 'core/dive-sites/types';
import { RatingsPanel } from './dive-sites/RatingsPanel';

export interface SiteRatingsProps {
  site: { id: number; name: string };
  initial: RatingsData;
  renderedAt: string;
}

/** The ratings panel of /dive-sites/{id}, for the route's site whatever the explorer's search matches. */
export function SiteRatings(props: SiteRatingsProps) {
  return <RatingsPanel {...props} />;
}
