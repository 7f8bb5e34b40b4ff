import type { ArticleResponse } from 'core/api/articles';
import { PostsTab } from '../content/PostsTab';
import { keys } from '../query-keys';
import { ARTICLE_FORM, type ArticleForm } from './article-form';
import { BlogForm } from './BlogForm';

/** Blog Creator: the post form, then the draft and published lists (SPEC section 2). */
export function BlogTab() {
  return (
    <PostsTab<ArticleResponse, ArticleForm>
      api={{ endpoint: '/api/articles', queryKey: keys.articles, noun: 'blog post', word: 'Post' }}
      Editor={BlogForm}
      form={ARTICLE_FORM}
      path={(article) => `/blog/${article.slug}`}
      previewKind="articles"
      deleteConfirmation={(article) =>
        article.published
          ? {
              title: 'Delete Published Post',
              description: `Are you sure you want to delete "${article.title}"? This action cannot be undone and will permanently remove the published post from your website.`,
            }
          : // Issue 44: a draft is deleted for good too, so it asks as well.
            {
              title: 'Delete Draft Post',
              description: `Are you sure you want to delete the draft "${article.title}"? This action cannot be undone.`,
            }
      }
      plural="Posts"
      listNoun="blog posts"
    />
  );
}
