import type { ReactNode } from 'react';

/** The frame of a page an emailed link opens (confirm, unsubscribe): its text, then the way back home. */
export function EmailLinkPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 text-slate-700">
      {children}
      <p className="mt-10">
        <a href="/" className="inline-flex min-h-11 items-center font-semibold text-sky-700 underline hover:text-sky-900">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
