import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import type { Db } from '../../src/db/database.ts';
import { TranscriptionQueue } from '../../src/jobs/transcription-queue.ts';
import { currentBackend } from './test-database.ts';

/**
 * Finishes a note's transcription through the real queue (claim, then complete), as a
 * worker would, with the given text timed at one word per `secondsPerWord` from `start`.
 * Other notes claimed on the way stay leased to this fake worker.
 */
export async function completeTranscription(
  db: Db,
  noteId: string,
  text: string,
  options: { start?: number; secondsPerWord?: number } = {},
): Promise<TranscriptSegment[]> {
  const queue = new TranscriptionQueue(db, currentBackend());
  const worker = 'test-worker';
  for (;;) {
    const claimed = await queue.claimNext(worker, 600_000);
    if (!claimed) throw new Error(`note ${noteId} is not waiting for transcription`);
    if (claimed.id === noteId) break;
  }
  const step = options.secondsPerWord ?? 0.5;
  let at = options.start ?? 0;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const timed = {
        word: word.replace(/[^\p{L}\p{N}']/gu, '').toLowerCase(),
        start: at,
        end: at + step * 0.8,
        confidence: 0.9,
      };
      at += step;
      return timed;
    });
  const segments: TranscriptSegment[] = [
    { start: words[0]?.start ?? 0, end: words.at(-1)?.end ?? 0, text, words },
  ];
  const done = await queue.complete(noteId, worker, {
    transcript: { text, segments, madeBy: { engine: 'pocketsphinx', model: 'en-us' } },
    durationSeconds: at,
  });
  if (!done) throw new Error(`could not complete note ${noteId}`);
  return segments;
}
