/**
 * The voice_profiles table (migration 0032, ADR 0058): a person's pooled voiceprint, how many
 * notes taught it, when. Only its owner's code paths read it: the transcription runner (through
 * a lookup, like the personal model), the "what Voxpad learnt" screen, teaching and forgetting.
 */
import type { Db } from '../../db/database.ts';
import {
  combinePrints,
  compactPrint,
  parsePrint,
  type VoicePrint,
} from '../../transcription/speakers/voiceprint.ts';

export interface VoiceProfile {
  print: VoicePrint;
  notes: number;
  updatedAt: number;
}

export type VoiceProfileLookup = (ownerId: string) => Promise<VoicePrint | undefined>;

export async function readVoiceProfile(db: Db, ownerId: string): Promise<VoiceProfile | undefined> {
  const row = await db
    .selectFrom('voice_profiles')
    .select(['print', 'notes', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const print = row ? parsePrint(safeJson(row.print)) : undefined;
  if (!row || !print) return undefined;
  return { print, notes: Number(row.notes), updatedAt: Number(row.updated_at) };
}

export function voiceProfileLookup(db: Db): VoiceProfileLookup {
  return async (ownerId) => (await readVoiceProfile(db, ownerId))?.print;
}

/**
 * Folds one note's print into the owner's profile (pooled mean and variance). A concurrent fold
 * is detected by the row having changed since it was read, and the fold is done again on the
 * new row, so none is lost on PostgreSQL either.
 */
export async function foldIntoProfile(
  trx: Db,
  ownerId: string,
  print: VoicePrint,
  now: number,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await trx
      .selectFrom('voice_profiles')
      .select(['print', 'notes'])
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!current) {
      const inserted = await trx
        .insertInto('voice_profiles')
        .values({ owner_id: ownerId, print: JSON.stringify(compactPrint(print)), notes: 1, updated_at: now })
        .onConflict((oc) => oc.column('owner_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return;
      continue;
    }
    const earlier = parsePrint(safeJson(current.print));
    const next = earlier && earlier.mean.length === print.mean.length ? combinePrints(earlier, print) : print;
    const updated = await trx
      .updateTable('voice_profiles')
      .set({ print: JSON.stringify(compactPrint(next)), notes: Number(current.notes) + 1, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('print', '=', current.print)
      .where('notes', '=', current.notes)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
  }
  throw new Error('The voice profile kept changing while a note was folded into it.');
}

/** Forgets the person's voice: the profile goes; notes that taught it do not teach again. */
export async function forgetVoiceProfile(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('voice_profiles').where('owner_id', '=', ownerId).execute();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
