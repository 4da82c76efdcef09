/**
 * An engine's words made readable (ADR 0033): the note's transcript becomes the formatted
 * text, and each word keeps what was recognised (`word`) and gains how it reads (`text`).
 * Engines that recognise spoken words (pocketsphinx: lower case, spelt out, no punctuation) are
 * formatted here; engines that write text themselves (whisper, OpenAI) are kept as they wrote it.
 * With the owner's "format transcripts" setting off, the transcript is the recognised words
 * and every word reads as it was recognised (text = word).
 */
import type { TranscriptSegment, TranscriptWord } from '@voxpad/shared/voice-notes';
import { loadCasingSource } from './formatting/casing.ts';
import { type FormattedWord, formatWords, readableText } from './formatting/format-transcript.ts';

/**
 * THE one place the casing source is made: Debian's word list (wamerican), read on first use
 * and cached, with built-in weekdays and months when it is missing (formatting/casing.ts).
 */
const casing = loadCasingSource();

/** Engines whose words are spoken forms, to be written out; the others write text themselves. */
const SPOKEN_WORD_ENGINES: ReadonlySet<string> = new Set(['pocketsphinx']);

export interface ReadableTranscript {
  text: string;
  segments: TranscriptSegment[];
}

/**
 * The transcript a note keeps for an engine's result. `format` is the owner's setting. Words
 * are formatted across segment boundaries (a sentence can run on into the next segment); each
 * segment's text is the readable text of its own words.
 */
export function readableTranscript(
  transcript: { text: string; segments: readonly TranscriptSegment[] },
  options: { format: boolean; engine: string },
): ReadableTranscript {
  if (!SPOKEN_WORD_ENGINES.has(options.engine)) {
    return { text: transcript.text, segments: [...transcript.segments] };
  }
  // The words themselves, not copies: a 4-hour transcript has 35,000 of them, and formatting
  // reads only what was recognised (`word` and the times) and keeps only the contract's fields.
  const all = transcript.segments.flatMap((segment) => segment.words);
  // A segment without timed words cannot be formatted word by word: the text stays the engine's.
  if (all.length === 0 || transcript.segments.some((segment) => segment.words.length === 0 && segment.text)) {
    return { text: transcript.text, segments: [...transcript.segments] };
  }
  if (!options.format) {
    // As recognised: the engine's own text, and each word reading as it was recognised.
    const segments = transcript.segments.map((segment) => ({
      ...segment,
      words: segment.words.map((word) => stored(asRecognised(recognised(word)))),
    }));
    return { text: transcript.text, segments };
  }
  const formatted = formatWords(all, { casing });
  let at = 0;
  const out = transcript.segments.map((segment) => {
    const words = formatted.slice(at, (at += segment.words.length));
    return {
      start: segment.start,
      end: segment.end,
      text: segmentText(words),
      words: words.map(stored),
      ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
    };
  });
  return { text: readableText(formatted), segments: out };
}

/**
 * Finals of one live stream, each formatted after the finals before it (a sentence that runs
 * on is not capitalised again). Partials are sent raw and never come here. What was sent is
 * kept: the note filed at Stop keeps exactly those words as they read (`sent()`), not the same
 * words formatted again as a whole, which could read differently where a final ended.
 */
export class LiveFinals {
  readonly #format: boolean;
  #before: FormattedWord[] = [];
  readonly #sent: FormattedWord[] = [];

  /** `format`: the owner's setting; an engine that writes text itself is never reformatted. */
  constructor(options: { format: boolean; engine: string }) {
    this.#format = options.format && SPOKEN_WORD_ENGINES.has(options.engine);
  }

  next(words: readonly TranscriptWord[]): TranscriptWord[] {
    const plain = words.map(recognised);
    const formatted = this.#format
      ? formatWords(plain, { casing, before: this.#before })
      : plain.map(asRecognised);
    // The formatter reads context from the end of what came before; a sentence's worth is plenty.
    this.#before = [...this.#before, ...formatted].slice(-CONTEXT_WORDS);
    for (const word of formatted) this.#sent.push(word);
    return formatted.map(stored);
  }

  /** Every final word sent so far, as it read, and their readable text (paragraphs kept). */
  sent(): { text: string; words: TranscriptWord[] } {
    return { text: readableText(this.#sent), words: this.#sent.map(stored) };
  }
}

const CONTEXT_WORDS = 32;

/** The readable text of some words (a segment's). */
export function segmentText(words: readonly TranscriptWord[]): string {
  return words
    .map((word) => word.text ?? word.word)
    .filter((text) => text !== '')
    .join(' ');
}

/** A word as the engine recognised it, without any display form from before. */
function recognised(word: TranscriptWord): TranscriptWord {
  return { word: word.word, start: word.start, end: word.end, confidence: word.confidence };
}

function asRecognised(word: TranscriptWord): FormattedWord {
  return { ...word, text: word.word };
}

/** What a segment keeps of a formatted word: the contract's fields (paragraphs live in the text). */
function stored(word: FormattedWord): TranscriptWord {
  return { word: word.word, text: word.text, start: word.start, end: word.end, confidence: word.confidence };
}
