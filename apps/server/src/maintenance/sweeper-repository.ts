import type { Db } from '../db/database.ts';

/**
 * The sweeper's queries. It looks across every owner on purpose: it is the one task that
 * reconciles the whole store with the whole table, and it never answers a user.
 */

/** Which of `keys` a voice note still points at. Looked up by note id (the key's file name). */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const ids = keys.map(noteIdOf).filter((id): id is string => id !== undefined);
  const unnamed = keys.filter((key) => noteIdOf(key) === undefined);
  const rows = await db
    .selectFrom('voice_notes')
    .select(['storage_key', 'peaks_key'])
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(unnamed.length > 0 ? [eb('storage_key', 'in', unnamed)] : []),
      ]),
    )
    .execute();
  // A note a bulk delete took keeps its audio until its undo window ends (ADR 0046).
  const trashed =
    keys.length === 0
      ? []
      : await db
          .selectFrom('deleted_voice_notes')
          .select('storage_key')
          .where('storage_key', 'in', keys)
          .execute();
  // A note's waveform peaks (ADR 0056) live and go with it.
  const peaks = rows.flatMap((row) => (row.peaks_key === null ? [] : [row.peaks_key]));
  return new Set([...[...rows, ...trashed].map((row) => row.storage_key), ...peaks]);
}

/** `audio/<owner>/<id>.<ext>` names its note; anything else is looked up by the whole key. */
function noteIdOf(key: string): string | undefined {
  return /^audio\/[^/]+\/([^/.]+)\.[a-z0-9]+$/.exec(key)?.[1];
}

/**
 * Notes waiting for a worker (pending, or processing under a lease that ran out) created
 * before `cutoff`, a page at a time in id order.
 */
export async function waitingNotesBefore(
  db: Db,
  cutoff: number,
  now: number,
  afterId: string,
  limit: number,
): Promise<{ id: string; storage_key: string }[]> {
  return db
    .selectFrom('voice_notes')
    .select(['id', 'storage_key'])
    .where('created_at', '<', cutoff)
    .where('id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
