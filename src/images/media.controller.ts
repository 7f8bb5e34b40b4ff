import { Controller, Delete, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/common/id.pipe';
import { RequestBody } from 'src/common/request-body';
import { MAX_UPLOAD_BYTES } from './media-upload';
import { toMediaResponse, toUploadResponse } from './media.response';
import { MediaService } from './media.service';

/** What multer's memory storage (FileInterceptor's default) hands over. */
interface UploadedImage {
  buffer: Buffer;
  originalname: string;
}

/** Multer stops reading past the size cap (413) and refuses a second file or a file under another name (400). */
const UPLOAD = FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 21 } });

@Controller('api/admin/media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @AdminOnly()
  @RequestBody({ multipart: true })
  @UseInterceptors(UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  async upload(@UploadedFile() file: UploadedImage | undefined) {
    return toUploadResponse(await this.media.upload(file?.buffer, file?.originalname));
  }

  @Get()
  @AdminOnly()
  async list() {
    return (await this.media.list()).map(({ media, usedBy }) => toMediaResponse(media, usedBy));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', idParam('Media id')) mediaId: number): Promise<void> {
    await this.media.remove(mediaId);
  }
}
