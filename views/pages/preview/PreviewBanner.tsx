/** The bar over a draft's or scheduled post's preview (issue 32): what it is, and that readers cannot see it yet. */
export function PreviewBanner({ state }: { state: string }) {
  return (
    <div role="note" aria-label="Preview" className="border-b border-amber-300 bg-amber-100 px-4 py-3 text-center text-sm text-amber-950">
      <strong className="font-bold">Preview</strong>
      {` · ${state}. Readers cannot see this page until it is published.`}
    </div>
  );
}

/** A preview asked for without a session or a live share link. */
export function PreviewUnavailablePage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Preview not available</h1>
      <p className="mt-4 text-slate-600">This preview link has expired or was withdrawn. Ask the person who sent it for a new one.</p>
      <div className="mt-8 flex justify-center">
        <a href="/" className="rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
          Back to Home
        </a>
      </div>
    </section>
  );
}
