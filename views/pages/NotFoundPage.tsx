export function NotFoundPage({ path }: { path: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-cyan-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        We couldn't find <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{path}</code>. Did you forget to add the page to the router? If you
        followed a link here, it may have moved or been removed.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <a href="/" className="rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
          Back to Home
        </a>
        <a href="/dive-sites" className="rounded-lg px-5 py-3 font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50">
          Explore Dive Sites
        </a>
      </div>
    </section>
  );
}
