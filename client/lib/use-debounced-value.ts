import { startTransition, useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs` (typing has paused); at first, the value itself. What
 * it settles renders as a transition (a search's results can wait for a keystroke, never the reverse), and
 * a value already settled renders nothing again.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => startTransition(() => setSettled(value)), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
