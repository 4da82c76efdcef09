import type { Db } from '../db/database.ts';

/** Only peaks-store.ts writes the column. */
export async function setPeaksKey(db: Db, noteId: string, key: string): Promise<void> {
  await db.updateTable('voice_notes').set({ peaks_key: key }).where('id', '=', noteId).execute();
}

export interface PeaksNoteRow {
  id: string;
  status: 'pending' | 'processing' | 'done' | 'failed';
  storage_key: string;
  peaks_key: string | null;
}

/** The owner's note, with what the peaks endpoint needs (not its transcript or segments). */
export async function findPeaksNote(
  db: Db,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<PeaksNoteRow | undefined> {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'status', 'storage_key', 'peaks_key'])
    .where('owner_id', '=', ownerId)
    .where('pad_id', '=', padId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}
