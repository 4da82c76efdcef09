import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { nameNoteAfterTranscript } from './note-title.ts';

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
 * What follows once an engine's transcript is stored on a note, inside the caller's
 * transaction: the note is named after it (unless a person or a file named it) and the text is
 * kept as an engine version. A finished job and a note filed with its transcript already made
 * (the OpenAI-compatible endpoint) both go through here.
 */
export async function recordEngineTranscript(
  trx: Db,
  note: { id: string; ownerId: string },
  transcript: { text: string; segments: string },
  madeBy: EngineModel,
  now = Date.now(),
): Promise<void> {
  await nameNoteAfterTranscript(trx, { ownerId: note.ownerId, noteId: note.id }, transcript.text);
  await trx
    .insertInto('transcript_versions')
    .values({
      id: newId(now),
      voice_note_id: note.id,
      owner_id: note.ownerId,
      text: transcript.text,
      segments: transcript.segments,
      source: 'engine',
      engine: madeBy.engine,
      model: madeBy.model,
      created_at: now,
    })
    .execute();
}
