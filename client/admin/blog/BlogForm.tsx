import { ARTICLE_CATEGORIES } from 'core/categories';
import { fieldSetter, PostEditor, type PostEditorProps } from '../content/PostEditor';
import { ImagePreview } from '../content/ImagePreview';
import { ImageUrlField } from '../media/ImageUrlField';
import { TextField } from '../ui/Field';
import { mediaUrlWarning } from '../urls';
import type { ArticleForm } from './article-form';

export type BlogFormProps = PostEditorProps<ArticleForm>;

/** The Blog Creator form (SPEC section 2, blog tab). */
export function BlogForm(props: BlogFormProps) {
  const { form, onChange, editing } = props;
  const set = fieldSetter(form, onChange);
  return (
    <PostEditor
      {...props}
      heading={editing ? 'Edit Blog Post' : 'Create New Blog Post'}
      description="Write articles for the News section. Fields marked * are needed to publish."
      titlePlaceholder="Enter the post title"
      categories={ARTICLE_CATEGORIES}
      media={
        <div>
          <ImageUrlField
            label="Header Image URL"
            required
            value={form.imageUrl}
            onChange={set('imageUrl')}
            placeholder="https://example.com/header-image.jpg"
            warning={mediaUrlWarning('Header Image URL', form.imageUrl)}
          />
          <ImagePreview url={form.imageUrl} alt="Header image preview" />
        </div>
      }
      publishedAtBeside={
        <TextField
          label="Video URL"
          type="text"
          inputMode="url"
          value={form.videoUrl}
          onChange={set('videoUrl')}
          placeholder="https://www.youtube.com/watch?v=..."
          hint="Optional: YouTube, Vimeo or direct video files (mp4, webm, ogg, mov)."
          warning={mediaUrlWarning('Video URL', form.videoUrl)}
        />
      }
    />
  );
}
