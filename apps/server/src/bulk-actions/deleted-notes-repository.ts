/**
 * Notes a bulk delete took, kept for the undo window (migration 0025, ADR 0046). Taking a note
 * copies its columns and its transcript versions into `deleted_voice_notes` and deletes it
 * (its versions go with it, by their foreign key); its highlights (ADR 0054) and summary versions
 * (ADR 0052) ride in the note's JSON under `highlights` and `summaries`. Putting it back inserts
 * them all again, so the
 * search index, pad totals and list versions follow through their triggers. The audio is not
 * touched until the sweeper purges an expired row.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, HighlightRow, NoteSummaryRow, TranscriptVersionRow } from '../db/schema.ts';
import { keepNoteSummaries, restoreNoteSummaries } from '../summaries/summary-snapshots.ts';
import { type KeptTags, keepNoteTags, restoreNoteTags } from '../tags/note-tag-snapshots.ts';
import { VOICE_NOTE_COLUMNS } from '../voice-notes/voice-notes-repository.ts';
import { chunks } from '../lib/chunks.ts';

/** Every column a note is put back with: what the API shows, and the searched spoken forms. */
const KEPT_COLUMNS = [...VOICE_NOTE_COLUMNS, 'voice_notes.spoken_transcript'] as const;
type KeptNote = Pick<
  Selectable<Database['voice_notes']>,
  (typeof KEPT_COLUMNS)[number] extends `voice_notes.${infer C}` ? C & keyof Database['voice_notes'] : never
>;

/**
 * What a bin row's `note` holds: the note's columns, its tags (their links go with the note) and
 * its highlights and summary versions; rows binned before these were kept have none.
 */
type BinnedNote = KeptNote & { tags?: KeptTags; highlights?: HighlightRow[]; summaries?: NoteSummaryRow[] };

/** Rows inserted per statement: a kept note has a dozen columns; SQLite binds at most 32766. */
const INSERT_CHUNK = 50;

/**
 * Copies the owner's notes among `ids` (with their tags) into the trash and deletes them; answers how many were
 * taken (the caller's transaction rolls back when that is not all of them).
 */
export async function takeNotes(
  trx: Db,
  ownerId: string,
  ids: readonly string[],
  now: number,
  expiresAt: number,
): Promise<number> {
  let taken = 0;
  for (const part of chunks(ids, INSERT_CHUNK)) {
    const notes: KeptNote[] = await trx
      .selectFrom('voice_notes')
      .select(KEPT_COLUMNS)
      .where('owner_id', '=', ownerId)
      .where('id', 'in', part)
      .execute();
    if (notes.length === 0) continue;
    const tags = await keepNoteTags(
      trx,
      ownerId,
      notes.map((note) => note.id),
    );
    const versions = await trx
      .selectFrom('transcript_versions')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where(
        'voice_note_id',
        'in',
        notes.map((note) => note.id),
      )
      .execute();
    const highlights = await trx
      .selectFrom('highlights')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where(
        'note_id',
        'in',
        notes.map((note) => note.id),
      )
      .execute();
    const summaries = await keepNoteSummaries(
      trx,
      ownerId,
      notes.map((note) => note.id),
    );
    await trx
      .insertInto('deleted_voice_notes')
      .values(
        notes.map((note) => ({
          id: note.id,
          owner_id: ownerId,
          pad_id: note.pad_id,
          storage_key: note.storage_key,
          note: JSON.stringify({
            ...note,
            tags: tags.get(note.id) ?? [],
            highlights: highlights.filter((highlight) => highlight.note_id === note.id),
            summaries: summaries.get(note.id) ?? [],
          } satisfies BinnedNote),
          versions: JSON.stringify(versions.filter((version) => version.voice_note_id === note.id)),
          deleted_at: now,
          expires_at: expiresAt,
        })),
      )
      .execute();
    const result = await trx
      .deleteFrom('voice_notes')
      .where('owner_id', '=', ownerId)
      .where(
        'id',
        'in',
        notes.map((note) => note.id),
      )
      .executeTakeFirst();
    taken += Number(result.numDeletedRows);
  }
  return taken;
}

/** The owner's notes among `ids` that may still be put back, and whether their pad is still there. */
export async function findRestorable(db: Db, ownerId: string, ids: readonly string[], now: number) {
  const found = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await db
        .selectFrom('deleted_voice_notes as d')
        .leftJoin('pads', (join) => join.onRef('pads.id', '=', 'd.pad_id').on('pads.owner_id', '=', ownerId))
        .select(['d.id', 'd.pad_id', 'pads.id as live_pad_id'])
        .where('d.owner_id', '=', ownerId)
        .where('d.id', 'in', part)
        .where('d.expires_at', '>', now)
        .execute()),
    );
  }
  return found;
}

/**
 * Puts the owner's notes among `ids` back, with their versions and tags, and removes them from the
 * trash. `onJob` gives the job columns of a note that was waiting or being transcribed when it
 * was taken: its worker lost it then, so it waits again. Answers how many were put back.
 */
export async function putBack(
  trx: Db,
  ownerId: string,
  ids: readonly string[],
  now: number,
  requeue: (note: KeptNote) => Partial<KeptNote>,
): Promise<number> {
  let restored = 0;
  for (const part of chunks(ids, INSERT_CHUNK)) {
    const rows = await trx
      .deleteFrom('deleted_voice_notes')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', part)
      .where('expires_at', '>', now)
      .returning(['note', 'versions'])
      .execute();
    if (rows.length === 0) continue;
    const binned = rows.map((row) => JSON.parse(row.note) as BinnedNote);
    const notes = binned.map(
      ({ tags: _tags, highlights: _highlights, summaries: _summaries, ...note }): KeptNote => note,
    );
    await trx
      .insertInto('voice_notes')
      .values(notes.map((note) => ({ ...note, ...requeue(note) })))
      .execute();
    await restoreNoteTags(
      trx,
      ownerId,
      binned.map((note) => ({ noteId: note.id, tags: note.tags ?? [] })),
      now,
    );
    const versions = rows.flatMap((row) => JSON.parse(row.versions) as TranscriptVersionRow[]);
    for (const part of chunks(versions, INSERT_CHUNK)) {
      await trx.insertInto('transcript_versions').values(part).execute();
    }
    const highlights = binned.flatMap((note) => note.highlights ?? []);
    for (const part of chunks(highlights, INSERT_CHUNK)) {
      await trx.insertInto('highlights').values(part).execute();
    }
    await restoreNoteSummaries(
      trx,
      binned.flatMap((note) => note.summaries ?? []),
    );
    restored += notes.length;
  }
  return restored;
}

/**
 * Removes up to `limit` rows whose undo window ended, across every owner (the sweeper's job),
 * and answers where their audio is, for the caller to delete once this has committed.
 */
export async function purgeExpiredDeletions(db: Db, now: number, limit: number): Promise<string[]> {
  const expired = await db
    .selectFrom('deleted_voice_notes')
    .select('id')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  if (expired.length === 0) return [];
  const rows = await db
    .deleteFrom('deleted_voice_notes')
    .where(
      'id',
      'in',
      expired.map((row) => row.id),
    )
    .where('expires_at', '<=', now)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
