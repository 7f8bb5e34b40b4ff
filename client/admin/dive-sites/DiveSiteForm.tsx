import { useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/Field';
import { ImageUrlField, VideoUrlField } from '../media/ImageUrlField';
import { SITE_ACCESSES, SITE_ACCESS_LABELS, SITE_KINDS, SITE_KIND_LABELS, SITE_STATUSES, SITE_STATUS_LABELS } from 'core/dive-sites/fields';
import { reportMissing } from '../feedback';
import { FieldErrors, useFormErrors } from '../ui/field-errors';
import { siteFieldProblems, SKILL_LEVELS, type SiteForm } from './site-form';
import { ExposureFields } from './ExposureFields';

export interface DiveSiteFormProps {
  initial: SiteForm;
  editing: boolean;
  saving: boolean;
  onSubmit: (form: SiteForm) => void;
}

/**
 * The fields of the 'Create New Dive Site' and 'Edit Dive Site' dialogs. The required fields and the
 * coordinates are checked before anything is sent, each problem shown under its field (issue 44).
 */
export function DiveSiteForm({ initial, editing, saving, onSubmit }: DiveSiteFormProps) {
  const [form, setForm] = useState<SiteForm>(initial);
  const set =
    <K extends keyof SiteForm>(key: K) =>
    (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value }));

  const { ref, errors, check } = useFormErrors(siteFieldProblems(form));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Issue 44: each missing or invalid field is marked, with its message under it, and focused first.
    if (!check()) return reportMissing('Please fill in all required fields.');
    onSubmit(form);
  }

  return (
    <FieldErrors.Provider value={errors}>
      <form ref={ref} onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Site Name" name="name" required value={form.name} onChange={set('name')} maxLength={200} />
          <TextField label="Region" name="region" required value={form.region} onChange={set('region')} maxLength={100} placeholder="e.g. Great Barrier Reef" />
          <TextField
            label="Latitude"
            name="latitude"
            required
            type="number"
            step="any"
            min={-90}
            max={90}
            value={form.latitude}
            onChange={set('latitude')}
            placeholder="-16.5"
          />
          <TextField
            label="Longitude"
            name="longitude"
            required
            type="number"
            step="any"
            min={-180}
            max={180}
            value={form.longitude}
            onChange={set('longitude')}
            placeholder="145.8"
          />
        </div>
        <TextAreaField label="Description" name="description" required value={form.description} onChange={set('description')} rows={3} maxLength={20000} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Skill Level" required value={form.skillLevel} onChange={set('skillLevel')}>
            {SKILL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Depth Range"
            name="depthRange"
            required
            value={form.depthRange}
            onChange={set('depthRange')}
            placeholder="e.g. 5-18m"
            maxLength={50}
          />
          <TextField
            label="Water Temperature"
            name="waterTemp"
            required
            value={form.waterTemp}
            onChange={set('waterTemp')}
            placeholder="e.g. 24-26°C"
            maxLength={50}
          />
          <TextField label="Visibility" value={form.visibility} onChange={set('visibility')} placeholder="e.g. 15-30m" maxLength={100} />
          <TextField label="Best Time to Dive" value={form.bestTime} onChange={set('bestTime')} placeholder="e.g. June to November" maxLength={200} />
        </div>
        <TextAreaField label="Marine Life" value={form.marineLife} onChange={set('marineLife')} rows={2} maxLength={5000} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField label="Hazards" value={form.hazards} onChange={set('hazards')} rows={2} maxLength={5000} />
          <TextAreaField label="Facilities" value={form.facilities} onChange={set('facilities')} rows={2} maxLength={5000} />
        </div>
        <ImageUrlField
          label="Image URL"
          value={form.imageUrl}
          onChange={set('imageUrl')}
          placeholder="https://example.com/site.jpg"
          preview="Site image preview"
        />
        <VideoUrlField label="Video URL" value={form.videoUrl} onChange={set('videoUrl')} placeholder="https://www.youtube.com/watch?v=..." />
        <ImageUrlField
          label="Video Thumbnail URL"
          value={form.videoThumbnail}
          onChange={set('videoThumbnail')}
          placeholder="https://example.com/thumbnail.jpg"
          preview="Video thumbnail preview"
        />
        <TextField
          label="Review Link"
          value={form.reviewLink}
          onChange={set('reviewLink')}
          placeholder="/blog/site-review or https://..."
          hint="Optional: an internal dive-site review (e.g. /blog/fish-rock-cave) or an external URL."
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Choice label="Kind" value={form.kind} onChange={set('kind')} values={SITE_KINDS} labels={SITE_KIND_LABELS} />
          <Choice label="Access" value={form.access} onChange={set('access')} values={SITE_ACCESSES} labels={SITE_ACCESS_LABELS} />
          <Choice label="Status" value={form.status} onChange={set('status')} values={SITE_STATUSES} labels={SITE_STATUS_LABELS} />
        </div>
        <TextAreaField label="Status Note" value={form.statusNote} onChange={set('statusNote')} rows={2} maxLength={2000} />
        {/* No 'Last Checked' here (issue 43): a site is dated by a recorded check, 'Mark checked' in the queue above. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Status Since" type="date" value={form.statusSince} onChange={set('statusSince')} />
          <TextField label="Status Source" type="url" value={form.statusSource} onChange={set('statusSource')} placeholder="https://..." />
        </div>
        <TextAreaField label="Sources" value={form.sources} onChange={set('sources')} rows={3} hint="One a line: the address, or 'Title | address'." />
        <TextField
          label="Tide Station"
          value={form.tideStation}
          onChange={set('tideStation')}
          placeholder="ticon/queenscliff-60732-aus-bom"
          hint="Empty: the nearest station in the same water. A station id of the tide database, or 'none' for a site without tide."
        />
        <ExposureFields
          swellExposure={form.swellExposure}
          onshoreWinds={form.onshoreWinds}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        />
        <CheckboxField label="Featured Site" checked={form.featured} onChange={(featured) => setForm((current) => ({ ...current, featured }))} />
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Site' : 'Create Site'}
          </Button>
        </div>
      </form>
    </FieldErrors.Provider>
  );
}

/** A select of one of the site's fixed lists (kind, access, status), each value with its label. */
function Choice<V extends string>(props: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <SelectField label={props.label} required value={props.value} onChange={props.onChange}>
      {props.values.map((value) => (
        <option key={value} value={value}>
          {props.labels[value]}
        </option>
      ))}
    </SelectField>
  );
}
