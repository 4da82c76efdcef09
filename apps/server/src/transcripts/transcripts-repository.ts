import type { Db } from '../db/database.ts';
import type { TranscriptVersionRow } from '../db/schema.ts';

/** The columns the transcript endpoints need (never `*`: PostgreSQL adds a search vector). */
const COLUMNS = [
  'id',
  'pad_id',
  'owner_id',
  'title',
  'status',
  'failure_reason',
  'duration_seconds',
  'transcript',
  'segments',
  'attempts',
  'progress',
  'transcript_edited',
  'language',
  'engine',
  'created_at',
  'updated_at',
] as const;

export async function findJobNote(db: Db, ownerId: string, padId: string, id: string) {
  return db
    .selectFrom('voice_notes')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type JobNote = NonNullable<Awaited<ReturnType<typeof findJobNote>>>;

/** The job columns alone, without the transcript: read on every wake of a progress stream. */
const STATE_COLUMNS = [
  'id',
  'status',
  'failure_reason',
  'attempts',
  'progress',
  'transcript_edited',
  'language',
  'engine',
  'updated_at',
] as const satisfies readonly (typeof COLUMNS)[number][];

export async function findJobState(db: Db, ownerId: string, padId: string, id: string) {
  return db
    .selectFrom('voice_notes')
    .select(STATE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type JobState = NonNullable<Awaited<ReturnType<typeof findJobState>>>;

export async function listVersions(db: Db, ownerId: string, noteId: string): Promise<TranscriptVersionRow[]> {
  return db
    .selectFrom('transcript_versions')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('voice_note_id', '=', noteId)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * True when the transcript is not what the engine last produced: flagged by the edit
 * endpoint, or differing from the newest engine version (edits made without the flag).
 */
export async function transcriptIsEdited(db: Db, note: JobNote): Promise<boolean> {
  if (note.transcript === null) return false;
  if (note.transcript_edited === 1) return true;
  const latest = await db
    .selectFrom('transcript_versions')
    .select('text')
    .where('voice_note_id', '=', note.id)
    .where('source', '=', 'engine')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.text !== note.transcript;
}
