import type { ArticleResponse } from 'core/api/articles';
import { PUBLIC_ARTICLE_CATEGORIES } from 'core/categories';
import { metaDescription } from 'core/text';
import { toArticleListItem } from 'src/articles/article.response';
import type { Article } from 'src/articles/article.entity';
import type { PageLinks } from 'core/pagination';
import { pagePath } from 'src/lists/pagination';
import { itemCrumbs, pageRelations, pageSuffix } from 'src/publishing/publication-pages';
import type { PageView, SiteAddress } from 'src/render/page-meta';
import { breadcrumbJsonLd } from 'views/components/Breadcrumbs';
import type { ArticlePageProps } from 'views/pages/blog/ArticlePage';
import type { BlogListPageProps } from 'views/pages/blog/BlogListPage';

/** /blog: a page of the published articles, of one category or all, the newest (the hero's) first. */
export function presentBlogList(data: { articles: Article[]; latest: Article | null; category: string | null; links: PageLinks }): PageView<BlogListPageProps> {
  const { category, links } = data;
  return {
    meta: {
      title: `${category ? `${category} Articles` : 'Diving News & Articles'}${pageSuffix(links.page)}`,
      description: 'News, dive-site guides, safety advice, tips and marine life stories from Australian and Pacific diving, written by divers for divers.',
      path: pagePath('/blog', { category }, links.page),
      ...pageRelations(links),
      image: data.latest?.imageUrl,
    },
    props: {
      latest: data.latest ? toArticleListItem(data.latest) : null,
      articles: data.articles.map(toArticleListItem),
      categories: PUBLIC_ARTICLE_CATEGORIES,
      category,
      pages: links,
    },
  };
}

export const articlePath = (slug: string) => `/blog/${slug}`;

/** /blog/{slug}: the article, its comments and the dive-site video shown under it; schema.org Article. */
export function presentArticle(data: Omit<ArticlePageProps, 'breadcrumbs'>, address: SiteAddress): PageView<ArticlePageProps> {
  const { article } = data;
  const path = articlePath(article.slug);
  const breadcrumbs = itemCrumbs({ label: 'News', href: '/blog' }, article.title, path);
  const description = metaDescription(article.excerpt, article.content);
  const absolute = (href: string) => address.absoluteUrl(href);
  return {
    meta: {
      title: article.title,
      description,
      path,
      image: article.imageUrl,
      type: 'article',
      jsonLd: [articleJsonLd(article, description, address), breadcrumbJsonLd(breadcrumbs, absolute)],
    },
    props: { ...data, breadcrumbs },
  };
}

function articleJsonLd(article: ArticleResponse<Date>, description: string, address: SiteAddress): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description,
    image: [address.absoluteUrl(article.imageUrl)],
    datePublished: (article.publishedAt ?? article.createdAt).toISOString(),
    dateModified: article.updatedAt.toISOString(),
    author: { '@type': 'Organization', name: article.author },
    publisher: {
      '@type': 'Organization',
      name: address.siteName,
      logo: { '@type': 'ImageObject', url: address.absoluteUrl('/media/favicon.svg') },
    },
    mainEntityOfPage: address.absoluteUrl(articlePath(article.slug)),
    articleSection: article.category,
  };
}

/** /blog/{slug} of no published article. */
export function presentArticleNotFound(slug: string): PageView<Record<string, never>> {
  return {
    meta: { title: 'Article Not Found', description: "The article you're looking for doesn't exist.", path: articlePath(slug), noindex: true },
    props: {},
  };
}
