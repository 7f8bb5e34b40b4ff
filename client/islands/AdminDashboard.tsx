import * as Tabs from '@radix-ui/react-tabs';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BlogTab } from '../admin/blog/BlogTab';
import { CarouselTab } from '../admin/carousel/CarouselTab';
import { CommentsTab } from '../admin/dashboard/CommentsTab';
import { AdminErrorBoundary } from '../admin/dashboard/ErrorBoundary';
import { ExportTab } from '../admin/dashboard/ExportTab';
import { LoginForm } from '../admin/dashboard/LoginForm';
import { QuickNavigation } from '../admin/dashboard/QuickNavigation';
import { SessionWarning } from '../admin/dashboard/SessionWarning';
import { reportFailure, reportSuccess } from '../admin/feedback';
import { NewsletterTab } from '../admin/newsletter/NewsletterTab';
import { PhotosTab } from '../admin/photos/PhotosTab';
import { createAdminQueryClient, keys } from '../admin/query-client';
import { ReviewsTab } from '../admin/reviews/ReviewsTab';
import { SecurityTab } from '../admin/security/SecurityTab';
import { useSecuritySummary } from '../admin/security/useSecuritySummary';
import {
  AdminSessionContext,
  fetchSession,
  isUnauthorized,
  logout,
  refreshSession,
  SESSION_EXPIRED_MESSAGE,
  SESSION_RECHECK_MS,
  SESSION_WARNING_MINUTES,
} from '../admin/session';
import { Button } from '../admin/ui/Button';

/** SPEC section 2: eight tabs, blog first and open by default. */
const TABS = [
  { value: 'blog', label: 'Blog' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'carousel', label: 'Carousel' },
  { value: 'photos', label: 'Photos' },
  { value: 'comments', label: 'Comments' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'security', label: 'Security' },
  { value: 'export', label: 'Export' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/** /admin: the sign-in form without a session, the dashboard with one (SPEC sections 2 and 4). */
export function AdminDashboard() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminErrorBoundary>
        <DashboardAccess />
      </AdminErrorBoundary>
    </QueryClientProvider>
  );
}

function DashboardAccess() {
  const queryClient = useQueryClient();
  // Re-checked every 5 minutes (SPEC section 9); the session call itself does not keep the session alive.
  const session = useQuery({ queryKey: keys.session, queryFn: fetchSession, refetchInterval: SESSION_RECHECK_MS });
  const [notice, setNotice] = useState<string | null>(null);

  const actions = useMemo(
    () => ({
      expire() {
        // Everything cached belongs to the session that ended.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
        queryClient.setQueryData(keys.session, null);
        setNotice(SESSION_EXPIRED_MESSAGE);
      },
    }),
    [queryClient],
  );

  // The 5-minute re-check finding the session gone (idle or editing limit) reads like a 401 on a write.
  const signedIn = !!session.data;
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn && session.isSuccess) setNotice((current) => current ?? SESSION_EXPIRED_MESSAGE);
    wasSignedIn.current = signedIn;
  }, [signedIn, session.isSuccess]);

  // A 401 on any admin read means the same as on a write: the session is gone.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[1] !== 'session' && isUnauthorized(event.action.error)) {
          actions.expire();
        }
      }),
    [queryClient, actions],
  );

  if (session.isPending) {
    return (
      <div role="status" className="flex min-h-[40vh] items-center justify-center">
        <p className="text-lg font-medium text-slate-600">Checking Authentication...</p>
      </div>
    );
  }

  if (!session.data) {
    return (
      <LoginForm
        notice={notice ?? (session.isError ? 'Login failed. Please try again.' : null)}
        onSignedIn={() => {
          setNotice(null);
          void queryClient.invalidateQueries({ queryKey: keys.session });
        }}
      />
    );
  }

  return (
    <AdminSessionContext.Provider value={actions}>
      <Dashboard
        minutesRemaining={session.data.minutesRemaining}
        isContentEditing={session.data.isContentEditing}
        onSignedOut={() => {
          // Signing out on purpose is not an expiry.
          wasSignedIn.current = false;
          queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
          queryClient.setQueryData(keys.session, null);
          setNotice(null);
        }}
        expire={actions.expire}
      />
    </AdminSessionContext.Provider>
  );
}

interface DashboardProps {
  minutesRemaining: number;
  isContentEditing: boolean;
  onSignedOut: () => void;
  expire: () => void;
}

function Dashboard({ minutesRemaining, isContentEditing, onSignedOut, expire }: DashboardProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabValue>('blog');
  const security = useSecuritySummary(tab === 'security');

  const refresh = useMutation({
    mutationFn: refreshSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.session });
      reportSuccess('Session Refreshed', 'Your session has been extended.');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to refresh session. Please try again.', { expire }),
  });

  const signOut = useMutation({
    mutationFn: logout,
    onSettled: onSignedOut,
  });

  function changeTab(value: string) {
    setTab(value as TabValue);
    // Opening the security tab loads fresh data at once (SPEC section 2).
    if (value === 'security') void security.refetch();
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">Manage articles, gear reviews, the homepage carousel, dive-site photos, subscribers and security.</p>
        </div>
        <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {signOut.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </div>

      {minutesRemaining < SESSION_WARNING_MINUTES && (
        <SessionWarning session={{ minutesRemaining, isContentEditing }} refreshing={refresh.isPending} onRefresh={() => refresh.mutate()} />
      )}

      <QuickNavigation />

      <Tabs.Root id="admin-tabs" value={tab} onValueChange={changeTab} className="grid gap-6">
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-10 flex-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Panel value="blog">
          <BlogTab />
        </Panel>
        <Panel value="reviews">
          <ReviewsTab />
        </Panel>
        <Panel value="carousel">
          <CarouselTab />
        </Panel>
        <Panel value="photos">
          <PhotosTab />
        </Panel>
        <Panel value="comments">
          <CommentsTab />
        </Panel>
        <Panel value="newsletter">
          <NewsletterTab />
        </Panel>
        <Panel value="security">
          <SecurityTab summary={security} />
        </Panel>
        <Panel value="export">
          <ExportTab />
        </Panel>
      </Tabs.Root>
    </div>
  );
}

function Panel({ value, children }: { value: TabValue; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="focus-visible:outline-none">
      {children}
    </Tabs.Content>
  );
}
