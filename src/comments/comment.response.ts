import { textLinks } from 'src/render/text-links';
import type { AdminComment, PublicComment } from 'core/api/comments';
import type { Comment } from './comment.entity';

export function toPublicComment(comment: Comment): PublicComment<Date> {
  return {
    id: comment.id,
    articleId: comment.articleId,
    name: comment.name,
    content: comment.content,
    links: textLinks(comment.content),
    createdAt: comment.createdAt,
  };
}

export function toAdminComment(comment: Comment): AdminComment<Date> {
  return {
    ...toPublicComment(comment),
    email: comment.email,
    approved: comment.approved,
    article: comment.article ? { id: comment.article.id, title: comment.article.title, slug: comment.article.slug } : null,
  };
}
