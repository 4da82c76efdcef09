/**
 * Who says the first matched word of a search hit (ADR 0053): the name of the speaker of the
 * segment it is in, so a result reads "Ana, 1:23". Null when the note has no speakers or the
 * match has no time.
 */
import { z } from 'zod';
import { noteSpeakerSchema } from '@voxpad/shared/speakers';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';

const speakerListSchema = z.array(noteSpeakerSchema);

export function speakerNameAt(
  speakersJson: string | null,
  segments: readonly TranscriptSegment[],
  seconds: number | null,
): string | null {
  if (seconds === null || speakersJson === null) return null;
  const segment = segments.find((s) => s.start <= seconds && seconds <= s.end);
  if (segment?.speaker === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(speakersJson);
  } catch {
    return null;
  }
  const speakers = speakerListSchema.safeParse(parsed);
  return (speakers.success && speakers.data.find((s) => s.id === segment.speaker)?.name) || null;
}
