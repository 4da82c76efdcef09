/**
 * How a word in a person's vocabulary is said (ADR 0036), in the model's phones:
 *
 * 1. phones the person typed (`user`);
 * 2. else a "sounds like" spelling they gave (`sounds_like`): each of its words from the stock
 *    dictionary when it knows it ("win" for Nguyen), else from espeak-ng;
 * 3. else the stock dictionary, when it knows every word (`dictionary`);
 * 4. else espeak-ng on the word's own spelling (`generated`), for the words the dictionary lacks.
 *
 * What the person said outranks the dictionary: they add a word they know is said their way.
 * A phrase's pronunciation is its words' phones joined, in order.
 */
import type { PronunciationSource } from '@voxpad/shared/vocabulary';
import { pronounce } from '../adaptation/language/pronounce.ts';
import type { StockDictionary } from './stock-dictionary.ts';

/** A single word may keep this many of the dictionary's alternates. */
const ALTERNATES_MAX = 4;

export interface PronunciationRequest {
  word: string;
  soundsLike: string | null;
  /** Validated phones, upper case, separated by spaces. */
  phones: string | null;
}

export type Resolved =
  | { ok: true; pronunciations: string[]; source: PronunciationSource }
  /** espeak-ng could not spell this piece in the model's phones. */
  | { ok: false; unpronounceable: string; field: 'word' | 'sounds_like' };

/** Dictionary-form pieces of a word or phrase: lower case, split at spaces, dots dropped. */
export function pieces(text: string): string[] {
  return text
    .toLowerCase()
    .split(' ')
    .map((piece) => piece.replace(/\./g, ''))
    .filter(Boolean);
}

export async function resolvePronunciation(
  request: PronunciationRequest,
  dictionary: StockDictionary,
): Promise<Resolved> {
  if (request.phones) return { ok: true, pronunciations: [request.phones], source: 'user' };
  if (request.soundsLike) {
    const spelt = await spell(pieces(request.soundsLike), dictionary);
    if ('unpronounceable' in spelt) return { ok: false, ...spelt, field: 'sounds_like' };
    return { ok: true, pronunciations: [spelt.phones], source: 'sounds_like' };
  }
  const words = pieces(request.word);
  const known = await Promise.all(words.map((word) => fromDictionary(word, dictionary)));
  if (known.every((found) => found.length > 0)) {
    const pronunciations =
      words.length === 1 ? known[0]!.slice(0, ALTERNATES_MAX) : [known.map((found) => found[0]!).join(' ')];
    return { ok: true, pronunciations, source: 'dictionary' };
  }
  const spelt = await spell(words, dictionary);
  if ('unpronounceable' in spelt) return { ok: false, ...spelt, field: 'word' };
  return { ok: true, pronunciations: [spelt.phones], source: 'generated' };
}

/** The dictionary's pronunciations of a word; a hyphenated one is found from its parts. */
async function fromDictionary(word: string, dictionary: StockDictionary): Promise<readonly string[]> {
  const whole = await dictionary.pronunciations(word);
  if (whole.length > 0 || !word.includes('-')) return whole;
  const parts = await Promise.all(
    word
      .split('-')
      .filter(Boolean)
      .map((part) => dictionary.pronunciations(part)),
  );
  if (parts.length === 0 || parts.some((found) => found.length === 0)) return [];
  return [parts.map((found) => found[0]!).join(' ')];
}

/** One pronunciation for the words in order: the dictionary's first, else espeak-ng's. */
async function spell(
  words: readonly string[],
  dictionary: StockDictionary,
): Promise<{ phones: string } | { unpronounceable: string }> {
  const known = await Promise.all(words.map((word) => fromDictionary(word, dictionary)));
  const missing = words.filter((_, index) => known[index]!.length === 0);
  const generated = new Map((await pronounce(missing)).map((entry) => [entry.word, entry.phones.join(' ')]));
  const phones: string[] = [];
  for (const [index, word] of words.entries()) {
    const found = known[index]![0] ?? generated.get(word);
    if (!found) return { unpronounceable: word };
    phones.push(found);
  }
  if (phones.length === 0) return { unpronounceable: words.join(' ') };
  return { phones: phones.join(' ') };
}
