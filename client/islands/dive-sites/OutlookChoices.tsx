import { ALL, type DiveSiteFilters } from 'core/dive-sites/filters';
import { DAY_CHOICE_LABELS, DAY_CHOICES, DEFAULT_DAY, OUTLOOK_CHOICE_LABELS, OUTLOOK_CHOICES } from 'core/outlook/site-outlook';

const control =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30';

/**
 * Issue 46: the outlook filter's two fields of the dive-site form, `outlook` (any, Good, Fair or better, Poor)
 * and `day` (today, tomorrow or a weekday, in each site's own local time), sent by the GET form without
 * JavaScript as the others.
 */
export function OutlookChoices({ filters, onChange }: { filters: DiveSiteFilters; onChange: (filters: DiveSiteFilters) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <label htmlFor="dive-site-outlook" className="block text-sm font-medium text-slate-800">
          Outlook
        </label>
        <select
          id="dive-site-outlook"
          name="outlook"
          value={filters.outlook ?? ALL}
          onChange={(event) => onChange({ ...filters, outlook: event.target.value })}
          className={control}
        >
          <option value={ALL}>Any Outlook</option>
          {OUTLOOK_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {OUTLOOK_CHOICE_LABELS[choice]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="dive-site-day" className="block text-sm font-medium text-slate-800">
          Day
        </label>
        <select
          id="dive-site-day"
          name="day"
          value={filters.day ?? DEFAULT_DAY}
          onChange={(event) => onChange({ ...filters, day: event.target.value })}
          className={control}
        >
          {DAY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {DAY_CHOICE_LABELS[choice]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
