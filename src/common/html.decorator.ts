import { applyDecorators, Header } from '@nestjs/common';

/** Marks a handler that answers a rendered HTML page. */
export const Html = () => applyDecorators(Header('Content-Type', 'text/html; charset=utf-8'));
