import type { HighlightedText } from '@voxpad/shared/search';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import { foldWord } from './highlighted-text.ts';

const fold = (word: string) => foldWord(word).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Seconds into the audio where the first matched word is spoken. The transcript's matched
 * words are looked up, in speaking order, among the words the engine timed, by how they read
 * ("$400") or as recognised ("monday"); a word that was typed in by hand and never spoken has
 * no time, and then neither has the hit.
 */
export function firstMatchTime(transcript: HighlightedText, segments: TranscriptSegment[]): number | null {
  const matched = new Set(
    transcript.highlights.map(([start, end]) => fold(transcript.text.slice(start, end))).filter(Boolean),
  );
  if (matched.size === 0) return null;
  for (const segment of segments) {
    if (!Array.isArray(segment?.words)) continue;
    for (const word of segment.words) {
      if (typeof word?.word !== 'string') continue;
      if (matched.has(fold(word.word))) return word.start;
      if (typeof word.text === 'string' && word.text !== '' && matched.has(fold(word.text)))
        return word.start;
    }
  }
  return null;
}

/** Segments as stored (JSON text), tolerating rows written before timings existed. */
export function parseSegments(raw: string | null): TranscriptSegment[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as TranscriptSegment[]) : [];
  } catch {
    return [];
  }
}
