/**
 * Turns recognised words (lower case, spelt out, no punctuation) into a transcript people
 * read: sentences with capitals, full stops, question marks and commas, "I", names, written
 * numbers and paragraphs at long pauses. Each word keeps what was recognised (`word`) and
 * gains how it reads (`text`); a display form that stands for several words ("$400" for
 * "four hundred dollars") sits on the first, the others read "".
 * Nothing here is downloaded or trained: the rules use the words, their times and a casing
 * source (casing.ts). ADR 0032 gives the design.
 */
import type { TranscriptWord } from '../../transcription/transcriber.ts';
import { casedWord } from './casing-rules.ts';
import type { CasingSource } from './casing-source.ts';
import { keepsSmallFirstLetter, ownCasing } from './own-casing.ts';
import { isQuestion } from './questions.ts';
import { breakAfter, PARAGRAPH_PAUSE, type Break, type SentenceSoFar } from './sentences.ts';
import { pauseThatEnds } from './speaker-pauses.ts';
import { AUXILIARIES, GREETINGS, MONTHS, SUBORDINATORS, WEEKDAYS } from './vocabulary.ts';
import { findWrittenForms } from './written-forms.ts';

export type { CasingSource } from './casing-source.ts';
export { PARAGRAPH_PAUSE, SENTENCE_PAUSE } from './sentences.ts';

export interface FormattedWord extends TranscriptWord {
  text: string;
  /** The word begins a paragraph (never set on the transcript's first word). */
  paragraph?: true;
}

export interface FormatOptions {
  casing: CasingSource;
  /** Words already formatted before these (a live final follows earlier finals). */
  before?: readonly FormattedWord[];
}

export function formatWords(words: readonly TranscriptWord[], options: FormatOptions): FormattedWord[] {
  const spoken = words.map((w) => w.word.toLowerCase());
  const texts: string[] = spoken.map(
    (word, i) => ownCasing(words[i]!.word) ?? casedWord(spoken, i, options.casing) ?? word,
  );
  const names = texts.map((text, i) => isName(spoken[i]!, text));
  const spanEnd = spoken.map((_, i) => i + 1);
  for (const form of findWrittenForms(spoken)) {
    texts[form.start] = form.text;
    spanEnd[form.start] = form.end;
    for (let j = form.start + 1; j < form.end; j++) texts[j] = '';
  }

  // Breaks fall between spans, never inside one.
  const breaks: Break[] = spoken.map(() => '');
  const previous = options.before?.filter((w) => w.text !== '').at(-1);
  const continues = previous !== undefined && !/[.?!]$/.test(previous.text);
  let sentence: SentenceSoFar = { opener: continues ? '' : (spoken[0] ?? ''), start: 0, hasComma: false };
  const usualGap = usualPause(words);
  // The speaker's pauses: this note's, and for a live final those of the finals before it.
  const pauseEnds = pauseThatEnds(
    gapsBetween([...(options.before ?? []), ...words]).map((gap) => gap - usualGap),
  );
  for (let i = 0; i < spoken.length; i = spanEnd[i]!) {
    const last = spanEnd[i]! - 1;
    const next = words[last + 1];
    const gap = next ? Math.max(0, next.start - words[last]!.end - usualGap) : 0;
    const mark = breakAfter(spoken, last, gap, sentence, names, pauseEnds);
    breaks[last] = mark;
    if (mark === ',') sentence.hasComma = true;
    if (mark === 'end') sentence = { opener: spoken[last + 1] ?? '', start: last + 1, hasComma: false };
  }

  const out: FormattedWord[] = [];
  let sentenceStart = 0;
  let mainClauseStart: number | undefined;
  let startsSentence = !continues;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let text = texts[i]!;
    if (startsSentence && text !== '') {
      if (!keepsSmallFirstLetter(text)) text = capitalise(text);
      startsSentence = false;
    }
    const formatted: FormattedWord = { ...word, text };
    const before = i === 0 ? options.before?.at(-1) : words[i - 1];
    if (
      before &&
      word.start - before.end >= PARAGRAPH_PAUSE &&
      (i === 0 ? !continues : breaks[i - 1] === 'end')
    ) {
      formatted.paragraph = true;
    }
    out.push(formatted);
    const mark = breaks[i];
    if (mark === ',' || mark === 'end') {
      const carrier = lastWithText(out);
      if (carrier) {
        const punctuation =
          mark === ',' ? ',' : asks(spoken, sentenceStart, mainClauseStart, i + 1) ? '?' : '.';
        if (mark === ',' && mainClauseStart === undefined) mainClauseStart = i + 1;
        // "3 p.m." ends a sentence with its own full stop.
        if (!(punctuation === '.' && carrier.text.endsWith('.'))) carrier.text += punctuation;
      }
      if (mark === 'end') {
        sentenceStart = i + 1;
        mainClauseStart = undefined;
        startsSentence = true;
      }
    }
  }
  return out;
}

/**
 * The gap a speaker leaves between most words (the median), which a pause must exceed to count:
 * 0 s for engine output of fluent speech (words touch), more for slow dictation or timings that
 * spread words evenly, where every gap would otherwise become a comma.
 */
function usualPause(words: readonly TranscriptWord[]): number {
  const gaps = gapsBetween(words);
  if (gaps.length < 3) return 0;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/** The silence before each word but the first (never below 0: engines can overlap words). */
function gapsBetween(words: readonly TranscriptWord[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < words.length; i++) gaps.push(Math.max(0, words[i]!.start - words[i - 1]!.end));
  return gaps;
}

/**
 * Whether the sentence asks: by its first words, or, when it opens with "if", "when" and the
 * like and has a comma, by the clause after it ("If it rains, will you come?"; "When you land,
 * we meet." does not ask, "When is the meeting, on Monday?" does).
 */
function asks(
  spoken: readonly string[],
  start: number,
  mainClause: number | undefined,
  end: number,
): boolean {
  const sentence = spoken.slice(start, end);
  // "Hey Sam, are you free?": after a greeting, the message after the comma asks or not.
  if (mainClause !== undefined && GREETINGS.has(sentence[0]!))
    return isQuestion(spoken.slice(mainClause, end));
  if (mainClause === undefined || !SUBORDINATORS.has(sentence[0]!)) return isQuestion(sentence);
  if (isQuestion(spoken.slice(mainClause, end))) return true;
  return AUXILIARIES.has(sentence[1] ?? '') && isQuestion(sentence);
}

/** A person's or place's name: capitalised by the casing source, not "I" nor a weekday or month (dates take commas). */
function isName(spoken: string, cased: string): boolean {
  return /^[A-Z][a-z]/.test(cased) && !WEEKDAYS.includes(spoken) && !MONTHS.includes(spoken);
}

function lastWithText(words: readonly FormattedWord[]): FormattedWord | undefined {
  for (let i = words.length - 1; i >= 0; i--) if (words[i]!.text !== '') return words[i];
  return undefined;
}

/** The transcript's text: display forms joined by spaces, paragraphs by a blank line. */
export function readableText(words: readonly FormattedWord[]): string {
  let text = '';
  let paragraph = false;
  for (const word of words) {
    // A paragraph that opens on a word read as part of the one before keeps its break.
    paragraph ||= word.paragraph === true;
    if (word.text === '') continue;
    if (text !== '') text += paragraph ? '\n\n' : ' ';
    text += word.text;
    paragraph = false;
  }
  return text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
