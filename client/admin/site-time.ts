import { createContext, useContext } from 'react';
import { DEFAULT_SITE_TIMEZONE } from 'core/site-time';

/** The zone the admin reads and enters times in (SITE_TIMEZONE), handed to the dashboard in its island props. */
export const SiteTimeZoneContext = createContext<string>(DEFAULT_SITE_TIMEZONE);

export const useSiteTimeZone = (): string => useContext(SiteTimeZoneContext);
