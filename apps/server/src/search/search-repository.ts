import type { Db } from '../db/database.ts';

/** What a voice-note hit shows besides its highlights, for the owner's notes among `ids`. */
export async function findNoteSummaries(db: Db, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('voice_notes')
    .innerJoin('pads', 'pads.id', 'voice_notes.pad_id')
    .select([
      'voice_notes.id',
      'voice_notes.pad_id',
      'pads.name as pad_name',
      'voice_notes.title',
      'voice_notes.status',
      'voice_notes.duration_seconds',
      'voice_notes.segments',
      'voice_notes.created_at',
    ])
    .where('voice_notes.owner_id', '=', ownerId)
    .where('voice_notes.id', 'in', ids)
    .execute();
}
