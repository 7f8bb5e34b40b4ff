import type { ReactNode } from 'react';

/** What an admin list shows while its data loads ('Loading issues...') and when it fails, then the data itself. */
export function Loaded<T>({
  state,
  what,
  children,
}: {
  state: { isPending: boolean; isError: boolean; data?: T };
  /** The plural the messages name: 'issues'. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (state.isPending) return <p className="text-sm text-slate-500">{`Loading ${what}...`}</p>;
  if (state.isError || state.data === undefined) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {`Failed to load ${what}. Please try again.`}
      </p>
    );
  }
  return children(state.data);
}
