import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { errorBody } from 'src/common/error-body';
import { isPageQuery } from 'src/lists/page-query';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // whitelist errors read "property x should not exist"; say which field is unknown instead.
      into[field] = Object.entries(error.constraints).map(([key, message]) => (key === 'whitelistValidation' ? `Unknown field: ${field}` : message));
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
/**
 * Route parameters stay text here: each route parses its own with a pipe of its own (idParam), which
 * needs the text as sent, since the global pipe would read '1e3', '0x10' or ' 1' as numbers.
 */
class AppValidationPipe extends ValidationPipe {
  /** A page's query string is read by its own pipe (page-query.ts): leniently, as a page reads its address. */
  protected override toValidate(metadata: ArgumentMetadata): boolean {
    return !isPageQuery(metadata.metatype) && super.toValidate(metadata);
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }

  /**
   * A validator that throws on a value it did not expect is the client's bad value, not a server fault:
   * class-validator's IsNumber({ maxDecimalPlaces }) reads `String(3e-323).split('.')[1].length`, and
   * validator.js's isEmail encodes the text (a lone surrogate throws). A 400, never a 500.
   */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof BadRequestException) throw error;
      if (error instanceof TypeError || error instanceof RangeError || error instanceof URIError) {
        throw new BadRequestException(errorBody(400, 'Invalid value in request'));
      }
      throw error;
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
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
