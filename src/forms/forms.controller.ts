import { Body, Controller, Param, Post, Redirect, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientIp } from 'src/http/client-ip';
import { byId, Invalidates, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { RatingsService } from 'src/ratings/ratings.service';
import { RatingFormDto } from './dto/rating-form.dto';
import { FormOutcomeFilter } from './form-outcome.filter';
import { FormOutcomes } from './form-outcomes';

type Redirection = { url: string; statusCode: number };

/**
 * The rating form as browsers post it without JavaScript (urlencoded): its own DTO (the stars come as a
 * text field), the API's service and rate limit, answered with a 303 back to the page, which shows the
 * outcome (FormOutcomeFilter for refusals). The island posts to the JSON API once hydrated. The other
 * public forms have one handler for both (PublicForm, in their own controllers).
 */
@ApiExcludeController()
@Controller('forms')
@UseFilters(FormOutcomeFilter)
export class FormsController {
  constructor(
    private readonly outcomes: FormOutcomes,
    private readonly ratings: RatingsService,
  ) {}

  @Post('dive-sites/:id/ratings')
  @RateLimit('rating', { countedByRoute: true })
  @Invalidates(byId(Tag.ratings), Tag.allRatings)
  @Redirect()
  async rate(
    @Param('id', idParam('Dive site id')) siteId: number,
    @Body() dto: RatingFormDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Redirection> {
    await this.ratings.createAndList(siteId, dto, clientIp(request));
    return this.back(request, response, { form: 'rating', target: siteId, done: {} });
  }

  private back(request: Request, response: Response, outcome: Parameters<FormOutcomes['remember']>[2]): Redirection {
    return { url: this.outcomes.remember(request, response, outcome), statusCode: 303 };
  }
}
