import { sql } from 'kysely';
import { hasNoteFilters, type NoteFilters } from '@voxpad/shared/note-filters';
import type { Db, Dialect } from '../db/database.ts';
import { noteFilterConditions } from '../note-filters/note-filter-conditions.ts';

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
      'voice_notes.speakers',
      'voice_notes.created_at',
    ])
    .where('voice_notes.owner_id', '=', ownerId)
    .where('voice_notes.id', 'in', ids)
    .execute();
}

/**
 * The owner's notes the filters leave, as the column each engine matches rows by; undefined when
 * no filter is set (the search then reads the owner's notes through its index alone).
 */
export function filteredNotes(db: Db, dialect: Dialect, ownerId: string, filters: NoteFilters, now: number) {
  if (!hasNoteFilters(filters)) return undefined;
  // SQLite's FTS row number (migration 0003) is not in the schema type: PostgreSQL has none.
  const column = sql.ref<string | number>(
    dialect === 'postgres' ? 'voice_notes.id' : 'voice_notes.search_rowid',
  );
  return db
    .selectFrom('voice_notes')
    .select(column.as('matched'))
    .where('voice_notes.owner_id', '=', ownerId)
    .where(noteFilterConditions(ownerId, filters, now));
}
