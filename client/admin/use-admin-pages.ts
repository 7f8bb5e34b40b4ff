import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { getPage, type ListPage } from '../lib/api';

/** Rows asked for per page: the server's default page of an admin list (src/lists/admin-page.ts). */
export const ADMIN_PAGE_SIZE = 25;

/** `url` with `limit` and `offset` set (its other parameters kept). */
function pageUrl(url: string, offset: number): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('limit', String(ADMIN_PAGE_SIZE));
  params.set('offset', String(offset));
  return `${path}?${params.toString()}`;
}

/**
 * The rows with an id each once. A row added at the head of a newest-first list between two pages (a
 * sign-up, or the audit log's own entry for the call that read it) moves every row one place down, so the
 * next page repeats the last row of the one before: never skips one.
 */
function onceEach<T>(rows: T[]): T[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const id = (row as { id?: unknown }).id;
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * An administrator's list read a page at a time (the server pages every admin list: issue 31): the rows
 * loaded so far, the whole list's size, and `more()` to load the next page. Its key starts with `queryKey`, so
 * invalidating that key (after a write) reloads it.
 */
export function useAdminPages<T>(queryKey: readonly unknown[], url: string, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'pages', url],
    queryFn: ({ pageParam, signal }) => getPage<T>(pageUrl(url, pageParam), signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // While another search loads, the rows shown so far stay (a card being worked on is not unmounted).
    placeholderData: keepPrevious ? (previous) => previous : undefined,
  });
  const pages = query.data?.pages ?? [];
  const data = query.data ? onceEach(pages.flatMap((page) => page.items)) : undefined;
  return {
    isPending: query.isPending,
    /** Rows of the previous search shown while this one loads. */
    isPlaceholderData: query.isPlaceholderData,
    isError: query.isError,
    error: query.error,
    data,
    /** The whole list's size (with its search and filter), as the server counts it. */
    total: pages[0]?.total ?? 0,
    /** A header of the first page's answer (a list's other figures). */
    header: (name: string) => pages[0]?.headers.get(name) ?? null,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    more: () => void query.fetchNextPage(),
  };
}

export type AdminPages<T> = ReturnType<typeof useAdminPages<T>>;

/** Takes a deleted row out of every loaded page under `queryKey` at once (the reload that follows confirms it). */
export function dropFromPages(client: QueryClient, queryKey: readonly unknown[], id: number): void {
  client.setQueriesData<InfiniteData<ListPage<{ id: number }>>>({ queryKey }, (data) => {
    if (!data?.pages) return data;
    const held = data.pages.some((page) => page.items.some((item) => item.id === id));
    if (!held) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id), total: page.total - 1 })) };
  });
}
