/**
 * JSON that is safe inside a <script type="application/json"> element: nothing in the data can close
 * the element or start a comment, and the line separators that break older parsers are escaped.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
