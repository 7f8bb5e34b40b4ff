/** Blank optional text goes as null (SPEC section 5), so the server fills it in or leaves it empty. */
export const textOrNull = (value: string) => value.trim() || null;

/** The named optional text fields as the form's inputs hold them: '' where the record has none. */
export function textsOrEmpty<K extends string>(record: { [P in K]?: string | null }, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? ''])) as Record<K, string>;
}

/** The named optional text fields as the API takes them: trimmed, and null where left blank. */
export function textsOrNull<K extends string>(form: Record<K, string>, keys: readonly K[]): Record<K, string | null> {
  return Object.fromEntries(keys.map((key) => [key, textOrNull(form[key])])) as Record<K, string | null>;
}
