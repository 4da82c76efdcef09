/**
 * What a person may ask of a note's transcription job: retry a failed one, or transcribe it
 * again with another engine or language. The queue (transcription-queue.ts) owns the job
 * columns; this module decides what is allowed, and has the transcript store keep text a
 * person typed before the engine replaces it.
 */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { speakersHintCount } from '@voxpad/shared/speakers';
import { TRANSCRIPT_ERROR_CODES, type TranscribeRequest } from '@voxpad/shared/transcripts';
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
  return answerThenWake(deps, note);
}

export async function retranscribe(
  deps: JobRequestDeps,
  note: JobNote,
  input: TranscribeRequest,
): Promise<JobNote> {
  checkEngine(deps.engines, input.engine);
  if (isTranscribing(note)) throw busy();
  const queued = await requeueKeepingTypedText(deps, note.owner_id, [note.id], input);
  if (queued.length === 0) throw busy();
  return answerThenWake(deps, note);
}

/** A re-transcription may ask only for an engine this server has. */
export function checkEngine(engines: readonly string[], engine: string | undefined): void {
  if (engine === undefined || engines.includes(engine)) return;
  throw new ApiProblem(400, [
    {
      code: API_ERROR_CODES.invalid,
      param: 'engine',
      message: `This server transcribes with ${engines.join(', ')}; "${engine}" is not available.`,
    },
  ]);
}

/**
 * Queues finished or failed notes of one owner again; text the owner typed stays a version
 * before the engine replaces it (the transcript store decides what that means). Answers the
 * ids queued: a note being transcribed already is left as it is.
 */
export function requeueKeepingTypedText(
  deps: Pick<JobRequestDeps, 'queue'>,
  ownerId: string,
  ids: readonly string[],
  input: TranscribeRequest,
): Promise<string[]> {
  return deps.queue.retranscribeEach(
    ids,
    {
      engine: input.engine ?? null,
      language: input.language ?? null,
      ...(input.speakers === undefined ? {} : { speakersHint: speakersHintCount(input.speakers) }),
    },
    (trx, id) => keepTypedText(trx, { id, ownerId }),
  );
}

const reload = (db: Db, note: JobNote) => ownNote(db, note.owner_id, note.pad_id, note.id);

/**
 * The note as this request queued it, read before the workers are woken: woken first, a worker
 * could claim it before the read, and the 202 said "processing, attempt 1" for a note the
 * request had just made pending (seen on PostgreSQL, whose workers are woken at once).
 */
async function answerThenWake(deps: JobRequestDeps, note: JobNote): Promise<JobNote> {
  const queued = await reload(deps.db, note);
  deps.onQueued();
  return queued;
}
