/**
 * Casing sources: where the capitals of names, places, weekdays and months come from.
 *
 * The default reads Debian's `wamerican` word list (/usr/share/dict/american-english, 104 k
 * words, 20 k of them capitalised): a word is capitalised when the list holds only its
 * capitalised form ("monday", "london", "sarah's"); a word the list also holds in lower case
 * ("bill", "mark", "may", "john") stays lower case, but for the months in casing-rules.ts. The
 * list is read once, on the first word looked up, and kept for the process (measured by
 * `npm run bench:format`: 86-700 ms on a busy 2-core machine, 2.9 MB of heap for 18.7 k
 * entries). A missing list falls back to weekdays and months and is logged once.
 *
 * Sources compose: the first that knows a word decides, so a person's own corrected words
 * (issue 21) go in front of the word list. A source may answer with the word unchanged to
 * keep it lower case.
 */
import fs from 'node:fs';

import type { CasingSource } from './casing-source.ts';
import { MONTHS, WEEKDAYS } from './vocabulary.ts';

export const DEFAULT_WORD_LIST = '/usr/share/dict/american-english';

/** A source over a fixed map of lower-case word -> written form. */
export function mapCasingSource(forms: ReadonlyMap<string, string>): CasingSource {
  return { properForm: (word) => forms.get(word) };
}

/** The first source that knows a word decides. */
export function composeCasingSources(...sources: readonly CasingSource[]): CasingSource {
  return {
    properForm(word) {
      for (const source of sources) {
        const form = source.properForm(word);
        if (form !== undefined) return form;
      }
      return undefined;
    },
  };
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Weekdays (and months the list leaves ambiguous are decided by context, not here). */
export const BUILT_IN_CASING: CasingSource = mapCasingSource(
  new Map(
    [...WEEKDAYS, ...MONTHS.filter((m) => !['may', 'march', 'august'].includes(m))].map((w) => [
      w,
      capitalise(w),
    ]),
  ),
);

/** The capitalised-only words of a word list, one word a line. */
export function parseWordList(text: string): Map<string, string> {
  const lower = new Set<string>();
  const capitalised = new Map<string, string>();
  for (const line of text.split('\n')) {
    const word = line.trim();
    if (word === '') continue;
    const key = word.toLowerCase();
    if (word === key) lower.add(key);
    else if (!capitalised.has(key)) capitalised.set(key, word);
  }
  for (const key of lower) capitalised.delete(key);
  return capitalised;
}

export interface LoadCasingOptions {
  /** The word list; default Debian's wamerican list. */
  path?: string;
  /** Told once when the list cannot be read; default console.warn. */
  log?: (message: string) => void;
}

const loaded = new Map<string, CasingSource>();

/**
 * The word-list casing source, read on first use and cached per path. The built-in weekdays
 * and months come first, so they hold even without the list.
 */
export function loadCasingSource(options: LoadCasingOptions = {}): CasingSource {
  const path = options.path ?? DEFAULT_WORD_LIST;
  const cached = loaded.get(path);
  if (cached) return cached;
  const log = options.log ?? ((message: string) => console.warn(message));
  let forms: Map<string, string> | undefined;
  const listSource: CasingSource = {
    properForm(word) {
      if (!forms) {
        try {
          forms = parseWordList(fs.readFileSync(path, 'utf8'));
        } catch (error) {
          forms = new Map();
          log(
            `The word list ${path} could not be read (${(error as Error).message}), so transcripts capitalise only weekdays and months. Install it with: apt-get install wamerican`,
          );
        }
      }
      return forms.get(word);
    },
  };
  const source = composeCasingSources(BUILT_IN_CASING, listSource);
  loaded.set(path, source);
  return source;
}
