import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AdminSessionGate } from 'client/admin/AdminSessionGate';
import { BlogTab } from '../admin/blog/BlogTab';
import { CarouselTab } from '../admin/carousel/CarouselTab';
import { CommentsTab } from '../admin/dashboard/CommentsTab';
import { ExportTab } from '../admin/dashboard/ExportTab';
import { InsightsTab } from '../admin/insights/InsightsTab';
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
import { AdminShell, DASHBOARD_SECTIONS, sectionTabClass, useAdminMenu } from '../admin/ui/AdminShell';
import { Button } from '../admin/ui/Button';
import { OverviewTab } from '../admin/dashboard/OverviewTab';

type TabValue = (typeof DASHBOARD_SECTIONS)[number]['value'];

/** The section a link into the dashboard names (/admin#reviews), else the overview. */
function sectionOf(hash: string): TabValue {
  const value = hash.replace(/^#/, '');
  return DASHBOARD_SECTIONS.find((section) => section.value === value)?.value ?? 'overview';
}

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
  // Issue 44: the overview first; a link from another admin screen (/admin#reviews) opens its section.
  const [tab, setTab] = useState<TabValue>(() => sectionOf(window.location.hash));
  const { menuOpen, setMenuOpen, closeMenu } = useAdminMenu();
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
    closeMenu();
    // The address names the section, so a reload or a shared link opens it again.
    window.history.replaceState(null, '', value === 'overview' ? window.location.pathname : `#${value}`);
    // Opening the security tab loads fresh data at once (SPEC section 2).
    if (value === 'security') void security.refetch();
  }

  useEffect(() => {
    const follow = () => setTab(sectionOf(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  // grid-cols-1 is a minmax(0, 1fr) track: a wide table scrolls inside its own box on a phone instead
  // of widening the page (an auto track grows to the table's width).
  return (
    <Tabs.Root id="admin-tabs" value={tab} onValueChange={changeTab} orientation="vertical">
      <AdminShell
        current="/admin"
        menuOpen={menuOpen}
        onMenuOpenChange={setMenuOpen}
        sections={
          <Tabs.List aria-label="Admin sections" className="grid gap-1">
            {DASHBOARD_SECTIONS.map(({ value, label }) => (
              <Tabs.Trigger key={value} value={value} className={sectionTabClass}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        }
      >
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
            <p className="mt-1 text-sm text-slate-600">Manage articles, gear reviews, the homepage carousel, dive-site photos, subscribers and security.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" disabled={signOutEverywhere.isPending || signOut.isPending} onClick={() => signOutEverywhere.mutate()}>
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

        <Panel value="overview">
          <OverviewTab onOpen={changeTab} />
        </Panel>
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
      </AdminShell>
    </Tabs.Root>
  );
}

function Panel({ value, children }: { value: TabValue; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="grid grid-cols-1 gap-6 focus-visible:outline-none">
      {children}
    </Tabs.Content>
  );
}
