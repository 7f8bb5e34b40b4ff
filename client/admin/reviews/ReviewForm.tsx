import { REVIEW_CATEGORIES } from 'core/categories';
import { TEAM_NAME } from 'core/constants';
import { ContentEditor } from '../content/ContentEditor';
import { ImagePreview } from '../content/ImagePreview';
import { ImageWarning } from '../content/ImageWarning';
import { autoExcerpt, slugFromTitle } from 'core/text';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { developmentUrlWarning, isDevelopmentUrl } from '../urls';
import { RATING_OPTIONS, type ReviewForm as ReviewFormState } from './review-form';

export interface ReviewFormProps {
  form: ReviewFormState;
  onChange: (form: ReviewFormState) => void;
  editing: { published: boolean } | null;
  saving: boolean;
  onSave: (publish: boolean) => void;
  onCancel: () => void;
}

/** 'Create New Gear Review' / 'Edit Gear Review' (SPEC section 2, reviews tab). */
export function ReviewForm({ form, onChange, editing, saving, onSave, onCancel }: ReviewFormProps) {
  const set = <K extends keyof ReviewFormState>(key: K) => (event: { target: { value: string } }) => onChange({ ...form, [key]: event.target.value });
  const knownRating = !form.rating || RATING_OPTIONS.some((option) => option.value === form.rating);
  const imageWarning = form.imageUrl.trim() && isDevelopmentUrl(form.imageUrl.trim()) ? developmentUrlWarning('Image URL') : null;

  return (
    <Card>
      <CardHeader title={editing ? 'Edit Gear Review' : 'Create New Gear Review'} description="Reviews of scuba equipment with affiliate links. Fields marked * are needed to publish." />
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(true);
          }}
        >
          <div className="grid gap-5 md:grid-cols-2">
            <TextField label="Title" required value={form.title} onChange={set('title')} placeholder="e.g. Shearwater Peregrine Review" maxLength={200} />
            <TextField label="URL Slug" value={form.slug} onChange={set('slug')} placeholder={slugFromTitle(form.title) || 'auto-generated-from-title'} hint="Leave blank to generate it from the title." maxLength={200} />
            <SelectField label="Category" required value={form.category} onChange={set('category')}>
              <option value="">Select a category</option>
              {REVIEW_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </SelectField>
            <TextField label="Price" value={form.price} onChange={set('price')} placeholder="e.g. $699 AUD" hint="Optional." maxLength={50} />
            <SelectField label="Rating" value={form.rating} onChange={set('rating')} hint="Optional.">
              <option value="">No rating</option>
              {RATING_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {!knownRating && <option value={form.rating}>{form.rating} (current)</option>}
            </SelectField>
            <TextField label="Author" value={form.author} onChange={set('author')} placeholder={TEAM_NAME} maxLength={100} />
          </div>
          <div>
            <TextField label="Image URL" required type="url" value={form.imageUrl} onChange={set('imageUrl')} placeholder="https://example.com/product.jpg" warning={imageWarning} />
            <ImagePreview url={form.imageUrl} alt="Product image preview" />
          </div>
          <TextField label="Purchase Link (Affiliate)" required type="url" value={form.purchaseLink} onChange={set('purchaseLink')} placeholder="https://www.amazon.com.au/..." />
          <TextField label="Published Date" type="datetime-local" value={form.publishedAt} onChange={set('publishedAt')} hint="Optional: leave empty to use the time of publishing." />
          <TextAreaField
            label="Excerpt"
            value={form.excerpt}
            onChange={set('excerpt')}
            rows={3}
            maxLength={1000}
            placeholder={autoExcerpt(form.content) || 'Auto-generated from the content if empty'}
            hint="Auto-generated if empty: the first 150 characters of the content."
          />
          <ContentEditor value={form.content} onChange={(content) => onChange({ ...form, content })} />
          <ImageWarning content={form.content} />
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" disabled={saving} onClick={() => onSave(false)}>
              Save as Draft
            </Button>
            <Button type="submit" disabled={saving}>
              {editing?.published ? 'Update & Keep Published' : 'Publish Now'}
            </Button>
            {editing && (
              <Button variant="ghost" disabled={saving} onClick={onCancel}>
                Cancel Edit
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
