import type { Db } from '../db/database.ts';
import type { TranscriptionQueue } from '../jobs/transcription-queue.ts';
import type { BlobStorage, StoredBlob } from '../storage/blob-storage.ts';
import { peaksKeyOf } from '../storage/storage-keys.ts';
import { removeOrphanModels } from '../adaptation/storage/orphan-models.ts';
import { purgeExpiredDeletions } from '../bulk-actions/deleted-notes-repository.ts';
import { referencedKeys, waitingNotesBefore } from './sweeper-repository.ts';

/** Where voice notes keep their audio. Resumable-upload parts (`uploads/`) expire on their own. */
const AUDIO_PREFIX = 'audio/';
const BATCH = 500;

export const LOST_AUDIO_REASON =
  'The audio of this voice note was lost before it could be transcribed. Upload the recording again.';

export interface SweepLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SweepDeps {
  db: Db;
  storage: BlobStorage;
  queue: Pick<TranscriptionQueue, 'failUnclaimed'>;
  log: SweepLog;
  /** Nothing younger than this is touched: its upload may still be running. */
  graceMs: number;
}

export interface SweepResult {
  /** Audio blobs no voice note points at (an interrupted upload, a crash, a failed delete). */
  orphanedBlobs: number;
  orphanedBytes: number;
  /** Notes still waiting for a worker whose audio is gone; marked failed, never deleted. */
  notesWithoutAudio: number;
  /** Blobs of adaptation builds no account's state points at (deleted accounts, crashed builders). */
  orphanedModelBlobs: number;
  /** Notes a bulk delete took whose undo window ended: their rows and audio are gone now. */
  expiredDeletions: number;
}

/**
 * Reconciles blob storage with the voice notes table: deletes audio no note references and
 * fails waiting notes whose audio is missing. Safe to run from several processes at once and
 * to interrupt: every step is idempotent.
 */
export async function sweep(deps: SweepDeps, now = Date.now()): Promise<SweepResult> {
  const cutoff = now - deps.graceMs;
  const result: SweepResult = {
    orphanedBlobs: 0,
    orphanedBytes: 0,
    notesWithoutAudio: 0,
    orphanedModelBlobs: 0,
    expiredDeletions: 0,
  };

  // First, so the audio of notes whose undo window ended is removed in this same run.
  for (;;) {
    const keys = await purgeExpiredDeletions(deps.db, now, BATCH);
    for (const key of keys) {
      await deps.storage
        .delete(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'could not delete audio; the next sweep will'));
      // Its waveform (ADR 0056), if one was made; an orphan pass removes it otherwise.
      await deps.storage.delete(peaksKeyOf(key)).catch(() => undefined);
    }
    result.expiredDeletions += keys.length;
    if (keys.length < BATCH) break;
  }

  let batch: StoredBlob[] = [];
  const removeOrphans = async () => {
    const referenced = await referencedKeys(
      deps.db,
      batch.map((blob) => blob.key),
    );
    for (const blob of batch) {
      if (referenced.has(blob.key)) continue;
      await deps.storage.delete(blob.key);
      result.orphanedBlobs += 1;
      result.orphanedBytes += blob.sizeBytes;
      deps.log.info(
        { key: blob.key, sizeBytes: blob.sizeBytes, reason: 'no voice note refers to it' },
        'sweeper removed a blob',
      );
    }
    batch = [];
  };
  for await (const blob of deps.storage.list(AUDIO_PREFIX)) {
    if (blob.modifiedAt >= cutoff) continue;
    batch.push(blob);
    if (batch.length >= BATCH) await removeOrphans();
  }
  if (batch.length > 0) await removeOrphans();

  let afterId = '';
  for (;;) {
    const notes = await waitingNotesBefore(deps.db, cutoff, now, afterId, BATCH);
    for (const note of notes) {
      if ((await deps.storage.size(note.storage_key)) !== undefined) continue;
      if (!(await deps.queue.failUnclaimed(note.id, LOST_AUDIO_REASON, now))) continue;
      result.notesWithoutAudio += 1;
      deps.log.warn(
        { noteId: note.id, key: note.storage_key, reason: 'its audio is missing' },
        'sweeper marked a voice note failed',
      );
    }
    const last = notes.at(-1);
    if (!last || notes.length < BATCH) break;
    afterId = last.id;
  }
  result.orphanedModelBlobs = await removeOrphanModels(deps.db, deps.storage, cutoff);
  return result;
}
