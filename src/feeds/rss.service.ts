import { Inject, Injectable } from '@nestjs/common';
import { create } from 'xmlbuilder2';
import { ArticlesService } from 'src/articles/articles.service';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { ReviewsService } from 'src/reviews/reviews.service';

const FEED_SIZE = 50;

/** /rss.xml: the newest published articles and gear reviews together, newest first. */
@Injectable()
export class RssService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reviews: ReviewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async feed(): Promise<string> {
    // The newest FEED_SIZE of each hold the newest FEED_SIZE of both (both lists sort as the feed does).
    const [articles, reviews] = await Promise.all([this.articles.listPublished({ limit: FEED_SIZE }), this.reviews.listPublished({ limit: FEED_SIZE })]);
    const items = [
      ...articles.map((a) => ({ title: a.title, path: `/blog/${a.slug}`, description: a.excerpt, category: a.category, date: a.publishedAt ?? a.createdAt })),
      ...reviews.map((r) => ({
        title: r.title,
        path: `/gear-reviews/${r.slug}`,
        description: r.excerpt,
        category: `Gear Reviews: ${r.category}`,
        date: r.publishedAt ?? r.createdAt,
      })),
    ]
      .sort((a, b) => b.date.getTime() - a.date.getTime())
      .slice(0, FEED_SIZE);
    const site = this.config.siteUrl;
    const channel = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', { version: '2.0', 'xmlns:atom': 'http://www.w3.org/2005/Atom' }).ele('channel');
    channel.ele('title').txt(this.config.siteName);
    channel.ele('link').txt(`${site}/`);
    channel.ele('description').txt('Scuba diving in Australia and the Pacific: articles, dive-site guides and honest gear reviews.');
    channel.ele('language').txt('en-AU');
    channel.ele('atom:link', { href: `${site}/rss.xml`, rel: 'self', type: 'application/rss+xml' });
    if (items[0]) channel.ele('lastBuildDate').txt(items[0].date.toUTCString());
    for (const item of items) {
      const node = channel.ele('item');
      node.ele('title').txt(item.title);
      node.ele('link').txt(`${site}${item.path}`);
      node.ele('guid', { isPermaLink: 'true' }).txt(`${site}${item.path}`);
      node.ele('description').txt(item.description);
      node.ele('category').txt(item.category);
      node.ele('pubDate').txt(item.date.toUTCString());
    }
    return channel.end({ prettyPrint: true });
  }
}
