export interface FilterOption {
  label: string;
  href: string;
  active: boolean;
}

/** Category filter buttons as links, so filtering works before and without any script. */
export function CategoryFilter({ label, options }: { label: string; options: FilterOption[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <a
          key={option.href}
          href={option.href}
          aria-current={option.active ? 'true' : undefined}
          className={`rounded-full px-4 py-2 text-sm font-medium ring-1 transition-colors ${
            option.active ? 'bg-cyan-700 text-white ring-cyan-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-100'
          }`}
        >
          {option.label}
        </a>
      ))}
    </nav>
  );
}
