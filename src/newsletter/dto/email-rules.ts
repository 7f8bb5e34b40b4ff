import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from 'src/validation/transforms';

/**
 * SPEC section 5, newsletter email: 'Required', 'Invalid email'. Decorators run bottom up and the pipe
 * stops at the first failure, so the required rule sits last. The swagger plugin cannot see through a
 * composed decorator, so the schema it would have read from the rules is stated here.
 */
export function NewsletterEmail(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiProperty({ type: String, format: 'email', maxLength: 254 }),
    Trim(),
    MaxLength(254, { message: 'Invalid email' }),
    IsEmail({}, { message: 'Invalid email' }),
    IsString({ message: 'Invalid email' }),
    IsNotEmpty({ message: 'Required' }),
  ];
  // Applied last to first, as stacked decorators are.
  return (target, property) => [...decorators].reverse().forEach((decorate) => decorate(target, property));
}
