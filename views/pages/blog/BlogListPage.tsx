import { IMAGE_SIZES } from 'core/images';
import { ResponsiveImage } from 'views/components/ResponsiveImage';
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
      <section className="relative isolate overflow-hidden bg-[#0b2545] text-white">
        {latest && (
          <ResponsiveImage
            src={latest.imageUrl}
            alt=""
            width={1600}
            height={900}
            sizes={IMAGE_SIZES.hero}
            priority
            fallback="hero"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40"
          />
        )}
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-cyan-200">News &amp; Articles</p>
          {latest ? (
            <>
              <p className="mt-4 text-sm text-slate-200">
                Latest · {latest.category} · {formatDate(latest.publishedAt ?? latest.createdAt)}
              </p>
              <h1 className="mt-2 max-w-3xl text-3xl font-black leading-tight sm:text-5xl">
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
            <h1 className="mt-2 text-4xl font-black">Diving News &amp; Articles</h1>
          )}
        </div>
      </section>
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
