import { Button } from './Button';
import { MoreRows } from './MoreRows';
import type { ReactNode } from 'react';

/** The top of a management screen reached from the dashboard: the way back, its title and what it is for. */
export function ManagementHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <a href="/admin" className="text-sm font-medium text-cyan-700 hover:underline">
        ← Back to Admin Dashboard
      </a>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** A list read a page at a time (client/admin/use-admin-pages.ts). */
interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  more: () => void;
}

interface ManagedListProps<T> {
  query: PagedQuery<T>;
  /** 'comments', 'ratings': in 'Loading {noun}', 'Failed to fetch {noun}' and 'No {noun} found.' */
  noun: string;
  /** The height class of each loading placeholder, about that of a row. */
  placeholder: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A screen's list as its query stands: placeholders while loading, the failure, the empty state, or the rows and 'Load more'. */
export function ManagedList<T>({ query, noun, placeholder, empty, children }: ManagedListProps<T>) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${noun}`} className="grid gap-4">
        {[0, 1, 2].map((index) => (
          <div key={index} className={`${placeholder} motion-safe:animate-pulse rounded-xl bg-slate-200`} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to fetch {noun}
      </p>
    );
  }
  if (!query.data || query.data.length === 0) {
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">No {noun} found.</h2>
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      </div>
    );
  }
  return (
    <>
      {children(query.data)}
      <MoreRows shown={query.data.length} total={query.total} hasMore={query.hasMore} loading={query.loadingMore} onMore={query.more} />
    </>
  );
}

interface ManagedItemProps {
  /** Who or what the row is about, and when (left of the button). */
  summary: ReactNode;
  /** Its text under them, if any. */
  body?: string | null;
  deleting: boolean;
  /** The button's spoken name: 'Delete comment by {name}'. */
  deleteLabel: string;
  onDelete: () => void;
}

/** One row of a screen's list: its summary, a Delete button ('Deleting...' while it runs), then its text. */
export function ManagedItem({ summary, body, deleting, deleteLabel, onDelete }: ManagedItemProps) {
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">{summary}</div>
        <Button variant="quiet-destructive" small disabled={deleting} onClick={onDelete} aria-label={deleting ? undefined : deleteLabel}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
      {body && <p className="mt-3 whitespace-pre-line text-slate-700">{body}</p>}
    </li>
  );
}
