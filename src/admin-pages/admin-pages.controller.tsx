import { Controller, Get } from '@nestjs/common';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { AdminCommentsPage } from 'views/pages/admin/AdminCommentsPage';
import { AdminDashboardPage } from 'views/pages/admin/AdminDashboardPage';
import { AdminDiveSitesPage } from 'views/pages/admin/AdminDiveSitesPage';
import { AdminRatingsPage } from 'views/pages/admin/AdminRatingsPage';

/**
 * The shells of /admin, /admin/dive-sites, /admin/comments and /admin/ratings, never cached nor indexed like
 * everything under /admin (src/admin-auth/admin-headers.ts). They carry no data: each island asks
 * for the session when it hydrates, so a cached or shared copy of the page can never show admin data.
 */
@Controller('admin')
export class AdminPagesController {
  constructor(private readonly render: RenderService) {}

  @Get()
  @Html()
  dashboard(): string {
    return this.render.page(
      {
        title: 'Admin Dashboard',
        description: 'Administration of the site: articles, reviews, carousel, photos, subscribers and security.',
        path: '/admin',
        noindex: true,
        layout: 'admin',
      },
      <AdminDashboardPage />,
    );
  }

  @Get('dive-sites')
  @Html()
  diveSites(): string {
    return this.render.page(
      { title: 'Dive Site Management', description: 'Create, edit, feature and delete dive sites.', path: '/admin/dive-sites', noindex: true, layout: 'admin' },
      <AdminDiveSitesPage />,
    );
  }

  @Get('comments')
  @Html()
  comments(): string {
    return this.render.page(
      { title: 'Comment Management', description: 'Review and delete comments on articles.', path: '/admin/comments', noindex: true, layout: 'admin' },
      <AdminCommentsPage />,
    );
  }

  @Get('ratings')
  @Html()
  ratings(): string {
    return this.render.page(
      { title: 'Rating Management', description: 'Review and delete dive-site ratings.', path: '/admin/ratings', noindex: true, layout: 'admin' },
      <AdminRatingsPage />,
    );
  }
}
