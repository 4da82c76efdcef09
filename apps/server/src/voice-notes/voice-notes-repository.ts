import type { Db } from '../db/database.ts';
import type { NewVoiceNote, VoiceNoteRow } from '../db/schema.ts';
import type { Cursor } from '../lib/cursor.ts';

/** Every read and write names the owner: another user's ids simply match nothing. */
export async function insertVoiceNote(db: Db, note: NewVoiceNote): Promise<void> {
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
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listVoiceNotes(
  db: Db,
  ownerId: string,
  padId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<VoiceNoteRow[]> {
  let query = db
    .selectFrom('voice_notes')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId);
  if (cursor?.direction === 'before') {
    query = query.where('id', '>', cursor.id).orderBy('id', 'asc');
  } else {
    if (cursor) query = query.where('id', '<', cursor.id);
    query = query.orderBy('id', 'desc');
  }
  return query.limit(limit + 1).execute();
}

export async function listStorageKeysOfPad(db: Db, ownerId: string, padId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('voice_notes')
    .select('storage_key')
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .execute();
  return rows.map((r) => r.storage_key);
}
