import { BadRequestException, NotFoundException, type PipeTransform } from '@nestjs/common';

/** PostgreSQL's `integer`, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** A whole number written as digits (a minus sign allowed): an id, or one no row can have. */
const WHOLE_NUMBER = /^-?\d+$/;

/** Whether `id` is one an id column can hold (1 to 2147483647): any other number is a missing record, never a query. */
export function isStoredId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

/**
 * A positive integer id from the path (1 to 2147483647, digits only), so a value the id column cannot hold
 * never reaches the database. A whole number outside that range (0, -1, 2147483648, 99999999999) names no
 * record, so it is a 404 like any missing one (issue 42, F10: out of range it was a 400 and, where a route
 * read the id itself, a PostgreSQL error logged with its SQL); anything else ('abc', '1.5', '1e3', ' 1') is a
 * 400 naming the parameter. The 404's message is the record's ('Dive site id': 'Dive site not found') unless
 * `notFound` names it.
 */
export const idParam = (label = 'id', notFound = `${label.replace(/ id$/, '')} not found`): PipeTransform<string, number> => ({
  transform(value: string): number {
    if (typeof value !== 'string' || !WHOLE_NUMBER.test(value)) throw new BadRequestException(`${label} must be a positive whole number`);
    // Leading zeros ('007') are refused as before: one record, one spelling.
    if (!/^[1-9]\d{0,9}$/.test(value) || !isStoredId(Number(value))) {
      if (/^0\d/.test(value)) throw new BadRequestException(`${label} must be a positive whole number`);
      throw new NotFoundException(notFound);
    }
    return Number(value);
  },
});
