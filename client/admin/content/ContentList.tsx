import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { MoreRows } from '../ui/MoreRows';

interface Item {
  id: number;
  title: string;
  published: boolean;
}

export interface ContentListProps<T extends Item> {
  heading: string;
  items: T[];
  empty: string;
  meta: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onTogglePublished: (item: T) => void;
  onDelete: (item: T) => void;
  busyId?: number | null;
  /** The list's size on the server (its rows are loaded a page at a time). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

/** 'Draft Posts (n)' / 'Published Posts (n)' and their review twins: Edit, Publish or Unpublish, Delete. */
export function ContentList<T extends Item>({
  heading,
  items,
  empty,
  meta,
  onEdit,
  onTogglePublished,
  onDelete,
  busyId,
  total,
  hasMore,
  loadingMore,
  onMore,
}: ContentListProps<T>) {
  return (
    <Card>
      <CardHeader title={`${heading} (${total})`} />
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={heading}>
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{item.title}</p>
                  <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">{meta(item)}</div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" small onClick={() => onEdit(item)} aria-label={`Edit \u201c${item.title}\u201d`}>
                    Edit
                  </Button>
                  <Button
                    variant={item.published ? 'outline' : 'success'}
                    small
                    disabled={busyId === item.id}
                    onClick={() => onTogglePublished(item)}
                    aria-label={`${item.published ? 'Unpublish' : 'Publish'} \u201c${item.title}\u201d`}
                  >
                    {item.published ? 'Unpublish' : 'Publish'}
                  </Button>
                  <Button
                    variant="quiet-destructive"
                    small
                    disabled={busyId === item.id}
                    onClick={() => onDelete(item)}
                    aria-label={`Delete \u201c${item.title}\u201d`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <MoreRows shown={items.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={onMore} />
      </CardContent>
    </Card>
  );
}
