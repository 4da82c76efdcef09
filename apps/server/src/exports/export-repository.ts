/**
 * The reads an export makes, every one scoped to the owner: the pads, the notes a page at a
 * time (in id order, so the zip lists them as the pad does and memory stays flat), and each
 * note's versions.
 */
import type { Db } from '../db/database.ts';
import type { TranscriptVersionRow } from '../db/schema.ts';

/** What an export covers: one pad, chosen notes, or the whole account. */
export type ExportScope = { padId: string } | { noteIds: readonly string[] } | { account: true };

const NOTE_COLUMNS = [
  'id',
  'pad_id',
  'title',
  'title_source',
  'status',
  'content_type',
  'size_bytes',
  'storage_key',
  'duration_seconds',
  'transcript',
  'segments',
  'transcript_edited',
  'transcript_reviewed',
  'transcript_reviewed_at',
  'language',
  'speakers',
  'created_at',
  'updated_at',
] as const;

const PAD_COLUMNS = ['id', 'name', 'description', 'color', 'icon', 'created_at'] as const;

export async function exportPads(db: Db, ownerId: string, scope: ExportScope) {
  let query = db.selectFrom('pads').select(PAD_COLUMNS).where('owner_id', '=', ownerId).orderBy('id');
  if ('padId' in scope) query = query.where('id', '=', scope.padId);
  if ('noteIds' in scope) {
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('voice_notes')
        .select('pad_id')
        .where('owner_id', '=', ownerId)
        .where('id', 'in', [...scope.noteIds]),
    );
  }
  return query.execute();
}

export type ExportPadRow = Awaited<ReturnType<typeof exportPads>>[number];

/** How many of `ids` are the owner's notes (another user's ids match nothing). */
export async function countOwnedNotes(db: Db, ownerId: string, ids: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('voice_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` notes of the scope after `afterId`, in id order. */
export async function exportNotePage(
  db: Db,
  ownerId: string,
  scope: ExportScope,
  afterId: string,
  limit: number,
) {
  let query = db
    .selectFrom('voice_notes')
    .select(NOTE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit);
  if ('padId' in scope) query = query.where('pad_id', '=', scope.padId);
  if ('noteIds' in scope) query = query.where('id', 'in', [...scope.noteIds]);
  return query.execute();
}

export type ExportNoteRow = Awaited<ReturnType<typeof exportNotePage>>[number];

/** Oldest first. */
export async function exportVersions(
  db: Db,
  ownerId: string,
  noteId: string,
): Promise<TranscriptVersionRow[]> {
  return db
    .selectFrom('transcript_versions')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('voice_note_id', '=', noteId)
    .orderBy('id', 'asc')
    .execute();
}
