import { useEffect, useState } from 'react';
import { toast } from '../lib/toast';

/**
 * A 'Copy' button beside a site's coordinates. The coordinates are text on the page; without JavaScript
 * (or without a clipboard) the button is not shown, since it could do nothing.
 */
export function CopyCoordinates({ text }: { text: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Coordinates copied', description: text });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the coordinates and copy them instead.', variant: 'destructive' });
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex min-h-11 items-center rounded-lg px-3 py-1 text-sm font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50"
    >
      Copy
    </button>
  );
}
