import { listAddress, type DiveSiteFilters } from 'core/dive-sites/filters';

/** /dive-sites' sort choice, by name or 'Top rated', as links keeping the filters chosen. */
export function SortChoice({ topRated, filters }: { topRated: boolean; filters: DiveSiteFilters }) {
  const choices = [
    { label: 'Name', href: listAddress(filters, false), current: !topRated },
    { label: 'Top rated', href: listAddress(filters, true), current: topRated },
  ];
  return (
    <nav aria-label="Sort dive sites" className="text-sm">
      <span className="text-slate-600">Sort by: </span>
      {choices.map((choice, index) => (
        <span key={choice.label}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          <a
            href={choice.href}
            aria-current={choice.current ? 'page' : undefined}
            className={`inline-flex min-h-6 items-center underline ${choice.current ? 'font-bold text-slate-900' : 'font-semibold text-cyan-800'}`}
          >
            {choice.label}
          </a>
        </span>
      ))}
    </nav>
  );
}
