import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaFilesController } from './media-files.controller';
import { Media } from './media.entity';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

/** Uploaded images: POST/GET/DELETE /api/admin/media and the files under /media/uploads/. */
@Module({
  imports: [TypeOrmModule.forFeature([Media])],
  controllers: [MediaController, MediaFilesController],
  providers: [MediaService],
  exports: [MediaService],
})
export class MediaModule {}
