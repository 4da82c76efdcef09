/**
 * What a person can do with a note's transcription: retry a failed job, transcribe again with
 * another engine or language, list and restore versions, export. Job state changes go through
 * the queue (jobs/transcription-queue.ts), which owns the job columns; this module decides
 * what is allowed and keeps text a person typed.
 */
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound } from '../http/api-problem.ts';
import type { TranscriptionQueue } from '../jobs/transcription-queue.ts';
import { saveCurrentAsVersion } from './transcript-edits.ts';
import { findJobNote, listVersions, transcriptIsEdited, type JobNote } from './transcripts-repository.ts';

export interface TranscriptsServiceDeps {
  db: Db;
  queue: TranscriptionQueue;
  /** Engines a re-transcription may ask for. */
  engines: readonly string[];
  /** Tells the workers there is work (in every process). */
  onQueued: () => void;
}

const conflict = (code: string, message: string) => new ApiProblem(409, [{ code, message }]);
const busy = (message = 'This voice note is already being transcribed.') =>
  conflict(TRANSCRIPT_ERROR_CODES.busy, message);
const isRunning = (note: JobNote) => note.status === 'pending' || note.status === 'processing';

export class TranscriptsService {
  constructor(private readonly deps: TranscriptsServiceDeps) {}

  /** The owner's note, or 404: another user's ids look exactly like ids that do not exist. */
  async note(ownerId: string, padId: string, noteId: string): Promise<JobNote> {
    const note = await findJobNote(this.deps.db, ownerId, padId, noteId);
    if (!note) throw notFound('This voice note');
    return note;
  }

  async retry(note: JobNote): Promise<JobNote> {
    const notFailed = () =>
      conflict(
        TRANSCRIPT_ERROR_CODES.notFailed,
        'Only a voice note whose transcription failed can be retried.',
      );
    if (note.status !== 'failed') throw notFailed();
    if (!(await this.deps.queue.retryFailed(note.id))) throw notFailed();
    this.deps.onQueued();
    return this.reload(note);
  }

  async retranscribe(note: JobNote, input: { engine?: string; language?: string }): Promise<JobNote> {
    const { engines } = this.deps;
    if (input.engine !== undefined && !engines.includes(input.engine)) {
      throw new ApiProblem(400, [
        {
          code: API_ERROR_CODES.invalid,
          param: 'engine',
          message: `This server transcribes with ${engines.join(', ')}; "${input.engine}" is not available.`,
        },
      ]);
    }
    if (isRunning(note)) throw busy();
    const edited = await transcriptIsEdited(this.deps.db, note);
    const queued = await this.deps.queue.retranscribe(
      note.id,
      { engine: input.engine ?? null, language: input.language ?? null },
      // The text a person typed is kept; engine results are already versions.
      edited ? (trx) => saveCurrentAsVersion(trx, note, 'manual') : undefined,
    );
    if (!queued) throw busy();
    this.deps.onQueued();
    return this.reload(note);
  }

  versions(ownerId: string, note: JobNote) {
    return listVersions(this.deps.db, ownerId, note.id);
  }

  /** Makes an earlier version the note's transcript again, keeping typed text it replaces. */
  async restore(ownerId: string, note: JobNote, versionId: string): Promise<JobNote> {
    const { db } = this.deps;
    const version = await db
      .selectFrom('transcript_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('voice_note_id', '=', note.id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!version) throw notFound('This transcript version');
    const waitMessage = 'Wait until the transcription has finished.';
    if (isRunning(note)) throw busy(waitMessage);
    const edited = await transcriptIsEdited(db, note);
    const now = Date.now();
    const restored = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('voice_notes')
        .set({
          transcript: version.text,
          segments: version.segments,
          word_count: version.text.match(/\S+/g)?.length ?? 0,
          transcript_edited: version.source === 'manual' ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', note.id)
        .where('status', 'in', ['done', 'failed'])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      // Typed text about to be replaced is kept, unless it is already a version.
      const known = await trx
        .selectFrom('transcript_versions')
        .select('id')
        .where('voice_note_id', '=', note.id)
        .where('text', '=', note.transcript ?? '')
        .executeTakeFirst();
      if (edited && !known) await saveCurrentAsVersion(trx, note, 'manual', now);
      return true;
    });
    if (!restored) throw busy(waitMessage);
    return this.reload(note);
  }

  /** The note's transcript, for an export; 409 while it has none. */
  withTranscript(note: JobNote): JobNote & { transcript: string } {
    if (note.transcript === null) {
      throw conflict(TRANSCRIPT_ERROR_CODES.noTranscript, 'This voice note has no transcript yet.');
    }
    return { ...note, transcript: note.transcript };
  }

  private async reload(note: JobNote): Promise<JobNote> {
    const after = await findJobNote(this.deps.db, note.owner_id, note.pad_id, note.id);
    if (!after) throw notFound('This voice note');
    return after;
  }
}
