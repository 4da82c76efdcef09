/**
 * The version history the transcript store (transcript-store.ts) keeps: its reads and the one
 * insert. Nothing else writes transcript_versions.
 */
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

/** A note, always named with its owner. */
export interface NoteRef {
  id: string;
  ownerId: string;
}

/** The engine and model that made a transcript, as its version records them. */
export interface EngineModel {
  engine: string;
  model: string;
}

/** What a transcriber records of itself. */
export function engineModelOf(transcriber: { name: string; model: string }): EngineModel {
  return { engine: transcriber.name, model: transcriber.model };
}

/**
 * A transcript as a version holds it: the text, its word timings and its speakers' names
 * (JSON), if any.
 */
export interface VersionText {
  text: string;
  segments: string | null;
  speakers?: string | null;
}

export async function newestEngineText(trx: Db, note: NoteRef): Promise<string | undefined> {
  const latest = await trx
    .selectFrom('transcript_versions')
    .select('text')
    .where('voice_note_id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('source', '=', 'engine')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.text;
}

export async function versionHolding(trx: Db, note: NoteRef, text: string): Promise<boolean> {
  const known = await trx
    .selectFrom('transcript_versions')
    .select('id')
    .where('voice_note_id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('text', '=', text)
    .executeTakeFirst();
  return known !== undefined;
}

/** Keeps typed text as a version, unless the newest version already holds that text. */
export async function keepUnlessNewest(
  trx: Db,
  note: NoteRef,
  text: VersionText,
  now: number,
): Promise<void> {
  const newest = await trx
    .selectFrom('transcript_versions')
    .select('text')
    .where('voice_note_id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest?.text !== text.text) await addVersion(trx, note, text, { source: 'manual' }, now);
}

export async function addVersion(
  trx: Db,
  note: NoteRef,
  text: VersionText,
  /** An imported version may name no engine (versions made before engines were recorded). */
  origin:
    { source: 'manual' } | { source: 'engine'; madeBy: { engine: string | null; model: string | null } },
  now: number,
): Promise<void> {
  await trx
    .insertInto('transcript_versions')
    .values({
      id: newId(now),
      voice_note_id: note.id,
      owner_id: note.ownerId,
      text: text.text,
      segments: text.segments,
      speakers: text.speakers ?? null,
      source: origin.source,
      engine: origin.source === 'engine' ? origin.madeBy.engine : null,
      model: origin.source === 'engine' ? origin.madeBy.model : null,
      created_at: now,
    })
    .execute();
}
