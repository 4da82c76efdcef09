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
  'speakers',
  'speakers_edited',
  'speaker_edits',
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

export async function findVersion(db: Db, note: JobNote, versionId: string) {
  return db
    .selectFrom('transcript_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('voice_note_id', '=', note.id)
    .where('owner_id', '=', note.owner_id)
    .executeTakeFirst();
}

/** A job waits for or holds a worker: the transcript must not change under it. */
export const isTranscribing = (note: Pick<JobNote, 'status'>) =>
  note.status === 'pending' || note.status === 'processing';

/** A page of a pad's notes after `afterId`, in id order, with where their audio is. */
export async function padJobNotes(db: Db, ownerId: string, padId: string, afterId: string, limit: number) {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'status', 'storage_key'])
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
