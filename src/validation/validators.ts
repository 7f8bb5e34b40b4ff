import { IsOptional, registerDecorator, type ValidationOptions } from 'class-validator';
import { isPublicMediaUrl, isSitePath, mediaUrlProblem } from 'core/urls';
import { BlankToNull } from './transforms';

/**
 * An image or video URL the public can load: absolute http(s) or a path on this site, and not on a
 * local development host (SPEC section 5, 'Editor URLs').
 */
export function IsPublicMediaUrl(label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPublicMediaUrl',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => value === null || value === undefined || value === '' || (typeof value === 'string' && isPublicMediaUrl(value)),
        defaultMessage: (args) => (typeof args?.value === 'string' && mediaUrlProblem(label, args.value)) || `${label} must be a valid URL`,
      },
    });
}

/** Absolute http(s) URL or site path, for links (CTA, affiliate, review link). */
export function IsLink(label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isLink',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => {
          if (value === null || value === undefined || value === '') return true;
          if (typeof value !== 'string' || value.length > 2000) return false;
          if (value.startsWith('/')) return isSitePath(value);
          try {
            const url = new URL(value);
            return url.protocol === 'https:' || url.protocol === 'http:';
          } catch {
            return false;
          }
        },
        defaultMessage: () => `${label} must be a valid URL`,
      },
    });
}

type PropertyValidator = (object: object, propertyName: string) => void;

/** Several property decorators as one, applied as a stack of them written in this order is (the lowest first). */
function stacked(...decorators: PropertyValidator[]): PropertyValidator {
  return (object, propertyName) => [...decorators].reverse().forEach((decorate) => decorate(object, propertyName));
}

/** An optional media URL field: left out, or blank (stored as null), or an address IsPublicMediaUrl accepts. */
export const OptionalMediaUrl = (label: string) => stacked(IsOptional(), BlankToNull(), IsPublicMediaUrl(label));

/** An optional link field: left out, or blank (stored as null), or an address IsLink accepts. */
export const OptionalLink = (label: string) => stacked(IsOptional(), BlankToNull(), IsLink(label));

/** An absolute http(s) address of at most 2000 characters: a page published elsewhere (a source). */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function IsWebUrl(label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isWebUrl',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => value === null || value === undefined || isWebUrl(value),
        defaultMessage: () => `${label} must be a web address starting with https:// or http://`,
      },
    });
}

/** A real calendar day written YYYY-MM-DD ('2025-02-30' is refused). */
export function IsCalendarDate(label: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) =>
          value === null ||
          value === undefined ||
          (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
        defaultMessage: () => `${label} must be a date written YYYY-MM-DD`,
      },
    });
}
