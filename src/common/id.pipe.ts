import { BadRequestException, ParseIntPipe } from '@nestjs/common';

/** A positive integer id from the path; anything else is a 400 naming the parameter. */
export const idParam = (label = 'id') =>
  new ParseIntPipe({ exceptionFactory: () => new BadRequestException(`${label} must be a positive whole number`) });
