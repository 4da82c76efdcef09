/**
 * What a person typed, turned into terms both search backends can run. Only letters and
 * digits ever reach the full-text engines, and every word is quoted on the way in, so FTS5
 * and tsquery syntax (quotes, `*`, `:`, `&`, `NEAR`, parentheses...) typed in a search box
 * can never change the query's shape or cause an error.
 */
export interface SearchTerms {
  /** Whole words to match by stem; each entry is a phrase (one or more adjacent words). */
  phrases: string[][];
  /**
   * The word being typed, matched as a prefix of the words as written (not their stems,
   * which may be shorter than what was typed: "meeti" is not a prefix of "meet").
   */
  prefix: string | undefined;
}

/** More than this many words adds nothing but cost. */
const MAX_WORDS = 16;
/** A one-letter prefix would match nearly every note. */
const MIN_PREFIX_LENGTH = 2;
const WORD = /[\p{L}\p{N}]+/gu;
const CHUNK = /"([^"]*)"?|([^\s"]+)/g;

export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/**
 * `a b` must both match; `"a b"` is a phrase; the last bare word is a prefix unless the
 * query ends with a space (the word is finished).
 */
export function parseSearchTerms(raw: string): SearchTerms {
  const phrases: string[][] = [];
  let count = 0;
  let lastBare: string[] | undefined;
  for (const match of raw.matchAll(CHUNK)) {
    const quoted = match[1] !== undefined;
    const words = wordsOf(match[1] ?? match[2] ?? '').slice(0, MAX_WORDS - count);
    if (words.length === 0) continue;
    count += words.length;
    // A chunk such as "e-mail" is indexed as adjacent words, so it is searched as a phrase.
    phrases.push(words);
    lastBare = quoted ? undefined : words;
    if (count >= MAX_WORDS) break;
  }
  const typing = !/\s$/.test(raw) && !raw.trimEnd().endsWith('"');
  const last = lastBare && phrases.at(-1) === lastBare ? lastBare.at(-1) : undefined;
  if (!typing || last === undefined || [...last].length < MIN_PREFIX_LENGTH) {
    return { phrases, prefix: undefined };
  }
  // The typed word leaves its phrase and becomes the prefix.
  const rest = lastBare!.slice(0, -1);
  phrases.pop();
  if (rest.length > 0) phrases.push(rest);
  return { phrases, prefix: last };
}

export function isEmpty(terms: SearchTerms): boolean {
  return terms.phrases.length === 0 && terms.prefix === undefined;
}

const quote = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * FTS5: every phrase in the given columns. With an owner, the owner's own token narrows the
 * index first; without one, the words alone (to rank rows already known to be the owner's).
 */
export function fts5Match(ownerId: string | null, columns: string[], phrases: string[][]): string {
  const body = phrases.map((words) => quote(words.join(' '))).join(' AND ');
  return `${ownerScope(ownerId)}{${columns.join(' ')}} : (${body})`;
}

export function fts5PrefixMatch(ownerId: string | null, columns: string[], prefix: string): string {
  return `${ownerScope(ownerId)}{${columns.join(' ')}} : (${quote(prefix)}*)`;
}

const ownerScope = (ownerId: string | null) => (ownerId === null ? '' : `owner_id : ${quote(ownerId)} AND `);

/** tsquery text for to_tsquery(): phrases with `<->`, all of them with `&`. */
export function tsqueryText(phrases: string[][]): string {
  return phrases.map((words) => `(${words.join(' <-> ')})`).join(' & ');
}

export function tsqueryPrefixText(prefix: string): string {
  return `${prefix}:*`;
}
