/** The imports table (migration 0026): every read names the owner. */
import type { ImportedFile } from '@voxpad/shared/export-import';
import type { Db } from '../db/database.ts';
import type { ImportRow } from '../db/schema.ts';

export async function insertImport(
  db: Db,
  row: { id: string; ownerId: string; padId: string; files: ImportedFile[]; now: number },
): Promise<void> {
  await db
    .insertInto('imports')
    .values({
      id: row.id,
      owner_id: row.ownerId,
      pad_id: row.padId,
      status: 'running',
      total: row.files.length,
      done: 0,
      files: JSON.stringify(row.files),
      error: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function saveProgress(
  db: Db,
  id: string,
  progress: { status: ImportRow['status']; done: number; files: ImportedFile[]; error?: string | null },
): Promise<void> {
  await db
    .updateTable('imports')
    .set({
      status: progress.status,
      done: progress.done,
      files: JSON.stringify(progress.files),
      error: progress.error ?? null,
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .execute();
}

export async function findImport(db: Db, ownerId: string, id: string): Promise<ImportRow | undefined> {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether one of the owner's imports has moved since `since` and is not finished. */
export async function hasRunningImport(db: Db, ownerId: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('imports')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'running')
    .where('updated_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}
