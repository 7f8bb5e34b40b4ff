import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IMAGE_ROUTE } from 'core/request-kind';
import { ImageQueryDto } from './dto/image-query.dto';
import { preferredFormat } from './image-negotiation';
import { ImagesService, type ImageResult } from './images.service';

/** A CDN may keep an answer whose URL names its content for good; any other source may change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CHANGEABLE = 'public, max-age=86400, stale-while-revalidate=604800';
/** An SVG is served as it is: sandboxed, so a script inside one never runs with the site's origin. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

function send(response: Response, image: ImageResult): void {
  response.setHeader('Content-Type', image.contentType);
  response.setHeader('Cache-Control', image.immutable ? IMMUTABLE : CHANGEABLE);
  response.setHeader('Vary', 'Accept');
  if (image.contentType === 'image/svg+xml') response.setHeader('Content-Security-Policy', SVG_POLICY);
  response.send(image.data);
}

@ApiTags('images')
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** GET /img?src=&w=[&q=][&fit=review]: SPEC section 9's responsive variants (src/images/images.service.ts). */
  @Get(IMAGE_ROUTE.slice(1))
  async image(@Query() query: ImageQueryDto, @Headers('accept') accept: string | undefined, @Res() response: Response): Promise<void> {
    const quality = query.q === undefined ? undefined : Number(query.q);
    send(
      response,
      await this.images.image({ src: query.src, width: Number(query.w), quality, review: query.fit === 'review', preferred: preferredFormat(accept) }),
    );
  }
}
