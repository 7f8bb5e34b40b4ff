import { Controller, Get } from '@nestjs/common';
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
  ) {}

  @Get()
  @Html()
  @CacheTags(Tag.home, Tag.articles, Tag.reviews, Tag.carousel)
  async home(): Promise<string> {
    const [articles, reviews, slides] = await Promise.all([
      this.articles.listPublished({ limit: HOME_LATEST_COUNT }),
      this.reviews.listPublished({ limit: HOME_LATEST_COUNT }),
      this.carousel.listPublished(),
    ]);
    return this.render.view(HomePage, presentHome({ articles, reviews, slides }, this.render));
  }
}
