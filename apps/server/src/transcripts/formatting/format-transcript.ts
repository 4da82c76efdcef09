/**
 * Turns recognised words (lower case, spelt out, no punctuation) into a transcript people
 * read: sentences with capitals and full stops, "I", paragraphs at long pauses. Each word keeps
 * what was recognised (`word`) and gains how it reads (`text`); a display form that stands for
 * several words ("$400" for "four hundred dollars") sits on the first, the others read "".
 * Nothing here is downloaded or trained: the rules use the words, their times and a casing
 * source (casing.ts).
 */
import type { TranscriptWord } from '../../transcription/transcriber.ts';

export interface FormattedWord extends TranscriptWord {
  text: string;
  /** The word begins a paragraph (never set on the transcript's first word). */
  paragraph?: true;
}

/** Where the capitals of names come from: the written form of a word people capitalise. */
export interface CasingSource {
  /** "monday" -> "Monday"; undefined for a word written in lower case. */
  properForm(word: string): string | undefined;
}

export interface FormatOptions {
  casing: CasingSource;
  /** Words already formatted before these (a live final follows earlier finals). */
  before?: readonly FormattedWord[];
}

/** A pause this long (seconds) between words ends a sentence. */
export const SENTENCE_PAUSE = 0.6;
/** A pause this long starts a paragraph. */
export const PARAGRAPH_PAUSE = 2.5;

export function formatWords(words: readonly TranscriptWord[], options: FormatOptions): FormattedWord[] {
  const previous = options.before?.at(-1);
  const out: FormattedWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const before = i === 0 ? previous : words[i - 1];
    const after = words[i + 1];
    const gapBefore = before ? word.start - before.end : Number.POSITIVE_INFINITY;
    const startsSentence = gapBefore >= SENTENCE_PAUSE;
    const endsSentence = !after || after.start - word.end >= SENTENCE_PAUSE;
    let text = word.word === 'i' ? 'I' : (options.casing.properForm(word.word) ?? word.word);
    if (startsSentence) text = capitalise(text);
    if (endsSentence) text += '.';
    const formatted: FormattedWord = { ...word, text };
    if (before && gapBefore >= PARAGRAPH_PAUSE) formatted.paragraph = true;
    out.push(formatted);
  }
  return out;
}

/** The transcript's text: display forms joined by spaces, paragraphs by a blank line. */
export function readableText(words: readonly FormattedWord[]): string {
  let text = '';
  for (const word of words) {
    if (word.text === '') continue;
    if (text !== '') text += word.paragraph ? '\n\n' : ' ';
    text += word.text;
  }
  return text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
