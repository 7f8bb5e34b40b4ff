import { textLinks } from 'src/common/text-links';
import type { Comment } from './comment.entity';

/** What the public sees of a comment: never the email or the IP address; `links` are the web links in its content. */
export function toPublicComment(comment: Comment) {
  return { id: comment.id, articleId: comment.articleId, name: comment.name, content: comment.content, links: textLinks(comment.content), createdAt: comment.createdAt };
}

export type PublicComment = ReturnType<typeof toPublicComment>;

/** The administrator's view (SPEC section 2, comment administration): email and the article's title. */
export function toAdminComment(comment: Comment) {
  return {
    ...toPublicComment(comment),
    email: comment.email,
    approved: comment.approved,
    article: comment.article ? { id: comment.article.id, title: comment.article.title, slug: comment.article.slug } : null,
  };
}
