import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminPageQueryDto, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { RequestBody } from 'src/http/request-body';
import { MAX_UPLOAD_BYTES } from './media-upload';
import { toMediaResponse, toUploadResponse } from './media.response';
import { MediaService } from './media.service';

/** What multer's memory storage (FileInterceptor's default) hands over. */
interface UploadedImage {
  buffer: Buffer;
  originalname: string;
}

/**
 * Multer stops reading past the size cap (413) and refuses a second file or a file under another name
 * (400). A file name is read as UTF-8, as browsers send it (busboy's default is latin1).
 */
const UPLOAD = FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 21 }, defParamCharset: 'utf8' });

@Controller('api/admin/media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @AdminOnly()
  // An upload shows on no page until a post or site uses it.
  @Invalidates()
  @RequestBody({ multipart: true })
  @UseInterceptors(UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  async upload(@UploadedFile() file: UploadedImage | undefined) {
    return toUploadResponse(await this.media.upload(file?.buffer, file?.originalname));
  }

  @Get()
  @AdminOnly()
  async list(@Query() { q, ...slice }: AdminPageQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    // A page at a time, newest first (src/lists/admin-page.ts): the uses are looked up for that page's uploads only.
    const page = adminSlice(slice);
    const { rows, total } = await this.media.page(q, page);
    sendPageHeaders(request, response, total, page);
    return rows.map(({ media, usedBy }) => toMediaResponse(media, usedBy));
  }

  @Delete(':id')
  @AdminOnly()
  // Only an upload nothing uses is deleted (409 otherwise).
  @Invalidates()
  @HttpCode(204)
  async remove(@Param('id', idParam('Media id', 'Upload not found')) mediaId: number): Promise<void> {
    await this.media.remove(mediaId);
  }
}
