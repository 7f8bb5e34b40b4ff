import { Button } from './Button';

/** 'Showing n of N' under a paged list, and 'Load more' while rows remain on the server. */
export function MoreRows({ shown, total, hasMore, loading, onMore }: { shown: number; total: number; hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (total <= shown && !hasMore) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <span>
        Showing {shown} of {total}
      </span>
      {hasMore && (
        <Button variant="outline" small disabled={loading} onClick={onMore}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
