import { ARTICLE_CATEGORIES } from 'core/categories';
import { PostEditor, type PostEditorProps } from '../content/PostEditor';
import { fieldBinder } from '../ui/field-binding';
import { ImageUrlField, VideoUrlField } from '../media/ImageUrlField';
import type { ArticleForm } from './article-form';

export type BlogFormProps = PostEditorProps<ArticleForm>;

/** The Blog Creator form (SPEC section 2, blog tab). */
export function BlogForm(props: BlogFormProps) {
  const { form, onChange, editing } = props;
  const field = fieldBinder(form, onChange);
  return (
    <PostEditor
      {...props}
      heading={editing ? 'Edit Blog Post' : 'Create New Blog Post'}
      description="Write articles for the News section. Fields marked * are needed to publish."
      titlePlaceholder="Enter the post title"
      categories={ARTICLE_CATEGORIES}
      media={
        <ImageUrlField
          label="Header Image URL"
          name="imageUrl"
          required
          {...field('imageUrl')}
          placeholder="https://example.com/header-image.jpg"
          preview="Header image preview"
        />
      }
      publishedAtBeside={
        <VideoUrlField
          label="Video URL"
          {...field('videoUrl')}
          placeholder="https://www.youtube.com/watch?v=..."
          hint="Optional: YouTube, Vimeo or direct video files (mp4, webm, ogg, mov)."
        />
      }
    />
  );
}
