import type { FormEvent } from 'react';
import { OutlookChoices } from './OutlookChoices';
import { ACCESS_OPTIONS, ALL, DEPTH_BANDS, KIND_OPTIONS, SKILL_LEVEL_OPTIONS, TOP_RATED, type DiveSiteFilters } from 'core/dive-sites/filters';

interface FilterPanelProps {
  filters: DiveSiteFilters;
  regions: string[];
  onChange: (filters: DiveSiteFilters) => void;
  /** 'Top rated': the form keeps the sort when sent without JavaScript. */
  topRated?: boolean;
}

const control =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30';

/** A select of the form: 'all' first, then its options; its name is its filter's. */
function Choice(props: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select id={props.id} name={props.id.replace('dive-site-', '')} value={props.value} onChange={props.onChange} className={control}>
        <option value={ALL}>{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Search, region, skill level, depth, kind and access, all 'all' by default. It is a GET form to /dive-sites, so the
 * filters also work before (or without) any script; once hydrated, changes apply at once.
 */
export function FilterPanel({ filters, regions, onChange, topRated = false }: FilterPanelProps) {
  const set = (key: keyof DiveSiteFilters) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value });
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <form
      method="get"
      action="/dive-sites"
      role="search"
      aria-label="Filter dive sites"
      onSubmit={submit}
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div>
        <label htmlFor="dive-site-search" className="block text-sm font-medium text-slate-800">
          Search dive sites
        </label>
        <input
          id="dive-site-search"
          name="search"
          type="search"
          value={filters.search}
          onChange={set('search')}
          placeholder="Name, region or marine life"
          autoComplete="off"
          maxLength={200}
          className={control}
        />
      </div>
      <div>
        <label htmlFor="dive-site-region" className="block text-sm font-medium text-slate-800">
          Region
        </label>
        <select id="dive-site-region" name="region" value={filters.region} onChange={set('region')} className={control}>
          <option value={ALL}>All Regions</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="dive-site-skill" className="block text-sm font-medium text-slate-800">
          Skill Level
        </label>
        <select id="dive-site-skill" name="skill" value={filters.skill} onChange={set('skill')} className={control}>
          <option value={ALL}>All Skill Levels</option>
          {SKILL_LEVEL_OPTIONS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </div>
      <Choice id="dive-site-depth" label="Depth" all="All Depths" value={filters.depth} options={DEPTH_BANDS} onChange={set('depth')} />
      <Choice id="dive-site-kind" label="Kind of Site" all="All Kinds" value={filters.kind} options={KIND_OPTIONS} onChange={set('kind')} />
      <Choice id="dive-site-access" label="Access" all="Shore or Boat" value={filters.access} options={ACCESS_OPTIONS} onChange={set('access')} />
      <OutlookChoices filters={filters} onChange={onChange} />
      {topRated && <input type="hidden" name="sort" value={TOP_RATED} />}
      <noscript>
        <button type="submit" className="min-h-11 rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white">
          Apply filters
        </button>
      </noscript>
    </form>
  );
}
