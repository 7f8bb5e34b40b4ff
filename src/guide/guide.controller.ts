import { Controller, Get, Header, StreamableFile } from '@nestjs/common';
import { GUIDE_FILENAME } from './guide-content';
import { GuideService } from './guide.service';

@Controller('guides')
export class GuideController {
  constructor(private readonly guides: GuideService) {}

  @Get(GUIDE_FILENAME)
  @Header('Cache-Control', 'public, max-age=86400')
  async firstDiveTrip(): Promise<StreamableFile> {
    const pdf = await this.guides.file();
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `attachment; filename="${GUIDE_FILENAME}"`,
    });
  }
}
