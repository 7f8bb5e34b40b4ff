/** Copies the fields a PATCH body carries (undefined means 'not sent'). */
export function assignDefined<T extends object>(target: T, fields: Partial<T>): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
}
