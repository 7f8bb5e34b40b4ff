import { useEffect, useState } from 'react';
import { SAVED_CACHE, type SavePagesMessage, type SavePagesReply } from 'core/offline';

export interface SaveForOfflineProps {
  /** The site of this page. */
  site: { id: number; name: string };
  /** The nearby sites the page lists, saved with it. */
  nearbyIds: number[];
}

type State = 'unsupported' | 'ready' | 'saving' | 'saved' | 'failed';

const sitePath = (id: number) => `/dive-sites/${id}`;

/** Longer than fetching seven pages on a slow connection; past it the visitor is told to try again. */
const SAVE_TIMEOUT_MS = 30_000;

/** Asks the service worker to fetch and keep the pages, and waits for its answer. */
async function savePages(paths: string[]): Promise<SavePagesReply> {
  // `ready` never settles when no worker installs: the same time limit covers it.
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('No service worker')), SAVE_TIMEOUT_MS)),
  ]);
  const worker = registration.active;
  if (!worker) throw new Error('No active service worker');
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('The service worker did not answer')), SAVE_TIMEOUT_MS);
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<SavePagesReply>) => resolve(event.data);
    const message: SavePagesMessage = { type: 'save-pages', paths };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * 'Save for offline' on a site's page: keeps this site's page and its nearby sites' pages on the device
 * for a dive without signal. It needs the service worker, so without JavaScript (or where the site does
 * not register one) nothing is shown.
 */
export function SaveForOffline({ site, nearbyIds }: SaveForOfflineProps) {
  const [state, setState] = useState<State>('unsupported');
  const [saved, setSaved] = useState(0);

  useEffect(() => {
    if (!document.documentElement.dataset.serviceWorker || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
    setState('ready');
    // Saved on an earlier visit: say so rather than offer it again.
    void caches
      .match(new URL(sitePath(site.id), location.origin).href, { cacheName: SAVED_CACHE })
      .then((kept) => kept && setState((current) => (current === 'ready' ? 'saved' : current)))
      .catch(() => undefined);
  }, [site.id]);

  if (state === 'unsupported') return null;

  const save = async () => {
    setState('saving');
    try {
      const reply = await savePages([site.id, ...nearbyIds].map(sitePath));
      setSaved(reply.saved);
      setState(reply.failed === 0 ? 'saved' : 'failed');
    } catch {
      setState('failed');
    }
  };
  const nearby = Math.max(0, saved - 1);

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3" data-testid="save-offline">
      <button
        type="button"
        onClick={save}
        disabled={state === 'saving' || state === 'saved'}
        className="inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50 disabled:cursor-default disabled:text-slate-700 disabled:ring-slate-300 disabled:hover:bg-transparent"
      >
        {state === 'saved' ? 'Saved for offline' : state === 'saving' ? 'Saving for offline...' : 'Save for offline'}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {state === 'saved' &&
          saved > 0 &&
          `${site.name}${nearby > 0 ? ` and ${nearby} nearby ${nearby === 1 ? 'site are' : 'sites are'}` : ' is'} kept on this device: open ${saved === 1 ? 'it' : 'them'} without signal.`}
        {state === 'failed' && 'Could not save every page for offline: check your connection and try again.'}
      </p>
    </div>
  );
}
