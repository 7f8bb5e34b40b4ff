import type { ConditionsResponse } from 'core/api/conditions';
import { COMPASS_WORDS, compassPoint } from 'core/outlook/compass';
import type { OutlookRating } from 'core/outlook/rules';
import { Island } from 'views/islands/Island';

/**
 * Issue 46: a site's stored marine forecast and its outlook, day by day (today first), rendered on the server
 * from what `GET /api/dive-sites/{id}/conditions` answers (ForecastService.conditions). No script: a table of
 * plain text. Shows the forecast's age, says when the provider has been failing, and carries the disclaimer.
 */
const BADGE: Record<OutlookRating | 'none', string> = {
  good: 'bg-emerald-100 text-emerald-900 ring-emerald-700',
  fair: 'bg-amber-100 text-amber-900 ring-amber-700',
  poor: 'bg-red-100 text-red-900 ring-red-700',
  none: 'bg-slate-100 text-slate-800 ring-slate-500',
};

const dayName = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const formatDay = (date: string, index: number) => (index === 0 ? 'Today' : dayName.format(new Date(`${date}T00:00:00Z`)));
const from = (degrees: number | null) => (degrees === null ? '' : `${COMPASS_WORDS[compassPoint(degrees)]} `);

export function OutlookBadge({ rating, label }: { rating: OutlookRating | null; label: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ring-1 ${BADGE[rating ?? 'none']}`} data-outlook={rating ?? 'none'}>
      {label}
    </span>
  );
}

export function ForecastOutlook({ conditions }: { conditions: ConditionsResponse }) {
  const { days, age, stale, lastError, exposure, disclaimer, attribution, fetchedAt } = conditions;
  // Its age counted again in the browser: a page kept for offline says how old its forecast is when opened.
  const ageIsland = <Island name="ForecastAge" props={{ fetchedAt: days.length ? fetchedAt : null, age, stale, failed: !!lastError }} hydrate="idle" />;
  return (
    <section aria-labelledby="forecast-outlook-heading" className="forecast-outlook">
      <h3 id="forecast-outlook-heading" className="text-lg font-semibold">
        Forecast and outlook
      </h3>
      {days.length === 0 ? (
        ageIsland
      ) : (
        <>
          {ageIsland}
          <ol className="mt-2 space-y-3">
            {days.map((day, index) => (
              <li key={day.date} className="rounded border border-slate-200 p-3">
                <p className="flex flex-wrap items-center gap-2">
                  <strong>{formatDay(day.date, index)}</strong>
                  <OutlookBadge rating={day.outlook.rating} label={day.outlook.label} />
                </p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt>Swell</dt>
                  <dd>
                    {day.swell
                      ? `${day.swell.heightM.toFixed(1)} m ${from(day.swell.directionDeg)}${day.swell.periodS === null ? '' : `at ${Math.round(day.swell.periodS)} s`}`
                      : 'not forecast'}
                    {day.secondarySwell
                      ? `; secondary ${day.secondarySwell.heightM.toFixed(1)} m ${from(day.secondarySwell.directionDeg)}${
                          day.secondarySwell.periodS === null ? '' : `at ${Math.round(day.secondarySwell.periodS)} s`
                        }`
                      : ''}
                  </dd>
                  <dt>Wind</dt>
                  <dd>
                    {day.wind
                      ? `${from(day.wind.directionDeg)}${Math.round(day.wind.speedKmh)} km/h${day.wind.gustKmh === null ? '' : `, gusts ${Math.round(day.wind.gustKmh)} km/h`}`
                      : 'not forecast'}
                  </dd>
                  <dt>Sea temperature</dt>
                  <dd>{day.seaTempC === null ? 'not forecast' : `${day.seaTempC.toFixed(1)} °C`}</dd>
                </dl>
                {day.outlook.reasons.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {day.outlook.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                )}
                {day.outlook.unjudged.length > 0 && <p className="mt-1 text-sm text-slate-700">Could not judge {day.outlook.unjudged.join('; ')}.</p>}
              </li>
            ))}
          </ol>
        </>
      )}
      {!exposure.profiled && <p className="mt-2 text-sm">This site&apos;s exposure to swell and wind is not profiled yet.</p>}
      <p className="mt-2 text-sm font-semibold">{disclaimer}</p>
      <p className="text-xs text-slate-700">
        <a href={attribution.url}>{attribution.text}</a> ({attribution.licence})
      </p>
    </section>
  );
}
