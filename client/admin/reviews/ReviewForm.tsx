import { REVIEW_CATEGORIES } from 'core/categories';
import { PostEditor, type PostEditorProps } from '../content/PostEditor';
import { fieldBinder } from '../ui/field-binding';
import { ImageUrlField } from '../media/ImageUrlField';
import { SelectField, TextField } from '../ui/Field';
import { RATING_OPTIONS, type ReviewForm as ReviewFormState } from './review-form';

export type ReviewFormProps = PostEditorProps<ReviewFormState>;

/** 'Create New Gear Review' / 'Edit Gear Review' (SPEC section 2, reviews tab). */
export function ReviewForm(props: ReviewFormProps) {
  const { form, onChange, editing } = props;
  const field = fieldBinder(form, onChange);
  const knownRating = !form.rating || RATING_OPTIONS.some((option) => option.value === form.rating);
  return (
    <PostEditor
      {...props}
      heading={editing ? 'Edit Gear Review' : 'Create New Gear Review'}
      description="Reviews of scuba equipment with affiliate links. Fields marked * are needed to publish."
      titlePlaceholder="e.g. Shearwater Peregrine Review"
      categories={REVIEW_CATEGORIES}
      details={
        <>
          <TextField label="Price" {...field('price')} placeholder="e.g. $699 AUD" hint="Optional." maxLength={50} />
          <SelectField label="Rating" {...field('rating')} hint="Optional.">
            <option value="">No rating</option>
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {!knownRating && <option value={form.rating}>{form.rating} (current)</option>}
          </SelectField>
        </>
      }
      media={
        <>
          <ImageUrlField
            label="Image URL"
            name="imageUrl"
            required
            {...field('imageUrl')}
            placeholder="https://example.com/product.jpg"
            preview="Product image preview"
          />
          <TextField
            label="Purchase Link (Affiliate)"
            name="purchaseLink"
            required
            type="text"
            inputMode="url"
            {...field('purchaseLink')}
            placeholder="https://www.amazon.com.au/..."
          />
        </>
      }
    />
  );
}
