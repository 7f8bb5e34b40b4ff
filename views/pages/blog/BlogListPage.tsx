import { PageHero } from 'views/components/PageHero';
import { formatDate } from 'core/text';
import type { ArticleListItem } from 'core/api/articles';
import { CategoryFilter } from 'views/components/CategoryFilter';
import { ContentCard } from 'views/components/ContentCard';
import { Pagination } from 'views/components/Pagination';
import type { PageLinks } from 'core/pagination';

export interface BlogListPageProps {
  latest: ArticleListItem<Date> | null;
  articles: ArticleListItem<Date>[];
  categories: readonly string[];
  category: string | null;
  pages: PageLinks;
}

export function BlogListPage({ latest, articles, categories, category, pages }: BlogListPageProps) {
  const options = [
    { label: 'All', href: '/blog', active: !category },
    ...categories.map((name) => ({ label: name, href: `/blog?category=${encodeURIComponent(name)}`, active: category === name })),
  ];
  return (
    <>
      <PageHero image={latest?.imageUrl ?? null} eyebrow="News & Articles">
        {latest ? (
          <>
            <p className="mt-4 text-sm text-slate-200">
              Latest · {latest.category} · {formatDate(latest.publishedAt ?? latest.createdAt)}
            </p>
            <h1 className="mt-2 max-w-3xl text-3xl font-semibold leading-tight sm:text-5xl">
              <a href={`/blog/${latest.slug}`} className="hover:underline">
                {latest.title}
              </a>
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-100">{latest.excerpt}</p>
            <a
              href={`/blog/${latest.slug}`}
              className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-300"
            >
              Read the latest article
            </a>
          </>
        ) : (
          <h1 className="mt-2 text-4xl font-semibold">Diving News &amp; Articles</h1>
        )}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {/* The cards' titles are h3: this names their list, so the headings go h1, h2, h3. */}
        <h2 className="sr-only">{category ? `${category} articles` : 'All articles'}</h2>
        <CategoryFilter label="Article categories" options={options} />
        {articles.length === 0 ? (
          <p className="mt-12 text-center text-lg text-slate-600">No articles found</p>
        ) : (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <ContentCard
                key={article.id}
                href={`/blog/${article.slug}`}
                title={article.title}
                excerpt={article.excerpt}
                imageUrl={article.imageUrl}
                category={article.category}
                date={formatDate(article.publishedAt ?? article.createdAt)}
              />
            ))}
          </div>
        )}
        <Pagination links={pages} label="Article pages" />
      </div>
    </>
  );
}
