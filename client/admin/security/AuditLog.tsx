import type { SecurityEvent } from 'core/api/admin';
import { useAdminPages } from '../use-admin-pages';
import { keys } from '../query-keys';
import { Loaded } from '../ui/Loaded';
import { MoreRows } from '../ui/MoreRows';
import { SearchField, useSearchText } from '../ui/SearchField';
import { SecurityEvents } from './SecurityEvents';

/**
 * 'Audit log': every recorded admin call and sign-in event, reads included, newest first, read from the
 * server a page at a time (GET /api/admin/audit-log) and searched there by action, resource or address.
 */
export function AuditLog() {
  const { text, setText, search } = useSearchText();
  const log = useAdminPages<SecurityEvent>(keys.auditLog, `/api/admin/audit-log${search ? `?q=${encodeURIComponent(search)}` : ''}`, {
    keepPrevious: true,
  });
  return (
    <div className="grid gap-3">
      <h3 className="text-base font-semibold text-slate-900">Audit log</h3>
      <SearchField label="Search the audit log" placeholder="Action, address or resource" value={text} onChange={setText} />
      <Loaded state={log} what="the audit log">
        {(events) => (
          <>
            <SecurityEvents events={events} label="Audit log" empty={search ? 'No audit entries match your search' : 'No audit entries yet'} />
            <MoreRows shown={events.length} total={log.total} hasMore={log.hasMore} loading={log.loadingMore} onMore={log.more} />
          </>
        )}
      </Loaded>
    </div>
  );
}
