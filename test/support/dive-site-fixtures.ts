import type { DiveSiteFields } from 'core/dive-sites/fields';

type Trust = Pick<DiveSiteFields, 'status' | 'statusNote' | 'statusSince' | 'statusSource' | 'lastChecked' | 'sources'>;

/** A test site's status and provenance (issue 30): open, no note, checked on the day the fields came. */
export const OPEN_SITE_TRUST: Trust = {
  status: 'open',
  statusNote: null,
  statusSince: null,
  statusSource: null,
  lastChecked: '2026-11-25',
  sources: [],
};
