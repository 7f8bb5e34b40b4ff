import { useId, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before an admin list searches for what was typed. */
const SEARCH_DELAY_MS = 250;

/** The text of an admin list's search box, and what to search for: the trimmed text once typing pauses. */
export function useSearchText(): { text: string; setText: (text: string) => void; search: string } {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  return { text, setText, search };
}

/** The search box above an admin list. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = '',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={`mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm ${className}`.trim()}
      />
    </div>
  );
}
