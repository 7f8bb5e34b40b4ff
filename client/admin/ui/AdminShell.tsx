import { useId, useState, type ReactNode } from 'react';

/** The dashboard's sections, in the side navigation's order: issue 44's Overview, then SPEC section 2's tabs. */
export const DASHBOARD_SECTIONS = [
  { value: 'overview', label: 'Overview' },
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

/** The admin screens outside the dashboard, listed under its sections. */
const SCREENS = [
  { href: '/admin/dive-sites', label: 'Dive Site Management' },
  { href: '/admin/comments', label: 'Comment Management' },
  { href: '/admin/ratings', label: 'Rating Management' },
] as const;

const itemClass =
  'flex min-h-10 w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-200/60 hover:text-slate-900';
const activeClass = 'aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm';

/**
 * Issue 44: the admin screens' own frame, calm like Ghost's: a side navigation (the dashboard's tabs, then
 * the other admin screens and the public site) beside the screen. On a phone the navigation folds into a
 * 'Menu' button above the screen. `sections` is the dashboard's tab list, or links to it from another screen.
 */
export function AdminShell({
  sections,
  current,
  menuOpen,
  onMenuOpenChange,
  children,
}: {
  sections: ReactNode;
  /** The path of this screen, marked as the current page among the other screens. */
  current: string;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const navId = useId();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start">
      <div className="lg:sticky lg:top-6">
        <div className="flex items-center justify-between gap-3">
          <a href="/admin" className="text-base font-bold text-slate-900">
            Site admin
          </a>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => onMenuOpenChange(!menuOpen)}
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 lg:hidden"
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            Menu
          </button>
        </div>
        <nav id={navId} aria-label="Admin" className={`${menuOpen ? 'grid' : 'hidden'} mt-3 gap-4 lg:grid`}>
          {sections}
          <ul className="grid gap-1 border-t border-slate-200 pt-4">
            {SCREENS.map((screen) => (
              <li key={screen.href}>
                <a href={screen.href} aria-current={screen.href === current ? 'page' : undefined} className={`${itemClass} ${activeClass}`}>
                  {screen.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/" className={itemClass}>
                View site
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="grid grid-cols-1 gap-6">{children}</div>
    </div>
  );
}

/** The dashboard's sections as links, for the screens outside it (each opens its tab: /admin#reviews). */
export function DashboardLinks() {
  return (
    <ul className="grid gap-1">
      {DASHBOARD_SECTIONS.map((section) => (
        <li key={section.value}>
          <a href={`/admin#${section.value}`} className={itemClass}>
            {section.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The classes of a section's button in the dashboard's tab list (the selected one raised). */
export const sectionTabClass = `${itemClass} data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm`;

/** The menu's open state: shut at first, and shut again whenever a section is chosen. */
export function useAdminMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  return { menuOpen, setMenuOpen, closeMenu: () => setMenuOpen(false) };
}

/** An admin screen outside the dashboard (/admin/dive-sites, /admin/comments, /admin/ratings) in the shell. */
export function AdminScreenShell({ current, children }: { current: string; children: ReactNode }) {
  const { menuOpen, setMenuOpen } = useAdminMenu();
  return (
    <AdminShell current={current} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} sections={<DashboardLinks />}>
      {children}
    </AdminShell>
  );
}
