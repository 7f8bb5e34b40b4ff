import { useEffect, useRef, type ReactNode } from 'react';
import { TEAM_NAME } from 'core/constants';
import { autoExcerpt, slugFromTitle } from 'core/text';
import { useSiteTimeZone } from '../site-time';
import { Button } from '../ui/Button';
import { fieldBinder } from '../ui/field-binding';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { focusFirstInvalid } from '../ui/field-errors';
import { MarkedForm } from '../ui/MarkedForm';
import { ContentEditor } from './ContentEditor';
import { ImageWarning } from './ImageWarning';
import type { PostForm } from './post-form';

export interface PostEditorProps<F extends PostForm> {
  form: F;
  onChange: (form: F) => void;
  editing: { published: boolean } | null;
  saving: boolean;
  onSave: (publish: boolean) => void;
  onCancel: () => void;
  /** The fields that stop the last save tried, by name, each with its message. */
  errors?: Readonly<Record<string, string>>;
  /** Counts the saves stopped by missing fields: each moves focus to the first field to fix. */
  attempt?: number;
}

interface PostEditorFrame {
  heading: string;
  description: string;
  titlePlaceholder: string;
  categories: readonly string[];
  /** Fields of this kind of post beside category and author (a review's price and rating). */
  details?: ReactNode;
  /** Its image, video and link fields, between the details and the published date. */
  media: ReactNode;
  /** Where the Published Date sits: beside the video (articles) or on a row of its own. */
  publishedAtBeside?: ReactNode;
}

/**
 * The editor articles and reviews share (SPEC section 2, blog and reviews tabs): title, slug, category,
 * author, the post's own fields, published date, excerpt, content, and Save as Draft / Publish Now.
 */
export function PostEditor<F extends PostForm>({
  heading,
  description,
  titlePlaceholder,
  categories,
  details,
  media,
  publishedAtBeside,
  form,
  onChange,
  editing,
  saving,
  onSave,
  onCancel,
  errors = {},
  attempt = 0,
}: PostEditorFrame & PostEditorProps<F>) {
  // The fields every post has; the form handed on keeps its own kind's fields.
  const field = fieldBinder<PostForm>(form, (changed) => onChange(changed as F));
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formElement.current);
  }, [attempt]);
  // Opened by 'New post' or a row's Edit (issue 44): the title is the first thing to write.
  useEffect(() => {
    formElement.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus({ preventScroll: true });
  }, []);
  const timeZone = useSiteTimeZone();
  const publishedAt = (
    <TextField
      label="Published Date"
      type="datetime-local"
      {...field('publishedAt')}
      hint={`Optional: leave empty to use the time of publishing. A later time schedules it (${timeZone} time).`}
    />
  );

  return (
    <Card>
      <CardHeader title={heading} description={description} />
      <CardContent>
        <MarkedForm
          errors={errors}
          formRef={formElement}
          className="grid gap-5"
          onSubmit={() => {
            onSave(true);
          }}
        >
          <div className="grid gap-5 md:grid-cols-2">
            <TextField label="Title" name="title" required {...field('title')} placeholder={titlePlaceholder} maxLength={200} />
            <TextField
              label="URL Slug"
              {...field('slug')}
              placeholder={slugFromTitle(form.title) || 'auto-generated-from-title'}
              hint="Leave blank to generate it from the title."
              maxLength={200}
            />
            <SelectField label="Category" name="category" required {...field('category')}>
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </SelectField>
            <TextField label="Author" {...field('author')} placeholder={TEAM_NAME} maxLength={100} />
            {details}
          </div>
          {media}
          {publishedAtBeside ? (
            <div className="grid gap-5 md:grid-cols-2">
              {publishedAtBeside}
              {publishedAt}
            </div>
          ) : (
            publishedAt
          )}
          <TextAreaField
            label="Excerpt"
            {...field('excerpt')}
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
            <Button variant="ghost" disabled={saving} onClick={onCancel}>
              {editing ? 'Cancel Edit' : 'Cancel'}
            </Button>
          </div>
        </MarkedForm>
      </CardContent>
    </Card>
  );
}
