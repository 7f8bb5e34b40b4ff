import { LeadImage } from 'views/components/ResponsiveImage';
import type { ArticleListItem, ArticleResponse } from 'core/api/articles';
import { readingTimeText } from 'core/reading-time';
import type { PublicComment } from 'core/api/comments';
import { siteTimeZone } from 'core/site-time';
import { formatDate } from 'core/text';
import { Island } from 'views/islands/Island';
import { Breadcrumbs, type Crumb } from 'views/components/Breadcrumbs';
import { RichText } from 'views/components/RichText';
import { VideoPlayer } from 'views/components/VideoPlayer';

export interface ArticlePageProps {
  article: ArticleResponse<Date>;
  bodyHtml: string;
  comments: PublicComment<Date>[];
  diveSiteVideo: { name: string; videoUrl: string } | null;
  breadcrumbs: Crumb[];
  /** Whole minutes to read the body. */
  readingMinutes: number;
  /** Published articles to read next: of the same dive site, then of the same category (not this one). */
  related: ArticleListItem<Date>[];
}

export function ArticlePage({ article, bodyHtml, comments, diveSiteVideo, breadcrumbs, readingMinutes, related }: ArticlePageProps) {
  const date = article.publishedAt ?? article.createdAt;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs items={breadcrumbs} />
      <a href="/blog" className="mt-6 inline-block text-sm font-semibold text-cyan-700 hover:underline">
        ← Back to all articles
      </a>
      <LeadImage src={article.imageUrl} alt="" className="mt-4" />
      <p className="eyebrow mt-6 text-cyan-800">{article.category}</p>
      <h1 className="mt-2 text-[2.125rem] leading-tight font-semibold text-slate-900 sm:text-display">{article.title}</h1>
      <p className="mt-4 font-serif text-xl leading-relaxed text-slate-600 italic">{article.excerpt}</p>
      <p className="meta mt-4">
        By <span className="font-medium text-slate-700">{article.author}</span> · <time dateTime={new Date(date).toISOString()}>{formatDate(date)}</time> ·{' '}
        {readingTimeText(readingMinutes)}
      </p>
      {article.videoUrl && (
        <div className="mt-8">
          <VideoPlayer url={article.videoUrl} title={article.title} poster={article.videoThumbnail} />
        </div>
      )}
      {diveSiteVideo && (
        <div className="mt-8">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">{`Dive-site video: ${diveSiteVideo.name}`}</h2>
          <VideoPlayer url={diveSiteVideo.videoUrl} title={diveSiteVideo.name} />
        </div>
      )}
      <RichText html={bodyHtml} className="mt-8" />
      <ArticleEnd article={article} readingMinutes={readingMinutes} related={related} />
      <Island
        name="ArticleComments"
        props={{
          articleId: article.id,
          initialComments: comments.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })),
          timeZone: siteTimeZone(),
        }}
        hydrate="visible"
      />
      <a href="/blog" className="mt-12 inline-block font-semibold text-cyan-700 hover:underline">
        ← Back to News &amp; Articles
      </a>
    </article>
  );
}

/** How an article closes, as a magazine's does: who wrote it, how long it reads, what to read next, and the newsletter. */
function ArticleEnd({ article, readingMinutes, related }: Pick<ArticlePageProps, 'article' | 'readingMinutes' | 'related'>) {
  return (
    <footer className="mt-12 space-y-10 border-t border-slate-200 pt-8" data-article-end>
      <p className="text-slate-600">
        Written by <span className="font-semibold text-slate-900">{article.author}</span> · {readingTimeText(readingMinutes)} ·{' '}
        <a href={`/blog?${new URLSearchParams({ category: article.category })}`} className="font-semibold text-cyan-800 underline">
          {`More ${article.category} articles`}
        </a>
      </p>
      {related.length > 0 && (
        <section aria-labelledby="related-articles-heading">
          <h2 id="related-articles-heading" className="text-xl font-bold text-slate-900">
            Read next
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((other) => (
              <li key={other.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <p className="eyebrow text-cyan-800">{other.category}</p>
                <a href={`/blog/${other.slug}`} className="mt-1 block font-semibold leading-snug text-slate-900 hover:text-cyan-800 hover:underline">
                  {other.title}
                </a>
                <p className="mt-1 text-sm text-slate-600">{other.author}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="article-newsletter-heading">
        <h2 id="article-newsletter-heading" className="text-xl font-bold text-slate-900">
          Get the next article by email
        </h2>
        <div className="mt-4">
          <Island name="NewsletterSignup" props={{ source: 'article' }} hydrate="visible" />
        </div>
      </section>
    </footer>
  );
}

export function ArticleNotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Article Not Found</h1>
      <p className="mt-4 text-slate-600">The article you're looking for doesn't exist.</p>
      <a href="/blog" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
        Back to Blog
      </a>
    </section>
  );
}
