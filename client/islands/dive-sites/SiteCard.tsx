import { IMAGE_SIZES, imageSources } from 'core/images';
import { CARD_LIMITS, skillBadgeClass, truncate } from 'core/dive-sites/filters';
import { accessLabel, kindLabel, statusBadge } from 'core/dive-sites/status';
import { ratingText, starGlyphs, type ExplorerSite } from 'core/dive-sites/types';
import { distanceText } from './NearMe';
import { OutlookBadge } from './OutlookBadge';

/** A card of the grid. The whole card leads to /dive-sites/{id}; its review and video links sit above that link. */
export function SiteCard({ site, distanceKm }: { site: ExplorerSite; /** From the visitor's position ('Near me'). */ distanceKm?: number }) {
  const marineLife = truncate(site.marineLife, CARD_LIMITS.marineLife);
  const status = statusBadge(site.status);
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-within:ring-2 focus-within:ring-cyan-600">
      {site.imageUrl && (
        <img
          {...imageSources(site.imageUrl, { maxWidth: 1200 })}
          sizes={IMAGE_SIZES.card}
          alt=""
          width={600}
          height={338}
          loading="lazy"
          decoding="async"
          data-fallback="hide"
          className="aspect-video w-full bg-slate-200 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${skillBadgeClass(site.skillLevel)}`}>
            {site.skillLevel}
          </span>
          {site.featured && (
            <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Featured Site</span>
          )}
          {status && (
            <span
              data-testid="site-status"
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.className}`}
            >
              {status.label}
            </span>
          )}
          <OutlookBadge outlook={site.outlook} />
        </div>
        <h2 className="mt-3 text-lg font-bold text-slate-900">
          <a href={`/dive-sites/${site.id}`} className="after:absolute after:inset-0 focus:outline-none hover:text-cyan-800">
            {site.name}
          </a>
        </h2>
        <p className="text-sm font-medium text-cyan-800">{site.region}</p>
        {distanceKm !== undefined && (
          <p className="text-sm font-semibold text-slate-800" data-testid="site-distance">
            {distanceText(distanceKm)} from you
          </p>
        )}
        {site.notices?.map((notice) => (
          <p key={notice.id} data-testid="card-notice" className="mt-2 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-950 ring-1 ring-amber-300">
            <span className="font-semibold">Notice: </span>
            {notice.title}
          </p>
        ))}
        <p className="mt-1 text-sm text-slate-700" data-testid="site-rating">
          {site.rating ? (
            <>
              <span aria-hidden="true" className="mr-1 text-amber-600">
                {starGlyphs(site.rating.average)}
              </span>
              {ratingText(site.rating)}
            </>
          ) : (
            <span className="text-slate-600">No ratings yet</span>
          )}
        </p>
        {site.report && (
          <p className="text-sm text-slate-700" data-testid="site-latest-report">
            <span className="font-medium">Latest report: </span>
            {site.report}
          </p>
        )}
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <div>
            <dt className="inline font-medium text-slate-700">Depth: </dt>
            <dd className="inline">{site.depthRange}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-700">Water: </dt>
            <dd className="inline">{site.waterTemp}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-700">Kind: </dt>
            <dd className="inline">{kindLabel(site.kind)}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-700">Access: </dt>
            <dd className="inline">{accessLabel(site.access)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">{site.description}</p>
        {marineLife && (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">Marine life: </span>
            {marineLife}
          </p>
        )}
        {site.hazards && (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">Hazards: </span>
            {site.hazards}
          </p>
        )}
        {(site.reviewHref || site.videoUrl) && (
          <p className="relative z-10 mt-auto flex flex-wrap gap-3 pt-4">
            {site.reviewHref && (
              <a
                href={site.reviewHref}
                className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-4 py-2 text-sm font-semibold text-white hover:bg-cyan-800"
              >
                Read Full Review
              </a>
            )}
            {site.videoUrl && (
              <a
                href={site.videoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold text-cyan-800 ring-1 ring-cyan-700 hover:bg-cyan-50"
              >
                Watch Video
              </a>
            )}
          </p>
        )}
      </div>
    </article>
  );
}

export function SiteCardSkeleton() {
  return <div aria-hidden="true" className="h-64 motion-safe:animate-pulse rounded-2xl bg-slate-200" />;
}
