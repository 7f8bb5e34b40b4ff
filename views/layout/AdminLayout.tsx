import type { ReactNode } from 'react';

/**
 * The frame of the admin screens (issue 44): a skip link and the main content only, without the public
 * header, search and footer; the dashboard's island draws its own side navigation.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <main id="main" className="min-h-screen">
        {children}
      </main>
    </>
  );
}
