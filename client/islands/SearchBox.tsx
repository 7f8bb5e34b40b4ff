import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { QueryProvider } from 'client/lib/QueryProvider';
import { useDebouncedValue } from 'client/lib/use-debounced-value';
import { trackEvent } from '../lib/analytics';
import { getJson } from '../lib/api';
import { SEARCH_HINT, SEARCH_MIN_LENGTH, SEARCH_TYPE_LABELS, noResultsText, searchCountText, type SearchResult } from 'core/search';

export interface SearchBoxProps {
  id: string;
}

const SEARCH_DELAY_MS = 150;

/**
 * The header's global search (SPEC sections 2, 4, 5). Closed at first; opens on focus or typing; closes
 * and clears when a click lands outside or a result is chosen.
 *
 * A GET form to /search, so it works before and without JavaScript; the script turns the input into an
 * ARIA 1.2 combobox whose results are a listbox: the arrow keys move through them, Enter opens the active
 * one (or submits to /search when none is), Escape closes.
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
  // The active option belongs to the results of one term: new results start with none active.
  const [active, setActive] = useState({ term: '', index: -1 });
  const form = useRef<HTMLFormElement>(null);
  // The ids come from the props, not useId: each island is its own React root, numbered apart from the server's page.
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  const query = term.trim();
  // Searched once typing pauses.
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  // Failures of the search calls are not shown (SPEC section 8): the panel goes on saying 'Searching...'.
  const search = useQuery({
    queryKey: ['search', settled],
    queryFn: async () => (await getJson<{ results: SearchResult[] }>(`/api/search?q=${encodeURIComponent(settled)}`)).results,
    enabled: settled.length >= SEARCH_MIN_LENGTH,
  });
  const results = settled === query && query.length >= SEARCH_MIN_LENGTH ? search.data : undefined;
  const shown = open && results ? results : [];
  const expanded = shown.length > 0;
  const activeIndex = expanded && active.term === query ? active.index : -1;

  useEffect(() => {
    if (settled.length > 2) trackEvent('search', { search_term: settled });
  }, [settled]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (form.current && !form.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  function close() {
    setOpen(false);
    setTerm('');
  }

  function moveTo(index: number) {
    setActive({ term: query, index });
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = shown.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) moveTo((activeIndex + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (count) moveTo(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter':
        // With no active result the form goes to the results page.
        if (activeIndex >= 0) {
          event.preventDefault();
          document.getElementById(optionId(activeIndex))?.click();
        }
        break;
      case 'Escape':
        event.preventDefault();
        close();
        break;
    }
  }

  const message = !open
    ? ''
    : query.length < SEARCH_MIN_LENGTH
      ? SEARCH_HINT
      : !results
        ? 'Searching...'
        : results.length === 0
          ? noResultsText(query)
          : searchCountText(results.length);

  return (
    <form ref={form} method="get" action="/search" role="search" aria-label="Site search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search articles, dive sites and gear
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search dive sites, gear, articles..."
        value={term}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30"
      />
      <div
        hidden={!open}
        className="absolute right-0 z-50 mt-2 max-h-96 w-full min-w-72 overflow-y-auto rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
      >
        <p className={expanded ? 'px-3 py-1 text-xs font-medium text-slate-500' : 'px-3 py-2 text-sm text-slate-600'} role="status">
          {message}
        </p>
        <div id={listId} role="listbox" aria-label="Search results" hidden={!expanded}>
          {shown.map((result, index) => (
            <a
              key={`${result.type}-${result.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              href={result.link}
              onClick={close}
              className={`block rounded-lg px-3 py-2 hover:bg-slate-50 ${index === activeIndex ? 'bg-cyan-50 ring-2 ring-inset ring-cyan-600' : ''}`}
            >
              <span className="flex items-center gap-2">
                <span className="rounded bg-cyan-50 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-cyan-800">
                  {SEARCH_TYPE_LABELS[result.type]}
                </span>
                <span className="text-sm font-medium text-slate-900">{result.title}</span>
              </span>
              {result.excerpt && <span className="mt-0.5 line-clamp-2 text-xs text-slate-600">{result.excerpt}</span>}
            </a>
          ))}
        </div>
      </div>
    </form>
  );
}
