import type { ReactNode } from 'react';

/**
 * A table that scrolls within a fixed height (SPEC section 9) and within its own box on a narrow screen,
 * under a sticky header row: a focusable, labelled region so a keyboard can scroll it.
 */
export function ScrollTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="max-h-96 overflow-y-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
