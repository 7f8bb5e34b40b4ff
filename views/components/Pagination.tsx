import type { PageLinks } from 'core/pagination';

const LINK = 'inline-flex min-h-11 items-center rounded-lg bg-white px-5 py-2 font-semibold text-cyan-800 ring-1 ring-slate-300 hover:bg-slate-100';

/** Previous and next links of a list split into pages: plain links, so they work without any script. */
export function Pagination({ links, label }: { links: PageLinks; label: string }) {
  if (links.pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-between gap-4">
      {links.previous ? (
        <a href={links.previous} rel="prev" className={LINK}>
          Previous page
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        Page {links.page} of {links.pages}
      </p>
      {links.next ? (
        <a href={links.next} rel="next" className={LINK}>
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
