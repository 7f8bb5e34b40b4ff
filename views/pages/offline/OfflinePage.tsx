export const meta = {
  title: 'You are offline',
  description: 'This page is not kept on this device. The dive-site pages you opened or saved for offline still open without a connection.',
};

/**
 * What the service worker shows for a page it cannot fetch and never kept. It fills the list with the
 * pages it keeps (client/sw.ts); the text it starts with is for a device that keeps none yet.
 */
export function OfflinePage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24" aria-labelledby="offline-heading">
      <h1 id="offline-heading" className="text-3xl font-bold text-slate-900">
        You are offline
      </h1>
      <p className="mt-4 text-slate-700">
        There is no connection, and this page is not kept on this device. The dive-site pages you opened while online, and those you saved with &lsquo;Save for
        offline&rsquo;, still open: pick one below, or try again when you are back in signal.
      </p>
      <h2 className="mt-8 text-lg font-bold text-slate-900">Kept on this device</h2>
      <ul data-kept-pages="" className="mt-2 grid list-disc gap-2 pl-5">
        <li className="text-slate-600">No page yet: the dive-site pages you open are kept here.</li>
      </ul>
    </section>
  );
}
