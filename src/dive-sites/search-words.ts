/**
 * Issue 47 item 4, a search that forgives: each word of a term that finds nothing is corrected to the closest
 * word the site knows (the table search_words, migrations/1799100000000-SearchWords.ts: the words of the
 * regions, site names, marine life, published products and categories), by pg_trgm's similarity from the
 * table's trigram index. A region's word is a place word: a corrected search looks for it in a site's name
 * or region, not its description ('sydny harbour' is Sydney's harbour, not a Darwin wreck whose story
 * mentions Sydney).
 */

interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** A word of a term as corrected: the closest known word (or the word itself), and whether it names a region. */
export interface CorrectedWord {
  word: string;
  place: boolean;
}

/** The weight of a region's word in search_words. */
const PLACE = 3;

/** The most words of a term corrected (a longer term keeps its first words). */
const MAX_WORDS = 8;

/**
 * The least pg_trgm similarity for a known word to stand for a misspelt one: 'sydny' and 'sydney' are 0.44,
 * 'regulater' and 'regulator' 0.54; 'kelpfest' and 'kelp' (0.4) are not the same word.
 */
const CLOSE_ENOUGH = 0.42;

const hasTrigrams = new WeakMap<Queryable, Promise<boolean>>();

function trigrams(db: Queryable): Promise<boolean> {
  let found = hasTrigrams.get(db);
  if (!found) {
    found = (db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`) as Promise<unknown[]>).then((rows) => rows.length > 0);
    found.catch(() => hasTrigrams.delete(db));
    hasTrigrams.set(db, found);
  }
  return found;
}

/** A term's words as searched: lower case, split at spaces, at most MAX_WORDS, each once. */
export function termWords(term: string): string[] {
  return [
    ...new Set(
      term
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word.length >= 2),
    ),
  ].slice(0, MAX_WORDS);
}

/**
 * Up to `perWord` known words closest to each of `words` (in the same order), best first: the word itself
 * when known, else by similarity, a place word ahead of one as close. Empty lists without pg_trgm.
 */
export async function closestWords(db: Queryable, words: string[], perWord: number): Promise<{ word: string; place: boolean; exact: boolean }[][]> {
  if (words.length === 0 || !(await trigrams(db))) return words.map(() => []);
  const rows = (await db.query(
    `SELECT q.i::int AS i, best.word, best.weight, best.word = q.w AS exact
     FROM unnest($1::text[]) WITH ORDINALITY q(w, i)
     CROSS JOIN LATERAL (
       SELECT s.word, s.weight FROM search_words s
       WHERE s.word = q.w OR (length(q.w) >= 3 AND s.word % q.w AND similarity(s.word, q.w) >= $3)
       ORDER BY s.word = q.w DESC, similarity(s.word, q.w) + 0.02 * s.weight DESC, length(s.word), s.word
       LIMIT $2
     ) best
     ORDER BY q.i`,
    [words, perWord, CLOSE_ENOUGH],
  )) as { i: number; word: string; weight: number; exact: boolean }[];
  return words.map((_, index) => rows.filter((row) => row.i === index + 1).map((row) => ({ word: row.word, place: row.weight >= PLACE, exact: row.exact })));
}

/**
 * Each word of `term` as the closest known word, and whether it is a place word. A word kept as written: one
 * none is close to, and one `found` finds as written (a word of the sites' descriptions, 'ship', is no misspelling).
 */
export async function correctedWords(db: Queryable, term: string, found: (word: string) => Promise<boolean>): Promise<CorrectedWord[]> {
  const words = termWords(term);
  const [closest, asWritten] = await Promise.all([closestWords(db, words, 1), Promise.all(words.map(found))]);
  return words.map((word, index) => {
    const best = closest[index][0];
    return best && (best.exact || !asWritten[index]) ? { word: best.word, place: best.place } : { word, place: false };
  });
}

/** For a term that found nothing: up to `limit` known words close to its unknown words ('Did you mean ...'). */
export async function suggestedWords(db: Queryable, term: string, limit = 5): Promise<string[]> {
  const words = termWords(term);
  const closest = await closestWords(db, words, 3);
  const suggestions = closest.flatMap((candidates) => (candidates[0]?.exact ? [] : candidates.map((candidate) => candidate.word)));
  return [...new Set(suggestions)].slice(0, limit);
}
