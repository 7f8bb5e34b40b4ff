import type { TextLink } from '../text-links';
import type { Moment } from './moment';

/** What the public sees of a comment: never the email or the IP address; `links` are the web links in its content. */
export interface PublicComment<T extends Moment = string> {
  id: number;
  articleId: number;
  name: string;
  content: string;
  links: TextLink[];
  createdAt: T;
}

/** The administrator's view (SPEC section 2, comment administration): email and the article's title. */
export interface AdminComment<T extends Moment = string> extends PublicComment<T> {
  email: string | null;
  approved: boolean;
  article: { id: number; title: string; slug: string } | null;
}
