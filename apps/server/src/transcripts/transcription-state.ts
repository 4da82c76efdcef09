import type { TranscriptionState } from '@voxpad/shared/transcripts';
import { toIso } from '../lib/time.ts';
import type { JobState } from './transcripts-repository.ts';

export type { TranscriptionState };

/** A voice note's transcription job as the API shows it (progress/, events/, retry, transcribe). */
export function presentState(note: JobState): TranscriptionState {
  return {
    id: note.id,
    status: note.status,
    progress: note.status === 'done' ? 1 : note.progress,
    attempts: note.attempts,
    failure_reason: note.status === 'failed' ? note.failure_reason : null,
    language: note.language,
    engine: note.engine,
    transcript_edited: note.transcript_edited === 1,
    updated_at: toIso(note.updated_at),
  };
}
