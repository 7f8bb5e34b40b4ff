import type { ReactNode } from 'react';

/**
 * A work queue's rows once they are loaded: 'Loading reports...' while they load, 'Failed to fetch reports'
 * when they fail and its `empty` line when there are none (the admin's queues: corrections, notices, reports).
 */
export function QueueRows<T>({
  state,
  what,
  empty,
  children,
}: {
  state: { isPending: boolean; isError: boolean; data?: T[] };
  /** The plural the messages name: 'reports'. */
  what: string;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (state.isPending) return <p className="mt-2 text-sm text-slate-600">{`Loading ${what}...`}</p>;
  if (state.isError || !state.data) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-800">
        {`Failed to fetch ${what}`}
      </p>
    );
  }
  if (!state.data.length) return <p className="mt-2 text-sm text-slate-600">{empty}</p>;
  return children(state.data);
}
