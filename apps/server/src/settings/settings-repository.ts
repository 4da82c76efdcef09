import type { Settings } from '@voxpad/shared/settings';
import type { Db } from '../db/database.ts';

/** Whether the user's transcripts are made readable (migration 0017; on unless turned off). */
export async function readFormatTranscripts(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('format_transcripts')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.format_transcripts === 1 : true;
}

export async function readSettings(db: Db, userId: string): Promise<Settings> {
  return { format_transcripts: await readFormatTranscripts(db, userId) };
}

export async function writeSettings(db: Db, userId: string, change: Partial<Settings>): Promise<void> {
  if (change.format_transcripts === undefined) return;
  await db
    .updateTable('users')
    .set({ format_transcripts: change.format_transcripts ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
