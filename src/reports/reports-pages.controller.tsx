import { Controller, Get, Param } from '@nestjs/common';
import { byId, CacheTags, Tag } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { idParam } from 'src/validation/id.pipe';
import { PageQueryOf } from 'src/lists/page-query';
import { LIST_PAGE_SIZE, pageLinks } from 'src/lists/pagination';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { ListPageQuery, pageNumber, pageRelations, pageSuffix } from 'src/publishing/publication-pages';
import { RenderService } from 'src/render/render.service';
import { SiteReportsPage } from 'views/components/reports/SiteReportsPage';
import { ReportsService, serialised } from './reports.service';

/** /dive-sites/{id}/reports?page=N: a site's older reports, past the five its page shows, without JavaScript too. */
@Controller('dive-sites')
export class ReportsPagesController {
  constructor(
    private readonly reports: ReportsService,
    private readonly sites: DiveSitesService,
    private readonly render: RenderService,
  ) {}

  @Get(':id/reports')
  @Html()
  @CacheTags(byId(Tag.reports), byId(Tag.diveSite))
  async list(@Param('id', idParam('Dive site id')) id: number, @PageQueryOf(ListPageQuery) query: ListPageQuery): Promise<string> {
    const site = await this.sites.findById(id);
    const page = pageNumber(query);
    const { rows, total } = await this.reports.publishedPage(id, { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE });
    const path = `/dive-sites/${id}/reports`;
    const links = pageLinks(path, {}, page, total);
    return this.render.page(
      {
        title: `Condition reports: ${site.name}${pageSuffix(page)}`,
        description: `Divers' reports of visibility, water temperature, current and surge at ${site.name}, ${site.region}.`,
        path: page > 1 ? `${path}?page=${page}` : path,
        ...pageRelations(links),
      },
      <SiteReportsPage
        site={{ id: site.id, name: site.name, region: site.region }}
        reports={rows.map(serialised)}
        total={total}
        today={this.reports.today()}
        links={links}
      />,
    );
  }
}
