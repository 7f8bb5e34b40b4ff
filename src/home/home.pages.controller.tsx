import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { markOutlookAnswer } from 'src/forecast/outlook-filter';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import { weekendBlock } from 'src/forecast/weekend-block';
import { ArticlesService } from 'src/articles/articles.service';
import { CarouselService } from 'src/carousel/carousel.service';
import { CacheTags, Tag } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { ReviewsService } from 'src/reviews/reviews.service';
import { HomePage } from 'views/pages/HomePage';
import { HOME_LATEST_COUNT, presentHome } from './home.presenter';

@Controller()
export class HomePagesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reviews: ReviewsService,
    private readonly carousel: CarouselService,
    private readonly render: RenderService,
    private readonly outlooks: SiteOutlooksService,
  ) {}

  @Get()
  @Html()
  // And 'Where to dive this weekend' (issue 46): its sites and their stored outlooks.
  @CacheTags(Tag.home, Tag.articles, Tag.reviews, Tag.carousel, Tag.diveSites)
  async home(@Res({ passthrough: true }) response: Response): Promise<string> {
    const [articles, reviews, slides, weekend] = await Promise.all([
      this.articles.listPublished({ limit: HOME_LATEST_COUNT }),
      this.reviews.listPublished({ limit: HOME_LATEST_COUNT }),
      this.carousel.listPublished(),
      weekendBlock(this.outlooks, null),
      markOutlookAnswer(response, this.outlooks),
    ]);
    const page = presentHome({ articles, reviews, slides }, this.render);
    return this.render.view(HomePage, { ...page, props: { ...page.props, weekend } });
  }
}
