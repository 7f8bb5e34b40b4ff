import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, main content and footer: the frame of every page (SPEC section 2, shared layout). */
export function Layout({ currentPath, siteName, children }: { currentPath: string; siteName: string; children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header currentPath={currentPath} siteName={siteName} />
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <Footer siteName={siteName} />
    </>
  );
}
