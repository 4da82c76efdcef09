import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { spokenWords } from './formatting/spoken-forms.ts';

/**
 * The spoken forms of a transcript, searched beside its readable text ("four hundred dollars"
 * beside "$400"), or null when they are the same words as the text (nothing to add to the index).
 */
export function spokenTranscript(text: string, segments: readonly TranscriptSegment[]): string | null {
  const spoken: string[] = [];
  for (const segment of segments) {
    if (!Array.isArray(segment?.words)) continue;
    for (const word of segment.words) {
      if (typeof word?.word === 'string') spoken.push(...spokenWords(word.word));
    }
  }
  if (spoken.length === 0) return null;
  const joined = spoken.join(' ');
  return searchWords(joined) === searchWords(text) ? null : joined;
}

/** The words a search index sees: letters and digits, lower case. */
function searchWords(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.join(' ') ?? ''
  );
}
