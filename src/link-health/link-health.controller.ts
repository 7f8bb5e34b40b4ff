import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LinkHealthReport } from 'core/api/link-health';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates } from 'src/common/cache-tags';
import { LinkHealthService } from './link-health.service';

/** The Reviews tab's purchase-link flags (issue 32). */
@ApiTags('admin')
@Controller('api/admin/link-health')
export class LinkHealthController {
  constructor(private readonly linkHealth: LinkHealthService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: "Every purchase link with its last check: 'ok', 'broken' (404/410), 'home' (redirects to the shop's front page) or 'failed'" })
  report(): Promise<LinkHealthReport> {
    return this.linkHealth.report();
  }

  @Post('check')
  @AdminOnly()
  // The flags show in the admin area only.
  @Invalidates()
  @HttpCode(202)
  @ApiOperation({ summary: 'Starts a check of every purchase link (one request a second per shop); `running` stays true until it ends' })
  async check(): Promise<LinkHealthReport> {
    await this.linkHealth.start();
    return this.linkHealth.report();
  }
}
