import { useState } from 'react';
import { Button } from '../ui/Button';
import { fieldBinder } from '../ui/field-binding';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/Field';
import { ImageUrlField, VideoUrlField } from '../media/ImageUrlField';
import { SITE_ACCESSES, SITE_ACCESS_LABELS, SITE_KINDS, SITE_KIND_LABELS, SITE_STATUSES, SITE_STATUS_LABELS } from 'core/dive-sites/fields';
import { reportMissing } from '../feedback';
import { useFormErrors } from '../ui/field-errors';
import { MarkedForm } from '../ui/MarkedForm';
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
  const field = fieldBinder(form, setForm);

  const { ref, errors, check } = useFormErrors(siteFieldProblems(form));

  function submit() {
    // Issue 44: each missing or invalid field is marked, with its message under it, and focused first.
    if (!check()) return reportMissing('Please fill in all required fields.');
    onSubmit(form);
  }

  return (
    <MarkedForm errors={errors} formRef={ref} className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Site Name" name="name" required {...field('name')} maxLength={200} />
        <TextField label="Region" name="region" required {...field('region')} maxLength={100} placeholder="e.g. Great Barrier Reef" />
        <TextField label="Latitude" name="latitude" required type="number" step="any" min={-90} max={90} {...field('latitude')} placeholder="-16.5" />
        <TextField label="Longitude" name="longitude" required type="number" step="any" min={-180} max={180} {...field('longitude')} placeholder="145.8" />
      </div>
      <TextAreaField label="Description" name="description" required {...field('description')} rows={3} maxLength={20000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Skill Level" required {...field('skillLevel')}>
          {SKILL_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <TextField label="Depth Range" name="depthRange" required {...field('depthRange')} placeholder="e.g. 5-18m" maxLength={50} />
        <TextField label="Water Temperature" name="waterTemp" required {...field('waterTemp')} placeholder="e.g. 24-26°C" maxLength={50} />
        <TextField label="Visibility" {...field('visibility')} placeholder="e.g. 15-30m" maxLength={100} />
        <TextField label="Best Time to Dive" {...field('bestTime')} placeholder="e.g. June to November" maxLength={200} />
      </div>
      <TextAreaField label="Marine Life" {...field('marineLife')} rows={2} maxLength={5000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField label="Hazards" {...field('hazards')} rows={2} maxLength={5000} />
        <TextAreaField label="Facilities" {...field('facilities')} rows={2} maxLength={5000} />
      </div>
      <ImageUrlField label="Image URL" {...field('imageUrl')} placeholder="https://example.com/site.jpg" preview="Site image preview" />
      <VideoUrlField label="Video URL" {...field('videoUrl')} placeholder="https://www.youtube.com/watch?v=..." />
      <ImageUrlField
        label="Video Thumbnail URL"
        {...field('videoThumbnail')}
        placeholder="https://example.com/thumbnail.jpg"
        preview="Video thumbnail preview"
      />
      <TextField
        label="Review Link"
        {...field('reviewLink')}
        placeholder="/blog/site-review or https://..."
        hint="Optional: an internal dive-site review (e.g. /blog/fish-rock-cave) or an external URL."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Choice label="Kind" {...field('kind')} values={SITE_KINDS} labels={SITE_KIND_LABELS} />
        <Choice label="Access" {...field('access')} values={SITE_ACCESSES} labels={SITE_ACCESS_LABELS} />
        <Choice label="Status" {...field('status')} values={SITE_STATUSES} labels={SITE_STATUS_LABELS} />
      </div>
      <TextAreaField label="Status Note" {...field('statusNote')} rows={2} maxLength={2000} />
      {/* No 'Last Checked' here (issue 43): a site is dated by a recorded check, 'Mark checked' in the queue above. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Status Since" type="date" {...field('statusSince')} />
        <TextField label="Status Source" type="url" {...field('statusSource')} placeholder="https://..." />
      </div>
      <TextAreaField label="Sources" {...field('sources')} rows={3} hint="One a line: the address, or 'Title | address'." />
      <TextField
        label="Tide Station"
        {...field('tideStation')}
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
    </MarkedForm>
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
