import { Body, ConflictException, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, type PipeTransform } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { PREVIEW_KINDS, SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, type PreviewKind, type ShareLinkResponse } from 'core/api/previews';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates } from 'src/common/cache-tags';
import { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';
import { idParam } from 'src/validation/id.pipe';
import { ShareLinksService } from './share-links.service';

export class CreateShareLinkDto {
  /** Days the link opens the preview: 1 to 30, 7 when not given. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `days must be a whole number from 1 to ${SHARE_LINK_MAX_DAYS}` })
  @Min(1, { message: `days must be a whole number from 1 to ${SHARE_LINK_MAX_DAYS}` })
  @Max(SHARE_LINK_MAX_DAYS, { message: `days must be a whole number from 1 to ${SHARE_LINK_MAX_DAYS}` })
  days?: number;
}

/** 'articles' or 'reviews' from the path; anything else is no route (404). */
const previewKind: PipeTransform<string, PreviewKind> = {
  transform(value: string): PreviewKind {
    if (!(PREVIEW_KINDS as readonly string[]).includes(value)) throw new NotFoundException(errorBody(404, 'Not found'));
    return value as PreviewKind;
  },
};
const postId = idParam('Post id');

/** The administrator's share links of a draft or scheduled article or review (issue 32). */
@ApiTags('admin')
@Controller('api/admin/:kind/:id/share-links')
export class ShareLinksController {
  constructor(
    private readonly shareLinks: ShareLinksService,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  @Post()
  @AdminOnly()
  // A share link opens a preview, which is never kept.
  @Invalidates()
  @ApiOperation({ summary: 'A signed link that opens the post’s preview without signing in, for `days` days (1–30, 7 by default)' })
  async create(@Param('kind', previewKind) kind: PreviewKind, @Param('id', postId) id: number, @Body() dto: CreateShareLinkDto): Promise<ShareLinkResponse> {
    await this.unpublished(kind, id);
    return this.shareLinks.create(kind, id, dto.days ?? SHARE_LINK_DEFAULT_DAYS);
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'The post’s share links that still open it' })
  async list(@Param('kind', previewKind) kind: PreviewKind, @Param('id', postId) id: number): Promise<ShareLinkResponse[]> {
    await this.post(kind, id);
    return this.shareLinks.active(kind, id);
  }

  @Delete(':linkId')
  @AdminOnly()
  @Invalidates()
  @HttpCode(204)
  @ApiOperation({ summary: 'Withdraws a share link: it opens nothing from then on' })
  async revoke(@Param('kind', previewKind) kind: PreviewKind, @Param('id', postId) id: number, @Param('linkId') linkId: string): Promise<void> {
    if (!(await this.shareLinks.revoke(kind, id, linkId))) throw new NotFoundException(errorBody(404, 'Share link not found'));
  }

  private async post(kind: PreviewKind, id: number): Promise<{ published: boolean; publishedAt: Date | null }> {
    const [post] = await this.dataSource.query(`SELECT published, "publishedAt" FROM ${kind} WHERE id = $1`, [id]);
    if (!post) throw new NotFoundException(errorBody(404, kind === 'articles' ? 'Article not found' : 'Review not found'));
    return post;
  }

  /** Share links are for posts readers cannot see yet: a draft, or one scheduled for later. */
  private async unpublished(kind: PreviewKind, id: number): Promise<void> {
    const post = await this.post(kind, id);
    if (post.published && (post.publishedAt === null || post.publishedAt <= this.clock.now()))
      throw new ConflictException(errorBody(409, 'This post is published: share its address instead'));
  }
}
