import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api';
import { keys } from '../query-keys';
import type { SecuritySummary } from 'core/api/admin';

/** SPEC section 9: the security data refreshes every 30 s, every 5 s while the security tab is open. */
export const SECURITY_REFRESH_MS = 30_000;
export const SECURITY_TAB_REFRESH_MS = 5_000;

export function useSecuritySummary(onSecurityTab: boolean) {
  return useQuery({
    queryKey: keys.security,
    queryFn: () => getJson<SecuritySummary>('/api/admin/security-dashboard'),
    refetchInterval: onSecurityTab ? SECURITY_TAB_REFRESH_MS : SECURITY_REFRESH_MS,
  });
}
