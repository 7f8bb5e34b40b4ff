import { IMAGE_SIZES } from 'core/images';
import { ResponsiveImage } from 'views/components/ResponsiveImage';
import type { ArticleResponse } from 'core/api/articles';
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
}

export function ArticlePage({ article, bodyHtml, comments, diveSiteVideo, breadcrumbs }: ArticlePageProps) {
  const date = article.publishedAt ?? article.createdAt;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs items={breadcrumbs} />
      <a href="/blog" className="mt-6 inline-block text-sm font-semibold text-cyan-700 hover:underline">
        ← Back to all articles
      </a>
      <ResponsiveImage
        src={article.imageUrl}
        alt=""
        width={1200}
        height={800}
        sizes={IMAGE_SIZES.column}
        priority
        fallback="box"
        className="mt-4 aspect-[3/2] w-full rounded-2xl object-cover"
      />
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-cyan-800">{article.category}</p>
      <h1 className="mt-2 text-3xl font-black leading-tight text-slate-900 sm:text-4xl">{article.title}</h1>
      <p className="mt-4 text-lg text-slate-600">{article.excerpt}</p>
      <p className="mt-4 text-sm text-slate-500">
        By <span className="font-medium text-slate-700">{article.author}</span> · <time dateTime={new Date(date).toISOString()}>{formatDate(date)}</time>
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
