import { Controller, Get, Header, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { RssService } from './rss.service';
import { SitemapService } from './sitemap.service';
import { CacheTags, Invalidates, Tag } from 'src/common/cache-tags';

@Controller()
export class FeedsController {
  constructor(
    private readonly sitemaps: SitemapService,
    private readonly rss: RssService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sitemap.xml')
  @CacheTags(Tag.sitemap)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async sitemap(): Promise<string> {
    const { index, files } = await this.sitemaps.sitemap();
    return index ?? files[0];
  }

  /** The n-th file of the sitemap index, once there is one (past 50,000 URLs). */
  @Get('sitemap-:n.xml')
  @CacheTags(Tag.sitemap)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async sitemapFile(@Param('n') n: string): Promise<string> {
    const { index, files } = await this.sitemaps.sitemap();
    const file = index && /^[1-9]\d*$/.test(n) ? files[Number(n) - 1] : undefined;
    if (!file) throw new NotFoundException('Sitemap not found');
    return file;
  }

  @Get('rss.xml')
  @CacheTags(Tag.feeds)
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  feed(): Promise<string> {
    return this.rss.feed();
  }

  @Get('robots.txt')
  @CacheTags()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${this.config.siteUrl}/sitemap.xml`, ''].join('\n');
  }

  /** Rebuilds a derived file; it changes no content, so it does not start the 1-hour editing limit. */
  @Post('api/admin/update-sitemap')
  @HttpCode(200)
  @AdminOnly({ action: 'update_sitemap', writesContent: false })
  @Invalidates(Tag.sitemap)
  async updateSitemap(): Promise<{ timestamp: string }> {
    const { generatedAt } = await this.sitemaps.regenerate();
    return { timestamp: generatedAt.toISOString() };
  }
}
