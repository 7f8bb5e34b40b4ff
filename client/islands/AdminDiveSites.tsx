import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { AdminSessionGate } from 'client/admin/AdminSessionGate';
import { AdminScreenShell } from '../admin/ui/AdminShell';
import { SearchField, useSearchText } from '../admin/ui/SearchField';
import { getJson } from '../lib/api';
import { toast } from '../lib/toast';
import { CheckQueue } from '../admin/dive-sites/CheckQueue';
import { CorrectionsQueue } from '../admin/dive-sites/CorrectionsQueue';
import { NoticesPanel } from '../admin/dive-sites/NoticesPanel';
import { ReportsQueue } from '../admin/reports/ReportsQueue';
import { DiveSiteCard } from '../admin/dive-sites/DiveSiteCard';
import { DiveSiteForm } from '../admin/dive-sites/DiveSiteForm';
import { EMPTY_SITE_FORM, siteToForm, sitePayload, siteUrlProblem, type SiteForm } from '../admin/dive-sites/site-form';
import { useDiveSiteAdmin } from '../admin/dive-sites/useDiveSiteAdmin';
import { keys } from '../admin/query-keys';
import { useAdminPages } from '../admin/use-admin-pages';
import { MoreRows } from '../admin/ui/MoreRows';
import { isUnauthorized } from '../admin/session';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { Button } from '../admin/ui/Button';
import { ConfirmDialog } from '../admin/ui/ConfirmDialog';
import { Modal } from '../admin/ui/Modal';
import { useConfirm } from '../admin/ui/useConfirm';

const ALL = 'all';

/** /admin/dive-sites (SPEC section 2, dive-site administration). */
export function AdminDiveSites() {
  return (
    <AdminSessionGate
      checking="Checking Authentication..."
      signInElsewhere={{
        title: 'Authentication Required',
        text: 'You need to login as an admin to manage dive sites.',
        link: 'Go to Admin Login',
      }}
    >
      <AdminScreenShell current="/admin/dive-sites">
        <DiveSiteManagement />
      </AdminScreenShell>
    </AdminSessionGate>
  );
}

function DiveSiteManagement() {
  const regionId = useId();
  const [region, setRegion] = useState(ALL);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DiveSiteResponse | null>(null);
  const [formKey, setFormKey] = useState(0);
  const confirm = useConfirm();
  const admin = useDiveSiteAdmin();
  const { text: searchText, setText: setSearchText, search } = useSearchText();

  // A page at a time by name (issue 31): the search and the region filter run on the server, together.
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (region !== ALL) params.set('region', region);
  const active = useAdminPages<DiveSiteResponse>(keys.diveSites, `/api/dive-sites?${params.toString()}`, { keepPrevious: true });
  const regionCounts = useQuery({
    queryKey: [...keys.diveSites, 'regions'],
    queryFn: ({ signal }) => getJson<{ region: string; count: number }[]>('/api/dive-sites/regions', signal),
  });
  const failure = search !== '' ? 'Failed to search dive sites' : region !== ALL ? 'Failed to fetch dive sites by region' : 'Failed to fetch dive sites';

  const regions = (regionCounts.data ?? []).map((entry) => entry.region);
  const siteCount = regionCounts.data?.reduce((sum, entry) => sum + entry.count, 0);
  // A selected region that no longer exists (its last site deleted or renamed) falls back to all.
  useEffect(() => {
    if (region !== ALL && regionCounts.data && !regions.includes(region)) setRegion(ALL);
  }, [region, regionCounts.data, regions]);

  useEffect(() => {
    // A 401 signs the screen out instead (AdminSessionGate).
    if (active.isError && !isUnauthorized(active.error)) toast({ title: 'Error', description: failure, variant: 'destructive' });
  }, [active.isError, active.error, failure]);

  // A link from the overview names a section: it is drawn only now, after the session check.
  useEffect(() => {
    const section = window.location.hash.slice(1);
    if (section) document.getElementById(section)?.scrollIntoView();
  }, []);

  const sites = active.data ?? [];
  const filtering = search !== '' || region !== ALL;

  function checkUrls(form: SiteForm): boolean {
    const problem = siteUrlProblem(form);
    if (problem) toast({ title: 'Error', description: problem, variant: 'destructive' });
    return !problem;
  }

  function create(form: SiteForm) {
    if (!checkUrls(form)) return;
    admin.create.mutate(sitePayload(form), {
      onSuccess: () => {
        setAdding(false);
        setFormKey((key) => key + 1);
      },
    });
  }

  function update(form: SiteForm) {
    if (!editing || !checkUrls(form)) return;
    admin.update.mutate({ id: editing.id, body: sitePayload(form) }, { onSuccess: () => setEditing(null) });
  }

  function askDelete(site: DiveSiteResponse) {
    confirm.ask({ title: 'Delete Dive Site', description: 'Are you sure you want to delete this dive site?', onConfirm: () => admin.remove.mutate(site) });
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <a href="/admin" className="text-sm font-medium text-cyan-700 hover:underline">
            ← Back to Admin Dashboard
          </a>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">Dive Site Management</h1>
          <p className="mt-1 text-sm text-slate-600">{siteCount !== undefined ? `${siteCount} dive sites` : 'Loading dive sites...'}</p>
        </div>
        <Button onClick={() => setAdding(true)}>Add New Site</Button>
      </div>

      {/* Issue 44: the dashboard's overview links here (/admin/dive-sites#corrections). */}
      <div id="corrections" className="scroll-mt-6">
        <CorrectionsQueue />
      </div>
      <div id="reports" className="scroll-mt-6">
        <ReportsQueue />
      </div>

      <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label="Search dive sites"
          placeholder="Search by name, description, region, or marine life..."
          value={searchText}
          onChange={setSearchText}
        />
        <div>
          <label htmlFor={regionId} className="block text-sm font-medium text-slate-800">
            Region
          </label>
          <select
            id={regionId}
            value={region}
            onChange={(event) => setRegion(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value={ALL}>All regions</option>
            {regions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {active.isPending ? (
        <div aria-busy="true" aria-label="Loading dive sites" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <div key={index} className="h-64 motion-safe:animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : active.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {failure}
        </p>
      ) : sites.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          {filtering ? 'No dive sites found matching your filters.' : 'No dive sites found.'}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Dive sites" aria-busy={active.isPlaceholderData} role="list">
          {sites.map((site) => (
            <div role="listitem" key={site.id} className="grid grid-cols-1">
              <DiveSiteCard
                site={site}
                actions={admin.quick}
                featuring={admin.toggleFeatured.isPending && admin.toggleFeatured.variables?.id === site.id}
                deleting={admin.remove.isPending && admin.remove.variables?.id === site.id}
                onToggleFeatured={(target) => admin.toggleFeatured.mutate(target)}
                onEdit={setEditing}
                onDelete={askDelete}
              />
            </div>
          ))}
        </div>
      )}
      <MoreRows shown={sites.length} total={active.total} hasMore={active.hasMore} loading={active.loadingMore} onMore={active.more} />

      {/* Issue 43: the notices covering sites, and the sites whose facts need checking. */}
      <NoticesPanel />
      <div id="checks" className="scroll-mt-6">
        <CheckQueue />
      </div>

      <Modal open={adding} onOpenChange={setAdding} title="Create New Dive Site" description="Add a new dive site to the database">
        <DiveSiteForm key={formKey} initial={EMPTY_SITE_FORM} editing={false} saving={admin.create.isPending} onSubmit={create} />
      </Modal>
      <Modal open={!!editing} onOpenChange={(open) => !open && setEditing(null)} title="Edit Dive Site" description="Update dive site information">
        {editing && <DiveSiteForm key={editing.id} initial={siteToForm(editing)} editing saving={admin.update.isPending} onSubmit={update} />}
      </Modal>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
