/**
 * SPEC section 5's dive-site text search in SQL: a case-insensitive substring of name, description, region
 * or marine life. The four fields are searched joined by a unit separator (U+001F), the expression the
 * trigram index IDX_dive_sites_text holds (migrations/1795700000000-DiveSiteTextIndex.ts), so a term is
 * answered from the index rather than by reading every site. Only a term containing the separator could
 * match across two fields of the joined text: such a term is searched field by field, so the answer is
 * always the one SPEC describes.
 */
const SEPARATOR = '\u001f';
const JOINED = `(site.name || E'\\x1f' || site.description || E'\\x1f' || site.region || E'\\x1f' || COALESCE(site.marineLife, ''))`;
const FIELD_BY_FIELD = '(site.name ILIKE :like OR site.description ILIKE :like OR site.region ILIKE :like OR site.marineLife ILIKE :like)';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition (on the alias `site`) and its parameter for the sites whose text contains `term` (trimmed). */
export function siteTextMatch(term: string): [condition: string, parameters: { like: string }] {
  const trimmed = term.trim();
  return [trimmed.includes(SEPARATOR) ? FIELD_BY_FIELD : `${JOINED} ILIKE :like`, { like: `%${escapeLike(trimmed)}%` }];
}
