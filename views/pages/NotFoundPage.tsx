/**
 * The 404 page (SPEC: titled '404 Page Not Found'; issue 47: it speaks to readers). A missing dive site
 * (`/dive-sites/{unknown id}`) gets its own heading; both offer a search and the ways on.
 */
export function NotFoundPage({ path, kind = 'page' }: { path: string; kind?: 'page' | 'dive-site' }) {
  const site = kind === 'dive-site';
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-black text-cyan-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{site ? 'Dive Site Not Found' : '404 Page Not Found'}</h1>
      <p className="mt-4 text-slate-600">
        {site ? "We couldn't find a dive site at " : "We couldn't find "}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-sm">{path}</code>.{' '}
        {site
          ? 'It may have been renamed or removed, or the link may be mistyped. Search for it by name, place or marine life, or browse every site on the map.'
          : 'If you followed a link here, the page may have moved or been removed. Try a search, or start from one of the pages below.'}
      </p>
      <form
        method="get"
        action={site ? '/dive-sites' : '/search'}
        role="search"
        aria-label={site ? 'Search dive sites' : 'Search the site'}
        className="mx-auto mt-8 flex max-w-md gap-2"
      >
        <label htmlFor="not-found-q" className="sr-only">
          {site ? 'Dive site name, place or marine life' : 'Search articles, dive sites and gear'}
        </label>
        <input
          id="not-found-q"
          name={site ? 'search' : 'q'}
          type="search"
          placeholder={site ? 'e.g. Julian Rocks, wreck, seadragon' : 'Search dive sites, gear, articles...'}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30"
        />
        <button type="submit" className="rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800">
          Search
        </button>
      </form>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/dive-sites" className="rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
          {site ? 'Browse All Dive Sites' : 'Explore Dive Sites'}
        </a>
        <a href="/" className="rounded-lg px-5 py-3 font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50">
          Back to Home
        </a>
        {!site && (
          <a href="/blog" className="rounded-lg px-5 py-3 font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50">
            Latest Articles
          </a>
        )}
      </div>
    </section>
  );
}
