import { Component, lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { TileSettings } from 'core/dive-sites/types';
import type { Explorer } from './use-explorer';

// Leaflet travels in its own chunk, fetched only when the map comes into view.
const DiveSiteMap = lazy(() => import('./DiveSiteMap.js').then((module) => ({ default: module.DiveSiteMap })));

/** Where 'Skip the map' moves the focus: the filters and the list after the map. */
export const AFTER_MAP_ID = 'dive-site-results';

function MapPlaceholder() {
  return (
    <div className="flex h-full w-full motion-safe:animate-pulse items-center justify-center bg-slate-200" aria-label="Loading map" role="img">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

/**
 * A map that cannot load (its code not fetched offline, a network error) is said so in its box, and the
 * filters and the list around it keep working.
 */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="status" className="flex h-full items-center justify-center bg-slate-100 p-4 text-center text-slate-700">
        The map could not be loaded. The list of sites below still works.
      </p>
    );
  }
}

/** The map appears when its box scrolls near the viewport (hydration 'visible' for the Leaflet part); a hidden box (the phone's list) never loads it. */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    // A transition: mounting the map never blocks input (the rest of the explorer is memoised).
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: '200px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** 'Skip the map': a keyboard visitor goes on to the filters and the list without crossing every marker. */
function SkipTheMap() {
  const skip = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const after = document.getElementById(AFTER_MAP_ID);
    if (!after) return;
    event.preventDefault();
    after.focus();
  };
  return (
    <a
      href={`#${AFTER_MAP_ID}`}
      onClick={skip}
      className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-[1000] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-cyan-800 focus:shadow-md"
    >
      Skip the map
    </a>
  );
}

/**
 * The map of the filtered sites in its box: on a desktop (lg) and `split`, it stays in view beside the list;
 * on a phone it shows only when 'Map' is chosen (`hidden`).
 */
export function MapPanel({ map, tiles, hidden, split }: { map: Explorer['map']; tiles: TileSettings; hidden: boolean; split: boolean }) {
  const [box, near] = useNearViewport<HTMLDivElement>();
  return (
    <section
      aria-label="Map of dive sites"
      className={`relative mb-8 ${split ? 'lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:mb-0' : ''} ${hidden ? 'max-md:hidden' : ''}`}
    >
      <SkipTheMap />
      {/* Contained: the box's size never depends on the map, so Leaflet measuring it as it starts lays out
          the box alone, not the page around it. */}
      <div
        ref={box}
        className={`relative z-0 h-[calc(100svh-12rem)] min-h-80 overflow-hidden contain-strict md:h-[28rem] md:min-h-0 ${split ? 'lg:h-[calc(100vh-8rem)]' : ''} rounded-2xl ring-1 ring-slate-200`}
        data-testid="dive-site-map"
      >
        {near ? (
          <MapFailure>
            <Suspense fallback={<MapPlaceholder />}>
              {map.sites ? (
                <DiveSiteMap
                  sites={map.sites}
                  viewUrl={map.viewUrl}
                  highlighted={map.highlighted}
                  target={map.target}
                  tiles={tiles}
                  cardOf={map.cardOf}
                  pointed={map.pointed}
                />
              ) : (
                <MapPlaceholder />
              )}
            </Suspense>
          </MapFailure>
        ) : (
          <MapPlaceholder />
        )}
      </div>
    </section>
  );
}
