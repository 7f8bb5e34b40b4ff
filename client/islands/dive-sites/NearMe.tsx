import { startTransition, useEffect, useState } from 'react';
import { greatCircleKm } from 'core/geo';

/** A position the browser gave; it never leaves the page (the sort and the distances are computed here). */
export interface Position {
  latitude: number;
  longitude: number;
}

type Status = 'idle' | 'locating' | 'located' | 'denied' | 'failed';

export const NEAR_ME_DENIED =
  'Location access is blocked, so the sites cannot be sorted by distance. Allow location for this site in your browser settings, then press Near me again.';
export const NEAR_ME_FAILED = 'Your position could not be found. Please try again.';

/** 'Near me': asks the browser for the position when pressed (never before), and remembers it for the page. */
export function useNearMe() {
  // Rendered only once the island runs: without JavaScript (or a browser without geolocation) there is no button.
  // A transition: the explorer's render that adds it yields to the browser instead of being one long task.
  const [available, setAvailable] = useState(false);
  useEffect(() => startTransition(() => setAvailable('geolocation' in navigator)), []);
  const [status, setStatus] = useState<Status>('idle');
  const [position, setPosition] = useState<Position | null>(null);
  const locate = () => {
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPosition({ latitude: coords.latitude, longitude: coords.longitude });
        setStatus('located');
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      // A fix of the last ten minutes will do (a diver on a boat moves slowly); offline, the device's own GPS answers.
      { maximumAge: 600_000, timeout: 20_000 },
    );
  };
  const clear = () => {
    setPosition(null);
    setStatus('idle');
  };
  return { available, status, position, locate, clear };
}

/** Kilometres from the position to each site, for the sort and the cards. */
export function distancesFrom(
  position: Position,
  sites: readonly { id: number; latitude: number | string; longitude: number | string }[],
): Map<number, number> {
  const found = new Map<number, number>();
  for (const site of sites) {
    const latitude = Number(site.latitude);
    const longitude = Number(site.longitude);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) found.set(site.id, greatCircleKm(position.latitude, position.longitude, latitude, longitude));
  }
  return found;
}

/** '850 m', '12.4 km', '1,234 km'. */
export function distanceText(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  if (km < 100) return `${km.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-AU')} km`;
}

export function NearMeButton({ nearMe }: { nearMe: ReturnType<typeof useNearMe> }) {
  // Until the island runs, its row is kept where scripting is on (the `js` variant), so the button does not
  // push the list down as it appears (a layout shift of 0.04 on a phone's /dive-sites); without scripting,
  // where no button comes, nothing is kept.
  if (!nearMe.available) return <div aria-hidden="true" data-testid="near-me-space" className="hidden min-h-11 js:block" />;
  const { status } = nearMe;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="near-me">
      <button
        type="button"
        onClick={status === 'located' ? nearMe.clear : nearMe.locate}
        disabled={status === 'locating'}
        aria-pressed={status === 'located'}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-cyan-700 px-4 py-2 text-sm font-semibold text-cyan-800 hover:bg-cyan-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v3m0 14v3M2 12h3m14 0h3" strokeLinecap="round" />
        </svg>
        {status === 'locating' ? 'Finding your position...' : 'Near me'}
      </button>
      <p role="status" className="text-sm">
        {status === 'located' && (
          <span className="text-slate-700">Sorted by distance from you (your position stays on this device). Press Near me again to sort as before.</span>
        )}
        {status === 'denied' && <span className="text-red-700">{NEAR_ME_DENIED}</span>}
        {status === 'failed' && <span className="text-red-700">{NEAR_ME_FAILED}</span>}
      </p>
    </div>
  );
}
