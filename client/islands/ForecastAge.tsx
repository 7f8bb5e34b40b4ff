import { useEffect, useState } from 'react';
import { ageInWords } from 'core/api/conditions';

export interface ForecastAgeProps {
  /** ISO time of the last good fetch; null: none yet. */
  fetchedAt: string | null;
  /** The age in words when the page was rendered ('3 hours'). */
  age: string | null;
  stale: boolean;
  /** The last refresh failed after the last good fetch. */
  failed: boolean;
}

/**
 * Issue 46: how old a site's forecast is, 'Forecast fetched 5 hours ago'. Rendered with the page; once the
 * script runs it counts from the fetch to the device's clock, so a page kept for offline and opened days
 * later says its forecast's true age.
 */
export function ForecastAge({ fetchedAt, age, stale, failed }: ForecastAgeProps) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!fetchedAt) return <p>No forecast has been fetched for this site yet.</p>;
  const shown = now === null ? age : ageInWords(Math.max(0, Math.floor((now - Date.parse(fetchedAt)) / 60_000)));
  return (
    <p className="text-sm text-slate-700" data-testid="forecast-age">
      Forecast fetched {shown} ago{stale ? ': the provider has not answered since, so it may be out of date' : ''}.
      {failed && !stale ? ' The last refresh failed; this is the last good forecast.' : ''}
    </p>
  );
}
