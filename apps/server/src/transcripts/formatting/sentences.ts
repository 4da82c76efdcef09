/**
 * Where sentences end and commas go, from the pauses between words and the words either side.
 *
 * pocketsphinx reports a pause as the gap between one word's end and the next one's start
 * (its silences are dropped). Measured on its own output for the tuning notes of
 * bench/transcription/formatting.ts (108 sentences, flite voices slt, rms, awb): words inside
 * a phrase touch (gap 0.00 s); at a full stop or question mark the gap was 0.00-0.23 s (0.00 at
 * 23 of 228), at a comma 0.00-0.19 s, so a pause alone cannot tell them apart; but a pause is
 * far more often a full stop (205 of 236 pauses of 0.03 s or more) than a comma (22). So a pause
 * of PAUSE_ENDS (0.04 s) or more (more for a speaker who pauses longer: `pauseEnds`,
 * speaker-pauses.ts) ends a sentence unless the next word carries it on
 * (`carriesOn`: "and", "near", "than", a number, a negative tag, a date, a name after a name,
 * or any word after an auxiliary), and a pause of 0.03 s ends one only before a word that
 * opens one anyway: the speaker's own subject ("I", "we"), a question word (not after "know",
 * "wonder": the question is their object), an auxiliary before a subject ("is the"), a verb
 * that opens an instruction ("bring", "feed"); after a clear pause (CLEAR_PAUSE) also "so",
 * "then". Where words touch, only a question opens a sentence: an auxiliary, or a question
 * word and an auxiliary, before a personal pronoun ("... this year can we lower it"). After a
 * greeting and a name ("hi Tom"), or an opening word ("okay", "anyway", "after that"), the
 * first break is a comma.
 * Inside a sentence that opens with "when", "if", "because" and the like, the first such pause
 * is a comma ("When I got home, the door was open"). A pause of SENTENCE_PAUSE or more ends a
 * sentence whatever follows (flite never paused that long inside one; the live endpointer cuts
 * an utterance at 0.25 s), unless the word before cannot end a sentence ("the", "to", "and":
 * the speaker stopped to think).
 */
import {
  ADDRESSING,
  AUXILIARIES,
  CANNOT_END,
  CLEAR_PAUSE_STARTERS,
  DETERMINERS,
  EMBEDDING,
  GREETINGS,
  IMPERATIVES,
  INTRODUCTORY,
  INVERTING,
  JOINS_NEXT,
  MONTHS,
  NEGATIVE_AUXILIARIES,
  PERSONAL_SUBJECTS,
  QUESTION_WORDS,
  STRONG_STARTERS,
  SUBJECTS,
  SUBORDINATORS,
  WEEKDAYS,
} from './vocabulary.ts';

/** Shortest gap counted as a pause: 3 frames of silence (pocketsphinx decodes 100 frames a second). */
export const MIN_PAUSE = 0.03;
/**
 * A pause this long ends a sentence unless the next word carries it on (`carriesOn`: "and",
 * "near", a number), for a speaker whose pauses are all short (flite); for one who pauses
 * longer between sentences the threshold rises with their pauses (speaker-pauses.ts, passed to
 * breakAfter as `pauseEnds`). Third tuning round (204 sentences, 3 voices; ends right / placed of 414):
 * from 0.03 s 357 / 374, F1 0.906 (no pause is left for a comma); 0.04 s 352 / 365, 0.904;
 * 0.05 s 320 / 330, 0.860; 0.07 s 287 / 294, 0.811; 0.10 s 236 / 241, 0.721.
 */
export const PAUSE_ENDS = 0.04;
/**
 * A pause this long before an auxiliary ("is", "can") or a word like "so", "then" ends a
 * sentence: in the first 29 tuning sentences 1 comma in 12 had a pause this long, and that one
 * before "but"; in all 108, 3 of 22 (before "but", and after a greeting and a name, which
 * `addressed` makes a comma first).
 */
export const CLEAR_PAUSE = 0.1;
/** A pause this long (seconds) ends a sentence whatever word follows. */
export const SENTENCE_PAUSE = 0.6;
/** A pause this long before a sentence starts a paragraph. */
export const PARAGRAPH_PAUSE = 2.5;

export type Break = '' | ',' | 'end';

/** Where the sentence that word `i` belongs to stands: its first word and its index, and whether it has a comma. */
export interface SentenceSoFar {
  opener: string;
  start: number;
  hasComma: boolean;
}

/**
 * What follows word `i` given the next word after a pause of `gap` seconds. `names[j]` tells
 * whether word `j` is a person's or place's name (capitalised by the casing source).
 * `pauseEnds`: from how long a pause ends a sentence for this speaker (speaker-pauses.ts).
 */
export function breakAfter(
  words: readonly string[],
  i: number,
  gap: number,
  sentence: SentenceSoFar,
  names: readonly boolean[] = [],
  pauseEnds = PAUSE_ENDS,
): Break {
  const word = words[i]!;
  const next = words[i + 1];
  if (next === undefined) return 'end';
  if (introduced(words, i, sentence)) return gap >= MIN_PAUSE ? ',' : '';
  if (addressed(words, i, sentence)) {
    return (gap >= MIN_PAUSE && !CANNOT_END.has(word)) || asksNext(words, i, sentence) ? ',' : '';
  }
  if (asksNext(words, i, sentence)) return endOrComma(sentence);
  if (gap < MIN_PAUSE) return '';
  if (CANNOT_END.has(word)) {
    // "thank our | she lives": a subject pronoun cannot follow "our", so the phrase broke off.
    return DETERMINERS.has(word) && PERSONAL_SUBJECTS.has(next) ? endOrComma(sentence) : '';
  }
  if (gap >= SENTENCE_PAUSE) return 'end';
  if (embedsQuestion(word, next)) return '';
  const opens =
    opensSentence(next, words[i + 2]) ||
    instructs(word, next) ||
    (gap >= pauseEnds && !carriesOn(words, i, names)) ||
    (gap >= CLEAR_PAUSE && (AUXILIARIES.has(next) || CLEAR_PAUSE_STARTERS.has(next)));
  return opens ? endOrComma(sentence) : ',';
}

/**
 * The first break after a greeting and a name or two ("hi Tom", "hello Maria", "dear Mr
 * Brown") is a comma, even before a question ("hey Sam, are you free?"): the message goes on
 * after it. Tuning notes (108 sentences, 3 voices): 5 spurious sentence ends fewer (190 -> 185
 * placed, 182 right either way), F1 0.883 -> 0.894.
 */
function addressed(words: readonly string[], i: number, sentence: SentenceSoFar): boolean {
  return GREETINGS.has(words[sentence.start]!) && !sentence.hasComma && i - sentence.start <= 2;
}

/**
 * The first break after an opening word like "okay", "anyway", "first" or "after that" is a
 * comma ("Okay, here is the plan."; "Right, so the budget is tight."), not a sentence of its
 * own. Third tuning round: 10 spurious ends fewer (375 -> 365 placed, 352 right either way).
 */
function introduced(words: readonly string[], i: number, sentence: SentenceSoFar): boolean {
  if (sentence.hasComma) return false;
  const opening = words.slice(sentence.start, i + 1).join(' ');
  return INTRODUCTORY.has(opening);
}

/** Inside a sentence that opens with "when", "if" and the like, the first break is a comma. */
function endOrComma(sentence: SentenceSoFar): Break {
  return SUBORDINATORS.has(sentence.opener) && !sentence.hasComma ? ',' : 'end';
}

/**
 * A question word after a verb that embeds a question ("let me know | what you think", "I
 * wonder | why") is that verb's object, as in asksNext: no full stop, no comma. Tuning notes
 * (108 sentences, 3 voices): 1 spurious end fewer, F1 0.892 -> 0.894.
 */
function embedsQuestion(word: string, next: string): boolean {
  return QUESTION_WORDS.has(next) && EMBEDDING.has(word);
}

/**
 * A verb that opens an instruction ("feed", "bring", "don't": IMPERATIVES) after any pause,
 * but not after an auxiliary ("you can | bring"), whose verb it is. Voice notes are full of
 * them (reminders, lists). Tuning notes (108 sentences, 3 voices): all 27 pauses before such
 * a verb were sentence ends, and the rules before this made most of them commas; 155 -> 182
 * ends right of 222, none wrong, F1 0.816 -> 0.894 (the largest gain of this round).
 */
function instructs(word: string, next: string): boolean {
  return IMPERATIVES.has(next) && !AUXILIARIES.has(word) && !NEGATIVE_AUXILIARIES.has(word);
}

function opensSentence(word: string, following: string | undefined): boolean {
  if (STRONG_STARTERS.has(word) || QUESTION_WORDS.has(word)) return true;
  return AUXILIARIES.has(word) && following !== undefined && SUBJECTS.has(following);
}

/**
 * Whether the words after a pause of PAUSE_ENDS or more carry the sentence on, so the pause
 * is a comma: a word that joins ("and", "near", "than", a number: JOINS_NEXT), "next to", a
 * negative tag ("isn't it"), or a name after another name or after thanks ("Paris, France",
 * "thank you, Sarah"). Any other word opens a sentence there: a pause was far more often a
 * full stop than a comma in pocketsphinx's output (ADR 0032), and the words that open
 * sentences in voice notes are too many to list ("everything", "registration", "maybe",
 * "next week"). It replaces the rules that listed them (from 0.04 s "the", "it", "their"..., a
 * word and an auxiliary, a name). Third tuning round (204 sentences, 3 voices), with
 * `introduced`: 295 -> 352 ends right of 414, 7 -> 13 wrong, F1 0.824 -> 0.904. A date
 * changed no end there, an auxiliary before the pause 1 right and none wrong: both stay for grammar.
 */
function carriesOn(words: readonly string[], i: number, names: readonly boolean[]): boolean {
  const word = words[i]!;
  const next = words[i + 1]!;
  if (JOINS_NEXT.has(next) || NEGATIVE_AUXILIARIES.has(next)) return true;
  if (next === 'next' && words[i + 2] === 'to') return true;
  if (datesOn(next, words[i + 2])) return true;
  if (AUXILIARIES.has(word) || NEGATIVE_AUXILIARIES.has(word)) return true;
  return names[i + 1] === true && (names[i] === true || ADDRESSING.has(word));
}

/**
 * A weekday or a month after a pause goes with the sentence before, as dates take commas
 * ("We met, Monday morning."), unless an auxiliary follows it ("Monday was dry."). "may" is
 * an auxiliary before it is a month ("... there | may be ...").
 */
function datesOn(next: string, following: string | undefined): boolean {
  const date = WEEKDAYS.includes(next) || (MONTHS.includes(next) && !AUXILIARIES.has(next));
  return date && !(following !== undefined && AUXILIARIES.has(following));
}

/**
 * An auxiliary before a personal pronoun asks a question ("... this year | can we lower it"),
 * with or without a pause: inside a statement the subject comes first ("we can"). So does a
 * question word before them ("... the keys | where did you put them"), but after a verb that
 * embeds a question ("I know where did you", as some speak). Not after a word that inverts a
 * statement ("so can we", "than did they"), a subject ("if you can you should"), another
 * auxiliary ("I will have you know"), or inside a question word's phrase still waiting for its
 * auxiliary ("what time do you", "tell me which one do you want").
 */
function asksNext(words: readonly string[], i: number, sentence: SentenceSoFar): boolean {
  const word = words[i]!;
  const next = words[i + 1];
  if (next === undefined) return false;
  const asks = QUESTION_WORDS.has(next)
    ? !EMBEDDING.has(word) && invertsSubject(words[i + 2], words[i + 3])
    : invertsSubject(next, words[i + 2]);
  if (!asks) return false;
  if (
    CANNOT_END.has(word) ||
    SUBJECTS.has(word) ||
    QUESTION_WORDS.has(word) ||
    AUXILIARIES.has(word) ||
    NEGATIVE_AUXILIARIES.has(word) ||
    INVERTING.has(word)
  ) {
    return false;
  }
  for (let j = i; j >= sentence.start; j--) {
    const earlier = words[j]!;
    if (AUXILIARIES.has(earlier) || NEGATIVE_AUXILIARIES.has(earlier) || earlier.endsWith("'s")) return true;
    if (QUESTION_WORDS.has(earlier)) return false;
  }
  return true;
}

function invertsSubject(auxiliary: string | undefined, subject: string | undefined): boolean {
  return (
    auxiliary !== undefined &&
    AUXILIARIES.has(auxiliary) &&
    subject !== undefined &&
    PERSONAL_SUBJECTS.has(subject)
  );
}
