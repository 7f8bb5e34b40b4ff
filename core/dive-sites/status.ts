import { SITE_ACCESS_LABELS, SITE_KIND_LABELS, type SiteAccess, type SiteKind, type SiteStatus } from './fields';

/**
 * Issue 30: a closed or restricted site is marked wherever it is listed (its card, its map popup, its
 * page); an open one carries no mark. Red for closed, amber for restricted, each with its word.
 */
export function statusBadge(status: SiteStatus): { label: string; className: string } | null {
  if (status === 'closed') return { label: 'Closed', className: 'bg-red-100 text-red-800 ring-red-600/20' };
  if (status === 'restricted') return { label: 'Restricted', className: 'bg-amber-100 text-amber-900 ring-amber-600/30' };
  return null;
}

/** 'Wreck' and 'Boat' as a site's facts read. */
export const kindLabel = (kind: SiteKind): string => SITE_KIND_LABELS[kind] ?? 'Other';
export const accessLabel = (access: SiteAccess): string => SITE_ACCESS_LABELS[access] ?? 'Shore or boat';
