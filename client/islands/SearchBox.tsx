import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { QueryProvider } from 'client/lib/QueryProvider';
import { useDebouncedValue } from 'client/lib/use-debounced-value';
import { trackEvent } from '../lib/analytics';
import { getJson } from '../lib/api';
import { SEARCH_MIN_LENGTH, SEARCH_TYPE_LABELS, type SearchResult } from 'core/search';

export interface SearchBoxProps {
  id: string;
}

const SEARCH_DELAY_MS = 150;

/**
 * The header's global search (SPEC sections 2, 4, 5). Closed at first; opens on focus or typing; closes
 * and clears when a click lands outside or a result is chosen.
 */
export function SearchBox(props: SearchBoxProps) {
  return (
    <QueryProvider>
      <Search {...props} />
    </QueryProvider>
  );
}

function Search({ id }: SearchBoxProps) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const listId = useId();
  const query = term.trim();
  // Searched once typing pauses.
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  // Failures of the search calls are not shown (SPEC section 8): the panel goes on saying 'Searching...'.
  const search = useQuery({
    queryKey: ['search', settled],
    queryFn: async () => (await getJson<{ results: SearchResult[] }>(`/api/search?q=${encodeURIComponent(settled)}`)).results,
    enabled: settled.length >= SEARCH_MIN_LENGTH,
  });
  const results = settled === query ? search.data : undefined;

  useEffect(() => {
    if (settled.length > 2) trackEvent('search', { search_term: settled });
  }, [settled]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  function close() {
    setOpen(false);
    setTerm('');
  }

  return (
    <div ref={container} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search articles, dive sites and gear
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Search dive sites, gear, articles..."
        value={term}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        aria-expanded={open}
        aria-controls={listId}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30"
      />
      {open && (
        <div
          id={listId}
          className="absolute right-0 z-50 mt-2 max-h-96 w-full min-w-72 overflow-y-auto rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          {query.length < SEARCH_MIN_LENGTH ? (
            <p className="px-3 py-2 text-sm text-slate-600">Type at least 2 characters to search</p>
          ) : !results ? (
            <p className="px-3 py-2 text-sm text-slate-600" role="status">
              Searching...
            </p>
          ) : results.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600" role="status">
              No results found for "{query}"
            </p>
          ) : (
            <>
              <p className="px-3 py-1 text-xs font-medium text-slate-500" role="status">
                {results.length} {results.length === 1 ? 'result' : 'results'} found
              </p>
              <ul>
                {results.map((result) => (
                  <li key={`${result.type}-${result.id}`}>
                    <a
                      href={result.link}
                      onClick={() => setOpen(false)}
                      className="block rounded-lg px-3 py-2 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
                    >
                      <span className="flex items-center gap-2">
                        <span className="rounded bg-cyan-50 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-cyan-800">
                          {SEARCH_TYPE_LABELS[result.type]}
                        </span>
                        <span className="text-sm font-medium text-slate-900">{result.title}</span>
                      </span>
                      {result.excerpt && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600">{result.excerpt}</span>}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
