/**
 * What a person may ask of a note's transcription job: retry a failed one, or transcribe it
 * again with another engine or language. The queue (transcription-queue.ts) owns the job
 * columns; this module decides what is allowed, and has the transcript store keep text a
 * person typed before the engine replaces it.
 */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { Db } from '../db/database.ts';
import { ApiProblem } from '../http/api-problem.ts';
import { busy, conflict } from '../transcripts/transcript-problems.ts';
import { keepTypedText } from '../transcripts/transcript-store.ts';
import { isTranscribing, type JobNote } from '../transcripts/transcripts-repository.ts';
import { ownNote } from '../transcripts/transcripts-service.ts';
import type { TranscriptionQueue } from './transcription-queue.ts';

export interface JobRequestDeps {
  db: Db;
  queue: TranscriptionQueue;
  /** Engines a re-transcription may ask for. */
  engines: readonly string[];
  /** Tells the workers there is work (in every process). */
  onQueued: () => void;
}

const notFailed = () =>
  conflict(TRANSCRIPT_ERROR_CODES.notFailed, 'Only a voice note whose transcription failed can be retried.');

export async function retry(deps: JobRequestDeps, note: JobNote): Promise<JobNote> {
  if (note.status !== 'failed' || !(await deps.queue.retryFailed(note.id))) throw notFailed();
  deps.onQueued();
  return reload(deps.db, note);
}

export async function retranscribe(
  deps: JobRequestDeps,
  note: JobNote,
  input: { engine?: string | undefined; language?: string | undefined },
): Promise<JobNote> {
  const { engines } = deps;
  if (input.engine !== undefined && !engines.includes(input.engine)) {
    throw new ApiProblem(400, [
      {
        code: API_ERROR_CODES.invalid,
        param: 'engine',
        message: `This server transcribes with ${engines.join(', ')}; "${input.engine}" is not available.`,
      },
    ]);
  }
  if (isTranscribing(note)) throw busy();
  const queued = await deps.queue.retranscribe(
    note.id,
    { engine: input.engine ?? null, language: input.language ?? null },
    (trx) => keepTypedText(trx, { id: note.id, ownerId: note.owner_id }),
  );
  if (!queued) throw busy();
  deps.onQueued();
  return reload(deps.db, note);
}

const reload = (db: Db, note: JobNote) => ownNote(db, note.owner_id, note.pad_id, note.id);
