/**
 * A live transcript is made utterance by utterance as the person speaks. An engine that reads
 * whole recordings better than short pieces (whisper, openai: they use the context around each
 * word) then makes the final text in a full pass, queued as a new version once the stream is
 * filed; the live words stay its first version. Pocketsphinx decodes utterance by utterance
 * either way, so its live transcript is already final.
 */
import type { TranscriptionQueue } from '../jobs/transcription-queue.ts';
import type { Transcriber } from '../transcription/transcriber.ts';

export function needsFullPass(engine: Pick<Transcriber, 'name'>): boolean {
  return engine.name !== 'pocketsphinx';
}

/** Queues the note for its full pass by the configured engine and language. */
export async function queueFullPass(
  jobs: { queue: TranscriptionQueue; onQueued: () => void },
  noteId: string,
): Promise<void> {
  if (await jobs.queue.retranscribe(noteId, { engine: null, language: null })) jobs.onQueued();
}
