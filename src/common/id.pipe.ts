import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** PostgreSQL's `integer`, the type of every id column. */
const MAX_ID = 2_147_483_647;

/**
 * A positive integer id from the path (1 to 2147483647, digits only); anything else is a 400 naming the
 * parameter, so a value the id column cannot hold never reaches the database.
 */
export const idParam = (label = 'id'): PipeTransform<string, number> => ({
  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw new BadRequestException(`${label} must be a positive whole number`);
    return id;
  },
});
