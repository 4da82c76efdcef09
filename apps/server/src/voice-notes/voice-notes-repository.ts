import { sql } from 'kysely';
import type { NoteFilters } from '@voxpad/shared/note-filters';
import type { Db } from '../db/database.ts';
import type { NewVoiceNote, VoiceNoteRow } from '../db/schema.ts';
import type { Cursor } from '../lib/cursor.ts';
import { noteFilterConditions } from '../note-filters/note-filter-conditions.ts';

/**
 * Named columns, never `*`: on PostgreSQL the table also holds a search vector that no
 * response needs.
 */
export const VOICE_NOTE_COLUMNS = [
  'voice_notes.id',
  'voice_notes.pad_id',
  'voice_notes.owner_id',
  'voice_notes.title',
  'voice_notes.title_source',
  'voice_notes.status',
  'voice_notes.failure_reason',
  'voice_notes.content_type',
  'voice_notes.size_bytes',
  'voice_notes.storage_key',
  'voice_notes.duration_seconds',
  'voice_notes.transcript',
  'voice_notes.segments',
  'voice_notes.word_count',
  'voice_notes.peaks_key',
  'voice_notes.attempts',
  'voice_notes.lease_owner',
  'voice_notes.lease_expires_at',
  'voice_notes.progress',
  'voice_notes.transcript_edited',
  'voice_notes.transcript_reviewed',
  'voice_notes.transcript_reviewed_at',
  'voice_notes.language',
  'voice_notes.engine',
  'voice_notes.speakers_hint',
  'voice_notes.speakers',
  'voice_notes.speakers_edited',
  'voice_notes.speaker_edits',
  'voice_notes.created_at',
  'voice_notes.updated_at',
] as const;

/**
 * Every read and write names the owner: another user's ids simply match nothing. A note is
 * inserted without a transcript: the transcript store (transcripts/transcript-store.ts) writes it.
 */
export async function insertVoiceNote(
  db: Db,
  note: Omit<NewVoiceNote, 'transcript' | 'segments' | 'word_count'>,
): Promise<void> {
  await db.insertInto('voice_notes').values(note).execute();
}

export async function findVoiceNote(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
): Promise<VoiceNoteRow | undefined> {
  return db
    .selectFrom('voice_notes')
    .select(VOICE_NOTE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Only the segments of the owner's note, and when it last changed (segment pages' cursors). */
export async function findNoteSegments(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
): Promise<{ segments: string | null; updated_at: number } | undefined> {
  return db
    .selectFrom('voice_notes')
    .select(['segments', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A page of one pad's notes, narrowed by `filters` (its `padId` is the pad's own). */
export async function listVoiceNotes(
  db: Db,
  ownerId: string,
  padId: string,
  cursor: Cursor | undefined,
  limit: number,
  filters: NoteFilters = {},
): Promise<VoiceNoteRow[]> {
  let query = db
    .selectFrom('voice_notes')
    .select(VOICE_NOTE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where(noteFilterConditions(ownerId, { ...filters, padId: undefined }, Date.now()));
  if (cursor?.direction === 'before') {
    query = query.where('id', '>', cursor.id).orderBy('id', 'asc');
  } else {
    if (cursor) query = query.where('id', '<', cursor.id);
    query = query.orderBy('id', 'desc');
  }
  return query.limit(limit + 1).execute();
}

export interface VoiceNoteChanges {
  title?: string | undefined;
  /** `user` with a rename: a finished transcript then leaves the title alone. */
  title_source?: 'user' | undefined;
  pad_id?: string | undefined;
}

/**
 * Applies `changes` in one statement whose condition carries the rule, so nothing can slip in
 * between a check and the write: a note only moves to a pad of the same owner. Returns false
 * when the note is gone or the condition did not hold (the caller finds out which). The
 * transcript is not among the changes: transcripts/transcript-store.ts writes it.
 */
export async function updateVoiceNote(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
  changes: VoiceNoteChanges,
  now: number,
): Promise<boolean> {
  let query = db
    .updateTable('voice_notes')
    .set({ ...changes, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id);
  if (changes.pad_id !== undefined) {
    const target = changes.pad_id;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('pads')
          .select('pads.id')
          .where('pads.id', '=', target)
          .where('pads.owner_id', '=', ownerId),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the note and returns where its audio is, so the caller can remove it too, and its
 * title, for those told of the deletion.
 */
export async function deleteVoiceNote(
  db: Db,
  ownerId: string,
  padId: string,
  id: string,
): Promise<{ storageKey: string; title: string } | undefined> {
  const row = await db
    .deleteFrom('voice_notes')
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .returning(['storage_key', 'title'])
    .executeTakeFirst();
  return row && { storageKey: row.storage_key, title: row.title };
}

/** Enough of a transcript to cut a list snippet from, without reading hours of text. */
export const SNIPPET_SOURCE_CHARS = 400;

/**
 * The owner's newest notes across all their pads, with each pad's name, narrowed by `filters`.
 * The page is cut from the owner's notes alone (their created_at index, newest first) before
 * the pads are joined: joined first, SQLite's planner (with ANALYZE statistics) read each of
 * the owner's pads and sorted every one of their notes, 16 s with a million notes (bench:search).
 */
export async function listRecentVoiceNotes(
  db: Db,
  ownerId: string,
  limit: number,
  filters: NoteFilters = {},
) {
  const newest = db
    .selectFrom('voice_notes')
    .select([
      'voice_notes.id',
      'voice_notes.pad_id',
      'voice_notes.title',
      'voice_notes.status',
      'voice_notes.duration_seconds',
      'voice_notes.created_at',
      sql<string | null>`substr(${sql.ref('voice_notes.transcript')}, 1, ${SNIPPET_SOURCE_CHARS})`.as(
        'transcript_start',
      ),
    ])
    .where('voice_notes.owner_id', '=', ownerId)
    .where(noteFilterConditions(ownerId, filters, Date.now()))
    .orderBy('voice_notes.created_at', 'desc')
    .orderBy('voice_notes.id', 'desc')
    .limit(limit);
  return db
    .selectFrom(newest.as('v'))
    .innerJoin('pads', 'pads.id', 'v.pad_id')
    .select([
      'v.id',
      'v.pad_id',
      'pads.name as pad_name',
      'v.title',
      'v.status',
      'v.duration_seconds',
      'v.created_at',
      'v.transcript_start',
    ])
    .where('pads.owner_id', '=', ownerId)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
}
export type RecentVoiceNoteRow = Awaited<ReturnType<typeof listRecentVoiceNotes>>[number];
