import { registerDecorator, type ValidationOptions } from 'class-validator';
import { LinkifyIt } from 'linkify-it';

/**
 * Anything linkify-it reads as a link: written out (`https://...`), bare (`example.com`, `www.example.com`)
 * or an e-mail address. Reports carry no links at all (issue 45), so its fuzzy forms count too.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

export function hasLink(text: string): boolean {
  return linkify.test(text);
}

export function NoLinks(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'noLinks',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasLink(value),
        defaultMessage: () => 'Links are not allowed',
      },
    });
}
