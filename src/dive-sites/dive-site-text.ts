/**
 * SPEC section 5's dive-site text search in SQL: a case-insensitive substring of name, description, region
 * or marine life. The four fields are searched joined by a unit separator (U+001F), the expression the
 * trigram index IDX_dive_sites_text holds (migrations/1795700000000-DiveSiteTextIndex.ts), so a term is
 * answered from the index rather than by reading every site. Only a term containing the separator could
 * match across two fields of the joined text: such a term is searched field by field, so the answer is
 * always the one SPEC describes.
 */
import { correctedWords, termWords } from 'src/dive-sites/search-words';

const SEPARATOR = '\u001f';
const JOINED = `(site.name || E'\\x1f' || site.description || E'\\x1f' || site.region || E'\\x1f' || COALESCE(site.marineLife, ''))`;
const FIELD_BY_FIELD = '(site.name ILIKE :like OR site.description ILIKE :like OR site.region ILIKE :like OR site.marineLife ILIKE :like)';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition (on the alias `site`) and its parameter for the sites whose text contains `term` (trimmed). */
export function siteTextMatch(term: string): [condition: string, parameters: { like: string }] {
  const trimmed = term.trim();
  return [trimmed.includes(SEPARATOR) ? FIELD_BY_FIELD : `${JOINED} ILIKE :like`, { like: `%${escapeLike(trimmed)}%` }];
}

/** How a term found its sites: as written, ignoring accents, every word of it, or a name spelt like it. */
export type SiteMatchKind = 'text' | 'accents' | 'words' | 'corrected' | 'similar';

/** The sites a term found, how, and (corrected) the words it was read as. */
export interface SiteMatch {
  ids: number[];
  kind: SiteMatchKind;
  corrected?: string;
}

/**
 * Whether a match's ids are in the lists' order (by name, then id): those found as written, without accents or
 * as a name spelt like the term are; the word steps' are ranked (the sites with more of the words in their
 * name or region first).
 */
export const inListOrder = (match: SiteMatch): boolean => match.kind !== 'words' && match.kind !== 'corrected';

/** The least pg_trgm word similarity between a term and a site's name for a misspelling to find it ('yongla' and 'SS Yongala': 0.71). */
export const SIMILAR_NAME = 0.5;

interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

const extensionsOf = new WeakMap<Queryable, Promise<{ trgm: boolean; unaccent: boolean }>>();

/** Which of pg_trgm and unaccent the database has (asked once per connection pool). */
function extensions(db: Queryable): Promise<{ trgm: boolean; unaccent: boolean }> {
  let found = extensionsOf.get(db);
  if (!found) {
    found = (db.query(`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent')`) as Promise<{ extname: string }[]>).then((rows) => ({
      trgm: rows.some((row) => row.extname === 'pg_trgm'),
      unaccent: rows.some((row) => row.extname === 'unaccent'),
    }));
    found.catch(() => extensionsOf.delete(db));
    extensionsOf.set(db, found);
  }
  return found;
}

const JOINED_RAW = JOINED.replace(/site\.(\w+)/g, (_, column: string) => `site."${column}"`);

/**
 * The ids of the sites a diver's term means, by name (HUMAN_ORDER), and how they were found. SPEC section
 * 5's substring comes first and answers whenever it finds anything (from the trigram index); only when it
 * finds nothing is the term tried, in turn: ignoring accents ('vallee des gorgones'), as separate words
 * each somewhere in the site's text ('ship wreck') with each misspelt word corrected to the closest known
 * word ('sydny harbour': src/dive-sites/search-words.ts), then as a misspelt name ('yongla'). The later steps
 * read every site's text, once, and only for a term that otherwise finds nothing.
 */
export async function matchingSiteIds(db: Queryable, rawTerm: string, order: string): Promise<SiteMatch> {
  const term = rawTerm.trim();
  const select = (where: string, parameters: unknown[], orderBy = `site.name ${order}, site.id`) =>
    db.query(`SELECT site.id FROM dive_sites site WHERE ${where} ORDER BY ${orderBy}`, parameters) as Promise<{ id: number }[]>;
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  const [quoted, like] = rawTextMatch(term);
  const exact = await select(quoted, [like]);
  if (exact.length > 0 || term === '') return { ids: ids(exact), kind: 'text' };

  const { trgm, unaccent } = await extensions(db);
  const fold = (sql: string) => (unaccent ? `unaccent(lower(${sql}))` : `lower(${sql})`);
  if (unaccent) {
    const accents = await select(`${fold(JOINED_RAW)} LIKE ${fold('$1')}`, [like]);
    if (accents.length > 0) return { ids: ids(accents), kind: 'accents' };
  }
  // Word by word, in any order, each misspelt word read as the closest known word: a region's word in the
  // site's name or region, any other anywhere; the sites with more of the words in their name or region first.
  const corrected = await correctedWords(db, term, (word) => anySiteText(db, word));
  const changed = corrected.some(({ word }, index) => word !== termWords(term)[index]);
  if (corrected.length > 1 || changed) {
    const place = `${fold(`site."name" || E'\\x1f' || site."region"`)}`;
    const conditions = corrected.map(({ place: inPlace }, index) => `${inPlace ? place : fold(JOINED_RAW)} LIKE ${fold(`$${index + 1}`)}`);
    const rank = corrected.map((_, index) => `(${place} LIKE ${fold(`$${index + 1}`)})::int`).join(' + ');
    const found = await select(
      conditions.join(' AND '),
      corrected.map(({ word }) => `%${escapeLike(word)}%`),
      `${rank} DESC, site.name ${order}, site.id`,
    );
    if (found.length > 0) {
      return changed ? { ids: ids(found), kind: 'corrected', corrected: corrected.map(({ word }) => word).join(' ') } : { ids: ids(found), kind: 'words' };
    }
  }
  if (trgm && term.length >= 3) {
    const similarity = `word_similarity(${fold('$1')}, ${fold('site.name')})`;
    const similar = await select(`${similarity} >= $2`, [term, SIMILAR_NAME], `site.name ${order}, site.id`);
    if (similar.length > 0) return { ids: ids(similar), kind: 'similar' };
  }
  return { ids: [], kind: 'text' };
}

/** siteTextMatch's condition for a raw query (alias `site`, its columns quoted, the term as $1) and its parameter. */
function rawTextMatch(term: string): [condition: string, like: string] {
  const [condition, { like }] = siteTextMatch(term);
  return [condition.replace(/:like/g, () => '$1').replace(/site\.(\w+)/g, (_, column: string) => `site."${column}"`), like];
}

/** Whether SPEC section 5's substring finds any site (one row read from the trigram index): if not, the tolerant steps answer. */
export async function anySiteText(db: Queryable, term: string): Promise<boolean> {
  const [condition, like] = rawTextMatch(term.trim());
  return ((await db.query(`SELECT 1 FROM dive_sites site WHERE ${condition} LIMIT 1`, [like])) as unknown[]).length > 0;
}
