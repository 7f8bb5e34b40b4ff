import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MediaService } from './media.service';

/**
 * /media/uploads/<sha256>.<ext>, read from the database by every process. The name is the content's hash,
 * so the answer never changes: cached for good, and the hash is its ETag (express answers a matching
 * If-None-Match with 304).
 */
@ApiExcludeController()
@Controller('media/uploads')
export class MediaFilesController {
  constructor(private readonly media: MediaService) {}

  @Get(':file')
  async file(@Param('file') name: string, @Res() response: Response): Promise<void> {
    const media = await this.media.file(name);
    if (!media) throw new NotFoundException();
    response.setHeader('Content-Type', media.mimeType);
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('ETag', `"${media.hash}"`);
    response.send(media.bytes);
  }
}
