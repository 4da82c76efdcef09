/**
 * Whether a sentence (its recognised words) asks: told by its first words ("where did",
 * "is the", "could you") or a tag at its end ("isn't it"), since nothing else in the
 * recognised words says so.
 */
import { AUXILIARIES, NEGATIVE_AUXILIARIES, QUESTION_WORDS, SUBJECTS } from './vocabulary.ts';

/** Subjects that make a question word a statement ("when I get home"): "when I" is rarely a question. */
const STATEMENT_AFTER_QUESTION_WORD = new Set(['i', 'we', 'they', 'he', 'she']);

export function isQuestion(words: readonly string[]): boolean {
  const [first, second] = words;
  if (first === undefined) return false;
  if (QUESTION_WORDS.has(first)) return !(second !== undefined && STATEMENT_AFTER_QUESTION_WORD.has(second));
  if ((AUXILIARIES.has(first) || NEGATIVE_AUXILIARIES.has(first)) && second !== undefined) {
    if (SUBJECTS.has(second)) return true;
  }
  // A negative tag at the end: "that is good news, isn't it".
  const tagVerb = words.at(-2);
  const tagSubject = words.at(-1);
  return (
    words.length > 3 &&
    tagVerb !== undefined &&
    NEGATIVE_AUXILIARIES.has(tagVerb) &&
    tagSubject !== undefined &&
    TAG_SUBJECTS.has(tagSubject)
  );
}

const TAG_SUBJECTS = new Set(['it', 'you', 'they', 'we', 'he', 'she', 'i', 'there']);
