import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { errorBody } from './error-body';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // whitelist errors read "property x should not exist"; say which field is unknown instead.
      into[field] = Object.entries(error.constraints).map(([key, message]) =>
        key === 'whitelistValidation' ? `Unknown field: ${field}` : message,
      );
    }
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

/**
 * The global pipe: DTO rules, unknown fields refused, a 400 whose `error` is the first message.
 * class-validator checks a property's decorators from the bottom up and stopAtFirstError keeps the
 * first failure, so DTOs list length and format rules above the required and type rules: a missing
 * field then reads 'Name is required', not a length message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = collect(errors);
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid request';
      return new BadRequestException(errorBody(400, first, fields));
    },
  });
}
