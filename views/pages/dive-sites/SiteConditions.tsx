import type { ReactNode } from 'react';
import type { ConditionsDay, SiteConditions, TideCurve, TideTurn } from 'core/conditions/types';

/** What the site page shows of its conditions: the days from today, and today's curve. */
export interface ConditionsPanel {
  conditions: SiteConditions;
  /** Today's curve (the first day's), null without tide. */
  curve: TideCurve | null;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_FORMAT = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: string) => DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));
const longLabel = (date: string) => LONG_FORMAT.format(new Date(`${date}T00:00:00Z`));
const metres = (height: number) => `${height.toFixed(2)} m`;
const kind = (turn: TideTurn) => (turn.type === 'high' ? 'High' : 'Low');

function RangeMark({ day }: { day: ConditionsDay }) {
  if (!day.tideRange) return null;
  const spring = day.tideRange === 'spring';
  return (
    <span
      data-testid="tide-range"
      className={`ml-2 inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${spring ? 'bg-cyan-100 text-cyan-900 ring-cyan-300' : 'bg-slate-100 text-slate-700 ring-slate-300'}`}
    >
      {spring ? 'Spring tides' : 'Neap tides'}
    </span>
  );
}

/**
 * A table of the panel, scrolled sideways on a narrow screen (its region named for keyboard and screen
 * reader users), with a caption for screen readers and a header row of `columns`, each but the last `pad`ded.
 */
function ScrollTable({
  label,
  className,
  testId,
  caption,
  columns,
  pad,
  children,
}: {
  label: string;
  className: string;
  testId: string;
  caption: ReactNode;
  columns: string[];
  pad: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={`${label}, scrollable`} tabIndex={0}>
      <table className={className} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-slate-600">
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i < columns.length - 1 ? `${pad} font-medium` : 'font-medium'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const WIDTH = 320;
const HEIGHT = 110;
const PAD = { left: 30, right: 8, top: 10, bottom: 20 };

/** The day's water, drawn on the server: a line through the heights, the highs and lows marked. */
function TideCurveSvg({ curve, turns, day }: { curve: TideCurve; turns: TideTurn[]; day: ConditionsDay }) {
  const { heights, hours } = curve;
  const low = Math.min(...heights);
  const high = Math.max(...heights);
  const span = Math.max(0.1, high - low);
  const x = (hour: number) => PAD.left + (hour / hours) * (WIDTH - PAD.left - PAD.right);
  const y = (height: number) => PAD.top + ((high - height) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const step = hours / (heights.length - 1);
  const points = heights.map((height, i) => `${x(i * step).toFixed(1)},${y(height).toFixed(1)}`).join(' ');
  const hourOf = (turn: TideTurn) => {
    const [h, m] = turn.localTime.split(':').map(Number);
    return Math.min(hours, h + m / 60);
  };
  const summary = turns.map((turn) => `${kind(turn).toLowerCase()} ${metres(turn.height)} at ${turn.localTime}`).join(', ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="tide-curve-title" data-testid="tide-curve" className="mt-2 h-auto w-full max-w-md">
      <title id="tide-curve-title">{`Tide on ${longLabel(day.date)}: ${summary}`}</title>
      {[0, 6, 12, 18, 24].map((hour) => (
        <g key={hour}>
          <line x1={x(hour)} x2={x(hour)} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#e2e8f0" strokeWidth="1" />
          <text x={x(hour)} y={HEIGHT - 6} fontSize="9" textAnchor="middle" fill="#475569">
            {String(hour).padStart(2, '0')}:00
          </text>
        </g>
      ))}
      <text x={PAD.left - 4} y={y(high) + 3} fontSize="9" textAnchor="end" fill="#475569">
        {high.toFixed(1)}
      </text>
      <text x={PAD.left - 4} y={y(low) + 3} fontSize="9" textAnchor="end" fill="#475569">
        {low.toFixed(1)}
      </text>
      <polyline points={points} fill="none" stroke="#0e7490" strokeWidth="2" />
      {turns.map((turn) => (
        <circle key={turn.time} cx={x(hourOf(turn))} cy={y(turn.height)} r="3" fill={turn.type === 'high' ? '#0e7490' : '#f8fafc'} stroke="#0e7490" />
      ))}
    </svg>
  );
}

function TurnsText({ turns }: { turns: TideTurn[] }) {
  return (
    <>
      {turns.map((turn, i) => (
        <span key={turn.time} className="whitespace-nowrap">
          {i > 0 && ' · '}
          {kind(turn)} {turn.localTime} {metres(turn.height)}
        </span>
      ))}
    </>
  );
}

/** The 'Conditions' section of a site page (issue 46): today's tides, the next days, the sun and the moon. Server-rendered, no script. */
export function SiteConditionsSection({ panel }: { panel: ConditionsPanel }) {
  const { conditions, curve } = panel;
  const [today, ...next] = conditions.days;
  const station = conditions.station;
  return (
    <section
      aria-labelledby="conditions-heading"
      id="site-conditions"
      data-testid="site-conditions"
      className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id="conditions-heading" className="text-lg font-bold text-slate-900">
        Conditions
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Today, {longLabel(today.date)}. Times are local to the site ({conditions.timeZone}).
      </p>
      {conditions.tidal && station && today.tides ? (
        <>
          <h4 className="mt-3 font-semibold text-slate-900">
            Today&apos;s tides
            <RangeMark day={today} />
          </h4>
          {curve && <TideCurveSvg curve={curve} turns={today.tides} day={today} />}
          <ScrollTable
            label="Today's tides"
            className="mt-2 text-sm"
            testId="tides-today"
            caption={<>Today&apos;s high and low tides</>}
            columns={['Tide', 'Time', 'Height']}
            pad="pr-4"
          >
            {today.tides.map((turn) => (
              <tr key={turn.time}>
                <td className="pr-4 text-slate-900">{kind(turn)}</td>
                <td className="pr-4 font-mono text-slate-900">{turn.localTime}</td>
                <td className="font-mono text-slate-900">{metres(turn.height)}</td>
              </tr>
            ))}
          </ScrollTable>
          {next.length > 0 && (
            <>
              <h4 className="mt-4 font-semibold text-slate-900">The next days</h4>
              <ScrollTable
                label="The next days' tides"
                className="mt-1 text-sm"
                testId="tides-next"
                caption={<>High and low tides of the next days</>}
                columns={['Day', 'Tides']}
                pad="pr-4"
              >
                {next.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className="whitespace-nowrap pr-4 text-left font-normal text-slate-900">
                      {dayLabel(day.date)}
                      <RangeMark day={day} />
                    </th>
                    <td className="text-slate-900">{day.tides && <TurnsText turns={day.tides} />}</td>
                  </tr>
                ))}
              </ScrollTable>
            </>
          )}
          <p className="mt-2 text-sm font-semibold text-amber-900" data-testid="tide-notice">
            {conditions.notice}
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="tide-station">
            Heights in metres above {station.datum === 'LAT' ? 'the lowest astronomical tide (LAT)' : station.datum} at {station.name},{' '}
            {station.distanceKm.toFixed(1)} km away{station.chosenBy === 'administrator' ? ' (chosen for this site)' : ''}. Station data:{' '}
            <a href={station.licence.url} className="text-cyan-800 underline">
              {station.licence.name}
            </a>
            ; {station.attribution}
          </p>
        </>
      ) : (
        <p className="mt-2 text-slate-800" data-testid="no-tide">
          {conditions.message ?? 'This site has no tide.'}
        </p>
      )}
      <h4 className="mt-4 font-semibold text-slate-900">Sun and moon</h4>
      <ScrollTable
        label="Sun and moon"
        className="mt-1 text-sm"
        testId="sun-moon"
        caption={<>First light, sunrise, sunset, last light and the moon&apos;s phase</>}
        columns={['Day', 'First light', 'Sunrise', 'Sunset', 'Last light', 'Moon']}
        pad="pr-3"
      >
        {conditions.days.map((day) => (
          <tr key={day.date}>
            <th scope="row" className="whitespace-nowrap pr-3 text-left font-normal text-slate-900">
              {dayLabel(day.date)}
            </th>
            <td className="pr-3 font-mono text-slate-900">{day.sun.dawn ?? '–'}</td>
            <td className="pr-3 font-mono text-slate-900">{day.sun.sunrise ?? '–'}</td>
            <td className="pr-3 font-mono text-slate-900">{day.sun.sunset ?? '–'}</td>
            <td className="pr-3 font-mono text-slate-900">{day.sun.dusk ?? '–'}</td>
            <td className="text-slate-900">{day.sun.moonPhase}</td>
          </tr>
        ))}
      </ScrollTable>
      <p className="mt-1 text-xs text-slate-600">First and last light: civil twilight (the sun 6° below the horizon).</p>
      {conditions.tidal && (
        <p className="mt-1 text-xs text-slate-600">
          Tides computed with{' '}
          {conditions.credits.map((credit, i) => (
            <span key={credit.url}>
              {i > 0 && ', '}
              <a href={credit.url} className="text-cyan-800 underline">
                {credit.name}
              </a>{' '}
              ({credit.licence})
            </span>
          ))}
          .
        </p>
      )}
    </section>
  );
}
