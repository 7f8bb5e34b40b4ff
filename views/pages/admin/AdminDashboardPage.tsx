import { siteTimeZone } from 'core/site-time';
import { Island } from 'views/islands/Island';
import { AdminNoScript } from 'views/pages/admin/AdminNoScript';

/** The shell of the admin screen; the island renders 'checking' on the server and takes over on load. */
export function AdminDashboardPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminNoScript />
      <Island name="AdminDashboard" props={{ timeZone: siteTimeZone() }} hydrate="load" />
    </div>
  );
}
