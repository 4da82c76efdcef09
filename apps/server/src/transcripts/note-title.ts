/**
 * A note's title, made from the words said in it, so a list of notes reads like what they
 * are about. A recording is "Voice note" and an uploaded file carries its file name only until
 * its transcript names it; a title a person typed is never remade (transcript-store.ts).
 */
import { LIMITS } from '@voxpad/shared/limits';
import { transcriptWords } from './transcript-words.ts';

/** A title made from a transcript holds at most this many words: enough to recognise a note. */
export const TITLE_WORDS = 8;
/**
 * A title that another note of the pad already has takes more of its words, up to this many,
 * until it differs; past that (the notes say the same), it gets a number: "Call Anna (2)".
 */
export const DISTINCT_TITLE_WORDS = 16;
/** Long "words" (a URL read out, say) still give a title that fits a list row. */
const TITLE_MAX_CHARS = 80;

const SENTENCE_END = /[.!?]["')\]]*$/;
/** Punctuation a cut-off title should not end on ("buy milk," or "so:"). */
const TRAILING = /[\s,;:\-–—.]+$/u;

export type ProvisionalTitle = { title: string; title_source: 'default' | 'file' };

/** The title of a note before it has a transcript: the file's name, or "Voice note" for a recording. */
export function provisionalTitle(fileName: string | undefined): ProvisionalTitle {
  const stem = fileName?.replace(/\.[^.]+$/, '').trim();
  if (!stem || stem.toLowerCase() === 'recording') return { title: 'Voice note', title_source: 'default' };
  return { title: stem.slice(0, LIMITS.voiceNoteTitleMax), title_source: 'file' };
}

/**
 * A title from the transcript's first words: its first sentence when that is short, otherwise
 * its first `TITLE_WORDS` words and "…". Sentence case: only the first letter is raised, so
 * "I", names and acronyms stay as they were heard. `others` are the titles of the pad's other
 * notes: a title one of them has (ignoring case and a closing "…") grows by a word at a time,
 * and past DISTINCT_TITLE_WORDS is numbered. Null when nothing was said.
 */
export function titleFromTranscript(
  transcript: string | null,
  others: readonly string[] = [],
): string | null {
  const words = transcriptWords(transcript);
  if (words.length === 0) return null;
  const taken = new Set(others.map(titleKey));
  const first = firstSentenceLength(words);
  const base = titleOf(words, first);
  if (base === null || !taken.has(titleKey(base))) return base;
  const longest = Math.min(words.length, DISTINCT_TITLE_WORDS);
  for (let count = first + 1; count <= longest; count++) {
    const longer = titleOf(words, count);
    if (longer !== null && !taken.has(titleKey(longer))) return longer;
  }
  for (let number = 2; ; number++) {
    const numbered = `${base} (${number})`;
    if (!taken.has(titleKey(numbered))) return numbered;
  }
}

/** How titles compare: case, spacing and a closing "…" or full stop do not tell notes apart. */
function titleKey(title: string): string {
  return title
    .toLocaleLowerCase('en')
    .replace(/[\s….]+$/u, '')
    .replace(/\s+/g, ' ');
}

/** Words up to the end of the first sentence, when it ends within TITLE_WORDS; else TITLE_WORDS. */
function firstSentenceLength(words: readonly string[]): number {
  const end = words.slice(0, TITLE_WORDS).findIndex((word) => SENTENCE_END.test(word));
  return end === -1 ? Math.min(words.length, TITLE_WORDS) : end + 1;
}

/** The first `count` words as a title: "…" when the transcript goes on past them mid-sentence. */
function titleOf(words: readonly string[], count: number): string | null {
  const taken = words.slice(0, count);
  let text = taken.join(' ');
  let cut = count < words.length && !SENTENCE_END.test(taken.at(-1)!);
  if (text.length > TITLE_MAX_CHARS) {
    const slice = text.slice(0, TITLE_MAX_CHARS);
    const space = slice.lastIndexOf(' ');
    text = space > TITLE_MAX_CHARS / 2 ? slice.slice(0, space) : slice;
    cut = true;
  }
  // A question keeps its mark; a statement's full stop and any dangling comma go.
  text = text.endsWith('?') || text.endsWith('!') ? text : text.replace(TRAILING, '');
  if (text === '') return null;
  const titled = text.charAt(0).toLocaleUpperCase('en') + text.slice(1);
  return cut ? `${titled}…` : titled;
}
