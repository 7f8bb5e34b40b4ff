import { useId } from 'react';
import { COMPASS_POINTS, COMPASS_WORDS, type CompassPoint } from 'core/outlook/compass';

/**
 * Issue 46: a site's exposure profile in the admin dive-site form: the compass points open-ocean swell
 * reaches it from, and the wind directions that blow onshore there. 'Not profiled' (null) is not the same
 * as no point ticked (sheltered from every direction): the outlook judges a site not profiled as exposed.
 */
export function ExposureFields({
  swellExposure,
  onshoreWinds,
  onChange,
}: {
  swellExposure: CompassPoint[] | null;
  onshoreWinds: CompassPoint[] | null;
  onChange: (change: { swellExposure?: CompassPoint[] | null; onshoreWinds?: CompassPoint[] | null }) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Points
        legend="Swell Exposure"
        hint="The directions open-ocean swell reaches the site from."
        value={swellExposure}
        onChange={(value) => onChange({ swellExposure: value })}
      />
      <Points
        legend="Onshore Winds"
        hint="The wind directions that blow onshore at the site."
        value={onshoreWinds}
        onChange={(value) => onChange({ onshoreWinds: value })}
      />
    </div>
  );
}

function Points({
  legend,
  hint,
  value,
  onChange,
}: {
  legend: string;
  hint: string;
  value: CompassPoint[] | null;
  onChange: (value: CompassPoint[] | null) => void;
}) {
  const id = useId();
  const toggle = (point: CompassPoint, on: boolean) => onChange(COMPASS_POINTS.filter((each) => (each === point ? on : (value ?? []).includes(each))));
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <label className="mt-2 flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value === null}
          onChange={(event) => onChange(event.target.checked ? null : [])}
          className="h-5 w-5 rounded border-slate-300 text-cyan-700"
        />
        Not profiled
      </label>
      <div className="grid grid-cols-4 gap-x-3">
        {COMPASS_POINTS.map((point) => (
          <label key={point} className="flex min-h-10 items-center gap-2 text-sm text-slate-800" title={COMPASS_WORDS[point]}>
            <input
              type="checkbox"
              aria-label={`${legend}: ${COMPASS_WORDS[point]}`}
              checked={value?.includes(point) ?? false}
              disabled={value === null}
              onChange={(event) => toggle(point, event.target.checked)}
              className="h-5 w-5 rounded border-slate-300 text-cyan-700 disabled:opacity-50"
            />
            {point}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
