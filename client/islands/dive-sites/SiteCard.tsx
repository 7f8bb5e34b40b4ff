import type { ReactNode } from 'react';
import { IMAGE_SIZES, imageSources, isIllustration } from 'core/images';
import { CARD_LIMITS, skillBadgeClass, truncate } from 'core/dive-sites/filters';
import type { SiteKind } from 'core/dive-sites/fields';
import { accessLabel, kindLabel, statusBadge } from 'core/dive-sites/status';
import { ratingText, starGlyphs, type ExplorerSite } from 'core/dive-sites/types';
import { distanceText } from './NearMe';
import { OutlookBadge } from './OutlookBadge';

/**
 * A card of the grid (issue 47): a picture, the name, the region, three facts with icons (level, depth, shore
 * or boat), the stars when rated and the badges (status, featured, and whatever `badges` adds). The whole
 * card leads to /dive-sites/{id}; its review and video links sit above that link. Cards of a row share its
 * height (the text is cut at a word and clamped; the links keep to the bottom).
 */
export function SiteCard({
  site,
  distanceKm,
  badges,
}: {
  site: ExplorerSite;
  /** From the visitor's position ('Near me'). */
  distanceKm?: number;
  /** More badges over the picture, after the status (e.g. an outlook). */
  badges?: ReactNode;
}) {
  const status = statusBadge(site.status);
  const hazards = truncate(site.hazards, CARD_LIMITS.hazards);
  return (
    <article className="site-card">
      <div className="relative">
        <SitePicture imageUrl={site.imageUrl} kind={site.kind} />
        <div data-slot="badges" className="site-card-badges">
          {status && (
            <span data-testid="site-status" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm ring-1 ring-inset ${status.className}`}>
              {status.label}
            </span>
          )}
          {site.featured && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 shadow-sm">Featured Site</span>}
          <OutlookBadge outlook={site.outlook} />
          {badges}
        </div>
      </div>
      <div className="site-card-body">
        <h2 className="site-card-title">
          <a href={`/dive-sites/${site.id}`}>{site.name}</a>
        </h2>
        <p className="eyebrow mt-1 text-cyan-800">{site.region}</p>
        <ul className="site-card-facts" aria-label="At a glance">
          <li>
            <FactIcon name="level" />
            <span className="sr-only">Level: </span>
            <span className={`site-card-level ${skillBadgeClass(site.skillLevel)}`}>{site.skillLevel}</span>
          </li>
          <li>
            <FactIcon name="depth" />
            <span className="sr-only">Depth: </span>
            {site.depthRange}
          </li>
          <li>
            <FactIcon name={site.access === 'shore' ? 'shore' : 'boat'} />
            <span className="sr-only">Access: </span>
            {accessLabel(site.access)}
          </li>
        </ul>
        {site.rating && (
          <p className="meta mt-2" data-testid="site-rating">
            <span aria-hidden="true" className="mr-1 text-amber-700">
              {starGlyphs(site.rating.average)}
            </span>
            {ratingText(site.rating)}
          </p>
        )}
        {distanceKm !== undefined && (
          <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="site-distance">
            {distanceText(distanceKm)} from you
          </p>
        )}
        {site.notices?.map((notice) => (
          <p key={notice.id} data-testid="card-notice" className="mt-2 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-950 ring-1 ring-amber-300">
            <span className="font-semibold">Notice: </span>
            {notice.title}
          </p>
        ))}
        {site.report && (
          <p className="meta mt-1" data-testid="site-latest-report">
            <span className="font-medium text-slate-700">Latest report: </span>
            {site.report}
          </p>
        )}
        <p className="site-card-text mt-3 line-clamp-3" data-testid="site-description">
          {site.description}
        </p>
        {hazards && (
          <p className="site-card-text mt-2 line-clamp-2">
            <b>Hazards: </b>
            {hazards}
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

/**
 * The site's own photo, or (without one, or with only one of the site's drawings) a pattern drawn for its
 * kind (client/styles.css, .site-art): an abstract texture, not a scene, named by the kind in the corner.
 */
export function SitePicture({ imageUrl, kind }: { imageUrl: string | null; kind: SiteKind }) {
  if (imageUrl && !isIllustration(imageUrl)) {
    return (
      <img
        {...imageSources(imageUrl, { maxWidth: 1200 })}
        sizes={IMAGE_SIZES.card}
        alt=""
        width={600}
        height={338}
        loading="lazy"
        decoding="async"
        data-fallback="hide"
        className="aspect-[21/9] w-full bg-slate-200 object-cover sm:aspect-video"
      />
    );
  }
  return (
    <div className={`site-art site-art-${kind} site-art-card`} data-testid="site-art">
      <span className="site-art-kind">
        <span className="sr-only">Kind: </span>
        {kindLabel(kind)}
      </span>
    </div>
  );
}

/**
 * The facts' icons (level, depth, shore or boat) are drawn by the stylesheet (`.fact-icon` in client/styles.css,
 * a mask in the text's colour): a card carries one empty span each, not its SVG, which keeps a list of 24
 * cards well under the page's 100 KB.
 */
function FactIcon({ name }: { name: 'level' | 'depth' | 'shore' | 'boat' }) {
  return <span aria-hidden="true" className={`fact-icon fact-icon-${name}`} />;
}

export function SiteCardSkeleton() {
  return <div aria-hidden="true" className="h-64 motion-safe:animate-pulse rounded-2xl bg-slate-200" />;
}
