/**
 * Which notes teach Voxpad the owner's voice (ADR 0058), and the teaching itself. A note teaches
 * once (`voice_taught`), inside the transaction of the edit that made it teach:
 *
 * - a note with at most one speaker whose transcript the owner reviewed (typed a correction or
 *   confirmed it): its one print is their voice;
 * - a note where the owner edited the speakers and one of them is called "You": that speaker's
 *   print. A "You" Voxpad named itself teaches only once the owner has edited that note's
 *   speakers (they saw it and left it), never by itself, so a wrong guess does not feed itself.
 */
import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptReview } from '@voxpad/shared/voice-notes';
import type { Db } from '../../db/database.ts';
import { parseSpeakers } from '../speakers/note-speakers.ts';
import type { NoteRef } from '../transcript-versions.ts';
import { parsePrint, type VoicePrint } from '../../transcription/speakers/voiceprint.ts';
import { RECOGNITION } from './recognise-owner.ts';
import { foldIntoProfile } from './voice-profile-store.ts';

export const OWNER_NAME = 'You';

export function isOwnerName(name: string): boolean {
  return name.trim().toLowerCase() === OWNER_NAME.toLowerCase();
}

export interface TeachingNote {
  speakers: readonly NoteSpeaker[];
  prints: Readonly<Record<string, VoicePrint>>;
  speakersEdited: boolean;
  reviewed: TranscriptReview;
}

/** The print a note teaches, or undefined when it teaches nothing. */
export function teachingPrint(note: TeachingNote): VoicePrint | undefined {
  let print: VoicePrint | undefined;
  const owner = note.speakers.find((s) => isOwnerName(s.name));
  if (note.speakersEdited && owner) print = note.prints[owner.id];
  else if (note.reviewed !== 'none' && note.speakers.length <= 1) {
    const all = Object.values(note.prints);
    if (all.length === 1) print = all[0];
  }
  return print && print.frames >= RECOGNITION.minSpeakerFrames ? print : undefined;
}

/** Folds the note's voice into its owner's profile if it teaches and has not yet. */
export async function teachVoice(trx: Db, note: NoteRef, now: number): Promise<boolean> {
  const row = await trx
    .selectFrom('voice_notes')
    .select(['speakers', 'speaker_prints', 'speakers_edited', 'transcript_reviewed', 'voice_taught'])
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .executeTakeFirst();
  if (!row || row.voice_taught === 1 || row.speaker_prints === null) return false;
  const print = teachingPrint({
    speakers: parseSpeakers(row.speakers),
    prints: parsePrints(row.speaker_prints),
    speakersEdited: row.speakers_edited === 1,
    reviewed: row.transcript_reviewed,
  });
  if (!print) return false;
  await foldIntoProfile(trx, note.ownerId, print, now);
  await trx
    .updateTable('voice_notes')
    .set({ voice_taught: 1 })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .execute();
  return true;
}

export function parsePrints(raw: string | null): Record<string, VoicePrint> {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const prints: Record<string, VoicePrint> = {};
  for (const [id, candidate] of Object.entries(value)) {
    const print = parsePrint(candidate);
    if (print) prints[id] = print;
  }
  return prints;
}
