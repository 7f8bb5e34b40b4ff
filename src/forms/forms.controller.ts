import { Body, Controller, Param, Post, Redirect, Req, Res, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientIp } from 'src/common/client-ip';
import { byId, Invalidates, reportsChanged, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/common/id.pipe';
import { CommentsService } from 'src/comments/comments.service';
import { CreateCommentDto } from 'src/comments/dto/create-comment.dto';
import { ContactService } from 'src/contact/contact.service';
import { CreateContactDto } from 'src/contact/dto/create-contact.dto';
import { GUIDE_PATH } from 'src/guide/guide-content';
import { SubscribeDto } from 'src/newsletter/dto/subscribe.dto';
import { NewsletterService } from 'src/newsletter/newsletter.service';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { RatingsService } from 'src/ratings/ratings.service';
import { CorrectionsService } from 'src/corrections/corrections.service';
import { CreateCorrectionDto } from 'src/corrections/dto/create-correction.dto';
import { CreateReportDto } from 'src/reports/dto/create-report.dto';
import { ReportsService } from 'src/reports/reports.service';
import { photosOf, ReportPhotosInterceptor } from 'src/reports/report-photos.interceptor';
import { RatingFormDto } from './dto/rating-form.dto';
import { FormOutcomeFilter } from './form-outcome.filter';
import { FormOutcomes } from './form-outcomes';

type Redirection = { url: string; statusCode: number };

/**
 * The public forms as browsers post them without JavaScript (urlencoded): the API's DTOs, services and
 * rate limits, answered with a 303 back to the page, which shows the outcome (FormOutcomeFilter for
 * refusals). The islands post to the JSON API once hydrated.
 */
@ApiExcludeController()
@Controller('forms')
@UseFilters(FormOutcomeFilter)
export class FormsController {
  constructor(
    private readonly outcomes: FormOutcomes,
    private readonly newsletter: NewsletterService,
    private readonly contacts: ContactService,
    private readonly comments: CommentsService,
    private readonly ratings: RatingsService,
    private readonly corrections: CorrectionsService,
    private readonly reports: ReportsService,
  ) {}

  @Post('newsletter')
  @RateLimit('newsletter')
  @Invalidates()
  @Redirect()
  async subscribe(@Body() dto: SubscribeDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Redirection> {
    await this.newsletter.subscribe(dto, clientIp(request));
    return this.back(request, response, { form: 'newsletter', done: { guideUrl: GUIDE_PATH } });
  }

  @Post('contact')
  @RateLimit('contact')
  @Invalidates()
  @Redirect()
  async contact(@Body() dto: CreateContactDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Redirection> {
    const { emailSent } = await this.contacts.create(dto, clientIp(request));
    return this.back(request, response, { form: 'contact', done: { emailSent } });
  }

  @Post('articles/:id/comments')
  @RateLimit('comment')
  @Invalidates(byId(Tag.comments))
  @Redirect()
  async comment(
    @Param('id', idParam('Article id')) articleId: number,
    @Body() dto: CreateCommentDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Redirection> {
    await this.comments.create(articleId, dto, clientIp(request));
    return this.back(request, response, { form: 'comment', target: articleId, done: {} });
  }

  @Post('dive-sites/:id/ratings')
  @RateLimit('rating')
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

  @Post('dive-sites/:id/corrections')
  @RateLimit('correction')
  @Invalidates()
  @Redirect()
  async correct(
    @Param('id', idParam('Dive site id')) siteId: number,
    @Body() dto: CreateCorrectionDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Redirection> {
    await this.corrections.create(siteId, dto, clientIp(request));
    return this.back(request, response, { form: 'correction', target: siteId, done: {} });
  }

  /**
   * Issue 45's condition report (multipart with its photos, or urlencoded); the redirect's answer also
   * carries what was stored, for the page cache's tags.
   */
  @Post('dive-sites/:id/reports')
  @RateLimit('report')
  @Invalidates(reportsChanged)
  @UseInterceptors(ReportPhotosInterceptor)
  @Redirect()
  async report(
    @Param('id', idParam('Dive site id')) siteId: number,
    @Body() dto: CreateReportDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Redirection> {
    const photos = photosOf(request);
    const created = await this.reports.create(siteId, dto, undefined, photos);
    const done = { published: created.published, ...(photos.length ? { photos: photos.length } : {}) };
    return { ...created, ...this.back(request, response, { form: 'report', target: siteId, done }) };
  }

  private back(request: Request, response: Response, outcome: Parameters<FormOutcomes['remember']>[2]): Redirection {
    return { url: this.outcomes.remember(request, response, outcome), statusCode: 303 };
  }
}
