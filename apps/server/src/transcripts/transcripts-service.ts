/**
 * What a person can do with a note's transcript besides typing it: list and restore versions,
 * export. Writes go through the transcript store (transcript-store.ts); the job endpoints
 * (retry, re-transcription, progress) are the queue's, in jobs/.
 */
import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { Db } from '../db/database.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import { notFound } from '../http/api-problem.ts';
import { listHighlights } from '../highlights/highlights-repository.ts';
import { exportedSummaries, latestDoneSummary } from '../summaries/summary-exports.ts';
import type { MarkdownSummary } from '../summaries/summary-exports.ts';
import type { ExportedHighlight } from './transcript-exports.ts';
import { busy, conflict } from './transcript-problems.ts';
import { restoreVersion } from './transcript-store.ts';
import {
  findJobNote,
  findVersion,
  isTranscribing,
  type JobNote,
  listVersions,
} from './transcripts-repository.ts';

/** The owner's note, or 404: another user's ids look exactly like ids that do not exist. */
export async function ownNote(db: Db, ownerId: string, padId: string, noteId: string): Promise<JobNote> {
  const note = await findJobNote(db, ownerId, padId, noteId);
  if (!note) throw notFound('This voice note');
  return note;
}

/** The note's highlights as the Markdown export lists them (ADR 0054). */
export async function exportedHighlights(db: Db, note: JobNote): Promise<ExportedHighlight[]> {
  return (await listHighlights(db, note.owner_id, note.id)).map((row) => ({
    start: Number(row.start_seconds),
    end: row.end_seconds === null ? null : Number(row.end_seconds),
    label: row.label,
    comment: row.comment,
  }));
}

/** The note's latest done summary, as the Markdown export shows it (ADR 0052). */
export async function exportedSummary(db: Db, note: JobNote): Promise<MarkdownSummary | undefined> {
  return latestDoneSummary(await exportedSummaries(db, note.owner_id, note.id));
}

export function versions(db: Db, note: JobNote) {
  return listVersions(db, note.owner_id, note.id);
}

/** Makes an earlier version the note's transcript again, keeping typed text it replaces. */
export async function restore(
  db: Db,
  note: JobNote,
  versionId: string,
  events?: NoteEvents,
): Promise<JobNote> {
  const version = await findVersion(db, note, versionId);
  if (!version) throw notFound('This transcript version');
  const waitMessage = 'Wait until the transcription has finished.';
  if (isTranscribing(note)) throw busy(waitMessage);
  const restored = await db
    .transaction()
    .execute((trx) => restoreVersion(trx, { id: note.id, ownerId: note.owner_id }, version));
  if (!restored) throw busy(waitMessage);
  await events?.emit({ type: 'note.updated', ownerId: note.owner_id, noteId: note.id });
  return ownNote(db, note.owner_id, note.pad_id, note.id);
}

/** The note's transcript, for an export; 409 while it has none. */
export function withTranscript(note: JobNote): JobNote & { transcript: string } {
  if (note.transcript === null) {
    throw conflict(TRANSCRIPT_ERROR_CODES.noTranscript, 'This voice note has no transcript yet.');
  }
  return { ...note, transcript: note.transcript };
}
