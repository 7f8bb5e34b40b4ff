import { formatWeekday } from './wording';

/**
 * A small bar chart as plain SVG (no chart library: a few dozen bars need none, and the admin bundle stays
 * small). One bar per day; the title of each bar (shown on hover, read by screen readers through the
 * figure's table) names its day and value.
 */
export function BarChart({ label, points, colour }: { label: string; points: { day: string; value: number }[]; colour: string }) {
  const width = 300;
  const height = 80;
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = width / Math.max(1, points.length);
  const gap = points.length > 40 ? 0.5 : 1.5;
  return (
    <figure className="rounded-lg border border-slate-200 p-3">
      <figcaption className="text-sm font-medium text-slate-700">{label}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-20 w-full"
        role="img"
        aria-label={`${label}: ${points.reduce((sum, p) => sum + p.value, 0)} in all`}
      >
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#cbd5e1" strokeWidth="1" />
        {points.map((point, index) => {
          const barHeight = (point.value / max) * (height - 4);
          return (
            <rect key={point.day} x={index * step + gap / 2} y={height - barHeight} width={Math.max(0.5, step - gap)} height={barHeight} fill={colour}>
              <title>{`${formatWeekday(point.day)}: ${point.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{points[0] ? formatWeekday(points[0].day) : null}</span>
        <span>most in a day: {max === 1 && points.every((p) => p.value === 0) ? 0 : max}</span>
        <span>{points.length ? formatWeekday(points[points.length - 1].day) : null}</span>
      </p>
    </figure>
  );
}
