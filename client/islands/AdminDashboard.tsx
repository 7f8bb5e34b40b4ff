import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AdminSessionGate } from 'client/admin/AdminSessionGate';
import { BlogTab } from '../admin/blog/BlogTab';
import { CarouselTab } from '../admin/carousel/CarouselTab';
import { CommentsTab } from '../admin/dashboard/CommentsTab';
import { ExportTab } from '../admin/dashboard/ExportTab';
import { InsightsTab } from '../admin/insights/InsightsTab';
import { QuickNavigation } from '../admin/dashboard/QuickNavigation';
import { SessionWarning } from '../admin/dashboard/SessionWarning';
import { reportFailure, reportSuccess } from '../admin/feedback';
import { MediaTab } from '../admin/media/MediaTab';
import { IssuesPanel } from '../admin/newsletter/IssuesPanel';
import { NewsletterTab } from '../admin/newsletter/NewsletterTab';
import { PhotosTab } from '../admin/photos/PhotosTab';
import { keys } from '../admin/query-keys';
import { ReviewsTab } from '../admin/reviews/ReviewsTab';
import { SecurityTab } from '../admin/security/SecurityTab';
import { SiteTimeZoneContext } from '../admin/site-time';
import { useSecuritySummary } from '../admin/security/useSecuritySummary';
import { isUnauthorized, logout, logoutEverywhere, refreshSession, SESSION_WARNING_MINUTES, useAdminSession } from '../admin/session';
import { Button } from '../admin/ui/Button';

/** SPEC section 2's eight tabs, blog first and open by default, issue 17's Media after Photos, and issue 32's Insights. */
const TABS = [
  { value: 'blog', label: 'Blog' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'carousel', label: 'Carousel' },
  { value: 'photos', label: 'Photos' },
  { value: 'media', label: 'Media' },
  { value: 'comments', label: 'Comments' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'security', label: 'Security' },
  { value: 'export', label: 'Export' },
  { value: 'insights', label: 'Insights' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/**
 * /admin: the sign-in form without a session, the dashboard with one (SPEC sections 2 and 4). `timeZone`
 * is the site's (SITE_TIMEZONE): its times are shown and entered in it.
 */
export function AdminDashboard({ timeZone }: { timeZone?: string }) {
  const dashboard = (
    <AdminSessionGate checking="Checking Authentication...">
      <Dashboard />
    </AdminSessionGate>
  );
  return timeZone ? <SiteTimeZoneContext.Provider value={timeZone}>{dashboard}</SiteTimeZoneContext.Provider> : dashboard;
}

function Dashboard() {
  const queryClient = useQueryClient();
  const { status, signedOut } = useAdminSession();
  const { minutesRemaining, isContentEditing } = status;
  const [tab, setTab] = useState<TabValue>('blog');
  const security = useSecuritySummary(tab === 'security');

  const refresh = useMutation({
    mutationFn: refreshSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.session });
      reportSuccess('Session Refreshed', 'Your session has been extended.');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to refresh session. Please try again.'),
  });

  const signOut = useMutation({
    mutationFn: logout,
    onSettled: signedOut,
  });

  // Unlike the plain sign-out, a failure is told: the other sessions may still be open.
  const signOutEverywhere = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: signedOut,
    onError: (error) => (isUnauthorized(error) ? signedOut() : reportFailure(error, 'Update Failed', 'Failed to sign out everywhere. Please try again.')),
  });

  function changeTab(value: string) {
    setTab(value as TabValue);
    // Opening the security tab loads fresh data at once (SPEC section 2).
    if (value === 'security') void security.refetch();
  }

  // grid-cols-1 is a minmax(0, 1fr) track: a wide table scrolls inside its own box on a phone instead
  // of widening the page (an auto track grows to the table's width).
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">Manage articles, gear reviews, the homepage carousel, dive-site photos, subscribers and security.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={signOutEverywhere.isPending || signOut.isPending} onClick={() => signOutEverywhere.mutate()}>
            {signOutEverywhere.isPending ? 'Signing out everywhere...' : 'Sign out everywhere'}
          </Button>
          <Button variant="outline" disabled={signOut.isPending || signOutEverywhere.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>

      {minutesRemaining < SESSION_WARNING_MINUTES && (
        <SessionWarning session={{ minutesRemaining, isContentEditing }} refreshing={refresh.isPending} onRefresh={() => refresh.mutate()} />
      )}

      <QuickNavigation />

      <Tabs.Root id="admin-tabs" value={tab} onValueChange={changeTab} className="grid grid-cols-1 gap-6">
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
        <Panel value="media">
          <MediaTab />
        </Panel>
        <Panel value="comments">
          <CommentsTab />
        </Panel>
        <Panel value="newsletter">
          <IssuesPanel />
          <NewsletterTab />
        </Panel>
        <Panel value="security">
          <SecurityTab summary={security} />
        </Panel>
        <Panel value="export">
          <ExportTab />
        </Panel>
        <Panel value="insights">
          <InsightsTab />
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
