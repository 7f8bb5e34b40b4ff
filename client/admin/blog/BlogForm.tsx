import { ARTICLE_CATEGORIES } from 'core/categories';
import { TEAM_NAME } from 'core/constants';
import { ContentEditor } from '../content/ContentEditor';
import { ImagePreview } from '../content/ImagePreview';
import { ImageWarning } from '../content/ImageWarning';
import { autoExcerpt, slugFromTitle } from 'core/text';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { developmentUrlWarning, isDevelopmentUrl } from '../urls';
import type { ArticleForm } from './article-form';

export interface BlogFormProps {
  form: ArticleForm;
  onChange: (form: ArticleForm) => void;
  editing: { published: boolean } | null;
  saving: boolean;
  onSave: (publish: boolean) => void;
  onCancel: () => void;
}

const urlWarning = (label: string, value: string) => (value.trim() && isDevelopmentUrl(value.trim()) ? developmentUrlWarning(label) : null);

/** The Blog Creator form (SPEC section 2, blog tab). */
export function BlogForm({ form, onChange, editing, saving, onSave, onCancel }: BlogFormProps) {
  const set = <K extends keyof ArticleForm>(key: K) => (event: { target: { value: string } }) => onChange({ ...form, [key]: event.target.value });
  const generatedExcerpt = autoExcerpt(form.content);

  return (
    <Card>
      <CardHeader title={editing ? 'Edit Blog Post' : 'Create New Blog Post'} description="Write articles for the News section. Fields marked * are needed to publish." />
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
            <TextField label="Title" required value={form.title} onChange={set('title')} placeholder="Enter the post title" maxLength={200} />
            <TextField label="URL Slug" value={form.slug} onChange={set('slug')} placeholder={slugFromTitle(form.title) || 'auto-generated-from-title'} hint="Leave blank to generate it from the title." maxLength={200} />
            <SelectField label="Category" required value={form.category} onChange={set('category')}>
              <option value="">Select a category</option>
              {ARTICLE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </SelectField>
            <TextField label="Author" value={form.author} onChange={set('author')} placeholder={TEAM_NAME} maxLength={100} />
          </div>
          <div>
            <TextField
              label="Header Image URL"
              required
              type="url"
              value={form.imageUrl}
              onChange={set('imageUrl')}
              placeholder="https://example.com/header-image.jpg"
              warning={urlWarning('Header Image URL', form.imageUrl)}
            />
            <ImagePreview url={form.imageUrl} alt="Header image preview" />
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              label="Video URL"
              type="url"
              value={form.videoUrl}
              onChange={set('videoUrl')}
              placeholder="https://www.youtube.com/watch?v=..."
              hint="Optional: YouTube, Vimeo or direct video files (mp4, webm, ogg, mov)."
              warning={urlWarning('Video URL', form.videoUrl)}
            />
            <TextField label="Published Date" type="datetime-local" value={form.publishedAt} onChange={set('publishedAt')} hint="Optional: leave empty to use the time of publishing." />
          </div>
          <TextAreaField
            label="Excerpt"
            value={form.excerpt}
            onChange={set('excerpt')}
            rows={3}
            maxLength={1000}
            placeholder={generatedExcerpt || 'Auto-generated from the content if empty'}
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
