import type { Db } from '../db/database.ts';
import type { UploadRow } from '../db/schema.ts';

/**
 * The `uploads` table. Routes look uploads up by owner; the tus data store, which the tus
 * server calls with an id alone, runs only after the route found the caller's own upload.
 */
const COLUMNS = [
  'id',
  'owner_id',
  'pad_id',
  'file_name',
  'file_type',
  'speakers_hint',
  'length_bytes',
  'offset_bytes',
  'audio_checked',
  'created_at',
  'updated_at',
  'expires_at',
] as const;

export async function insertUpload(db: Db, row: Omit<UploadRow, 'audio_checked'>): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

export async function findOwnUpload(db: Db, ownerId: string, id: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Moves the offset from `from` to `to` after a part was stored. False when the offset was no
 * longer `from` (another request wrote meanwhile, or the upload is gone): the part is stale.
 */
export async function advanceOffset(
  db: Db,
  id: string,
  move: { from: number; to: number; now: number; expiresAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ offset_bytes: move.to, updated_at: move.now, expires_at: move.expiresAt })
    .where('id', '=', id)
    .where('offset_bytes', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAudioChecked(db: Db, id: string): Promise<void> {
  await db.updateTable('uploads').set({ audio_checked: 1 }).where('id', '=', id).execute();
}

/** Removes the row; true for the one caller that removed it (finishing claims an upload this way). */
export async function deleteUpload(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('uploads').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many unfinished uploads the owner holds that have not expired. */
export async function countOpenUploads(db: Db, ownerId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Uploads whose expiry (idle or lifetime, open-upload-limits.ts) is past, soonest first. */
export async function listExpiredUploadIds(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Which of `ids` still have a row. */
export async function existingUploadIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
