import { Button } from '../ui/Button';
import { fieldBinder } from '../ui/field-binding';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../ui/Field';
import { ImageUrlField, VideoUrlField } from '../media/ImageUrlField';
import { CarouselPreview } from './CarouselPreview';
import { useEffect } from 'react';
import { useFormErrors } from '../ui/field-errors';
import { MarkedForm } from '../ui/MarkedForm';
import { EMPTY_SLIDE_FORM, slideFieldProblems, type ExistingVideo, type SlideForm } from './slide-form';

export interface CarouselFormProps {
  form: SlideForm;
  onChange: (form: SlideForm) => void;
  editing: boolean;
  saving: boolean;
  existing: { sites: ExistingVideo[]; articles: ExistingVideo[] };
  onSave: () => void;
  /** 'Reset' empties a new slide's form; 'Cancel Edit' closes an edit. */
  onReset: () => void;
  /** Closes a new slide's form without saving (issue 44: the list shows alone again). */
  onClose: () => void;
}

/** 'Create Carousel Slide' / 'Edit Carousel Slide' with its live preview (SPEC section 2, carousel tab). */
export function CarouselForm({ form, onChange, editing, saving, existing, onSave, onReset, onClose }: CarouselFormProps) {
  const field = fieldBinder(form, onChange);

  const { ref, errors, check } = useFormErrors(slideFieldProblems(form));
  // Opened by 'New slide' or a slide's Edit (issue 44): the title is the first thing to write.
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus({ preventScroll: true });
  }, [ref]);

  function load(key: string) {
    const found = [...existing.sites, ...existing.articles].find((video) => video.key === key);
    // The blank option starts again from an empty slide, whatever an earlier choice filled in.
    onChange({ ...(found ? found.form : EMPTY_SLIDE_FORM), published: form.published });
  }

  return (
    <Card>
      <CardHeader title={editing ? 'Edit Carousel Slide' : 'Create Carousel Slide'} description="Video slides of the homepage hero carousel." />
      <CardContent>
        <div className="grid gap-6 lg:grid-cols-2">
          <MarkedForm
            errors={errors}
            formRef={ref}
            className="grid content-start gap-4"
            onSubmit={() => {
              // Marks each missing field; the tab's save still toasts SPEC's message and stops.
              check();
              onSave();
            }}
          >
            {!editing && (
              <SelectField
                label="Load from Existing Video"
                defaultValue=""
                onChange={(event) => load(event.target.value)}
                hint="Optional: pre-fills the form from a dive site or article video."
              >
                <option value="">Create new slide from scratch</option>
                {existing.sites.length > 0 && (
                  <optgroup label="Dive site videos">
                    {existing.sites.map((video) => (
                      <option key={video.key} value={video.key}>
                        {video.label}
                      </option>
                    ))}
                  </optgroup>
                )}
                {existing.articles.length > 0 && (
                  <optgroup label="Article videos">
                    {existing.articles.map((video) => (
                      <option key={video.key} value={video.key}>
                        {video.label}
                      </option>
                    ))}
                  </optgroup>
                )}
              </SelectField>
            )}
            <TextField label="Title" name="title" required {...field('title')} placeholder="e.g. Dive the Great Barrier Reef" maxLength={200} />
            <VideoUrlField label="Video URL" name="videoUrl" required {...field('videoUrl')} placeholder="https://example.com/video.mp4" />
            <TextAreaField label="Description" {...field('description')} rows={3} maxLength={500} placeholder="A sentence shown under the title" />
            <ImageUrlField
              label="Poster Image URL"
              {...field('posterImageUrl')}
              placeholder="https://example.com/poster.jpg"
              hint="Shown while the video loads and in the preview."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="CTA Text" {...field('ctaText')} placeholder="e.g. Explore Dive Sites" maxLength={100} />
              <TextField label="CTA Link" {...field('ctaUrl')} placeholder="/dive-sites or https://..." />
            </div>
            <CheckboxField
              label="Publish to homepage (uncheck to save as draft)"
              checked={form.published}
              onChange={(published) => onChange({ ...form, published })}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : editing ? 'Update Slide' : 'Create Slide'}
              </Button>
              <Button variant="outline" disabled={saving} onClick={onReset}>
                {editing ? 'Cancel Edit' : 'Reset'}
              </Button>
              {!editing && (
                <Button variant="ghost" disabled={saving} onClick={onClose}>
                  Cancel
                </Button>
              )}
            </div>
          </MarkedForm>
          <div>
            <p className="mb-2 text-sm font-medium text-slate-800">Live Preview</p>
            <CarouselPreview slide={form} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
