/**
 * A transcript found by a spoken form ("four hundred" in a note that reads "$400") has no
 * match in its readable text for the engines to mark: here the display forms of the words
 * whose recognised form matches are marked instead, found in the text in speaking order. A
 * display form matched in part ("400" of "$400") is marked whole.
 */
import type { HighlightRange } from '@voxpad/shared/search';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { foldWord } from './highlighted-text.ts';
import type { SearchTerms } from './search-query.ts';

const fold = (word: string) => foldWord(word).replace(/[^\p{L}\p{N}]/gu, '');
/** Punctuation that ends a display form ("Monday,") is not part of the highlighted word. */
const TRAILING = /[.,;:!?…"')\]]+$/u;
/** A searched word this long matches words it begins ("dollar" finds "dollars"), as stems do. */
const STEM_LENGTH = 3;

interface DisplayForm {
  text: string;
  /** The recognised words it stands for, folded. */
  spoken: string[];
}

export function spokenRanges(
  text: string,
  segments: readonly TranscriptSegment[],
  terms: SearchTerms,
): HighlightRange[] {
  const whole = terms.phrases.flat();
  const matches = (word: string) =>
    whole.some((term) => word === term || (term.length >= STEM_LENGTH && word.startsWith(term))) ||
    (terms.prefix !== undefined && word.startsWith(terms.prefix));
  const ranges: HighlightRange[] = [];
  let cursor = 0;
  for (const form of displayForms(segments)) {
    const at = text.indexOf(form.text, cursor);
    if (at === -1) continue;
    cursor = at + form.text.length;
    // "400" is marked as the whole "$400" it reads in, like "four hundred".
    if (!form.spoken.some(matches) && !matches(fold(form.text))) continue;
    const shown = form.text.replace(TRAILING, '');
    if (shown !== '') ranges.push([at, at + shown.length]);
  }
  return ranges;
}

/** Each display form with the recognised words it stands for ("" continues the one before). */
function displayForms(segments: readonly TranscriptSegment[]): DisplayForm[] {
  const forms: DisplayForm[] = [];
  for (const segment of segments) {
    if (!Array.isArray(segment?.words)) continue;
    for (const word of segment.words) {
      if (typeof word?.word !== 'string') continue;
      const shown = typeof word.text === 'string' ? word.text : word.word;
      const last = forms.at(-1);
      if (shown === '' && last) last.spoken.push(fold(word.word));
      else if (shown !== '') forms.push({ text: shown, spoken: [fold(word.word)] });
    }
  }
  return forms;
}
