/**
 * The one writer of a note's transcript: its text, word timings, word count, "edited" flag,
 * the title made from its words and its versions. An engine's result (a finished job, a live
 * stream, /v1 filing a note), a person's edit, a re-transcription and a restore all come here,
 * inside the caller's transaction, so "what does an edit keep?" is answered in this file:
 *
 * - Typed text becomes the transcript with its words lined up to the audio (word-alignment.ts),
 *   so corrected words keep the times they were said at. It is marked edited and shows in the
 *   version history at once, as a `manual` version.
 * - A re-transcription keeps typed text as a version before the engine replaces it, and a
 *   restore keeps the typed text it replaces unless a version already holds it.
 * - An engine's result is never "edited"; it is kept as an `engine` version naming its engine
 *   and model.
 * - A title made from the words (or the provisional "Voice note" or file name) follows every
 *   new transcript and tells the note from the pad's others (note-title.ts); a title a person
 *   gave stays.
 * - The word count statistics add up is counted from the text people keep (transcript-words.ts).
 * - Whether the owner reviewed the transcript (ADR 0037) follows the text: typed text, or a
 *   restored typed version, is `corrected`; an engine's text is not reviewed (`none`) until the
 *   owner confirms it (`confirmed`). Only reviewed notes are learnt from.
 * - An engine's words are made readable here, by the owner's "format transcripts" setting
 *   (readable-transcript.ts, ADR 0033), and every transcript written keeps its spoken forms
 *   beside it for search ("four hundred" finds "$400").
 *
 * - Speakers (ADR 0053) ride with the segments (each names its speaker's id) and the note's
 *   speakers list (their names). A person's speaker edits (storeSpeakerChange) write both, mark
 *   the speakers edited and make a `manual` version; typed text keeps who said what by time;
 *   an engine's new transcript keeps the person's names and reassignments
 *   (speakers/speaker-mapping.ts) once they edited any.
 * - Voiceprints (ADR 0058) come with an engine's speakers and are kept under the ids the note
 *   keeps; the speaker recognised as the owner is named "You" unless a person named it. A typed
 *   correction, a confirmation or a speaker edit may then teach the owner's voice profile
 *   (owner-voice/teach-voice.ts says which notes teach).
 *
 * - A transcript carried over from an export (ADR 0047) arrives as it was: its text, word times,
 *   flags and every version, with the times they were made; nothing is reformatted or renamed.
 *
 * A transcript is only written while the note is not being transcribed: a finished job marks
 * the note done in the same transaction before it stores the result here.
 */
import type { NoteSpeaker } from '@voxpad/shared/speakers';
import type { TranscriptReview, TranscriptSegment } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import type { TranscriptVersionRow } from '../db/schema.ts';
import { parseSegments } from '../search/match-time.ts';
import { readFormatTranscripts } from '../settings/settings-repository.ts';
import { titleFromTranscript } from './note-title.ts';
import { readableTranscript } from './readable-transcript.ts';
import { spokenTranscript } from './spoken-transcript.ts';
import {
  addVersion,
  type EngineModel,
  keepUnlessNewest,
  newestEngineText,
  type NoteRef,
  type VersionText,
  versionHolding,
} from './transcript-versions.ts';
import { countWords } from './transcript-words.ts';
import { alignTranscript } from './word-alignment.ts';
import {
  carrySpeakers,
  parseSpeakers,
  parseStretches,
  type SpeakerState,
  speakersJson,
  speakersOfSegments,
} from './speakers/note-speakers.ts';
import type { SpeakerChange } from './speakers/speaker-edits.ts';
import { keepSpeakerEdits } from './speakers/speaker-mapping.ts';
import type { VoicePrint } from '../transcription/speakers/voiceprint.ts';
import { keptPrints, nameOwner } from './owner-voice/name-owner.ts';
import { teachVoice } from './owner-voice/teach-voice.ts';

export interface EngineTranscript {
  text: string;
  segments: readonly TranscriptSegment[];
  madeBy: EngineModel;
  /** Each engine speaker's voiceprint by id (ADR 0058); absent when the engine path has none. */
  speakerPrints?: Readonly<Record<string, VoicePrint>>;
  /** The engine speaker recognised as the note's owner, named "You" unless a person named it. */
  ownerSpeaker?: string;
  /**
   * True when the text and each word's `text` already read as a person saw them (a live
   * stream's finals, ADR 0033): kept as they are, not formatted again.
   */
  readable?: boolean;
}

type Text = VersionText;

/**
 * An engine's transcript becomes the note's, readable or as recognised by the owner's setting.
 * False when the note is (again) being transcribed.
 */
export async function storeEngineTranscript(
  trx: Db,
  note: NoteRef,
  transcript: EngineTranscript,
  now = Date.now(),
): Promise<boolean> {
  const readable = transcript.readable
    ? { text: transcript.text, segments: [...transcript.segments] }
    : readableTranscript(transcript, {
        format: await readFormatTranscripts(trx, note.ownerId),
        engine: transcript.madeBy.engine,
      });
  const earlier = await readSpeakers(trx, note);
  const { segments, speakers, mapping } = earlier?.edited
    ? keepSpeakerEdits(readable.segments, earlier)
    : {
        segments: readable.segments,
        speakers: speakersOfSegments(readable.segments),
        mapping: new Map<string, string>(),
      };
  const owner = transcript.ownerSpeaker;
  const named = nameOwner(speakers, owner === undefined ? undefined : (mapping.get(owner) ?? owner));
  const text = { text: readable.text, segments: JSON.stringify(segments), speakers: speakersJson(named) };
  if (!(await write(trx, note, text, { edited: false }, now, segments))) return false;
  const prints = transcript.speakerPrints ? keptPrints(transcript.speakerPrints, mapping) : undefined;
  await trx
    .updateTable('voice_notes')
    .set({ speaker_prints: prints ? JSON.stringify(prints) : null })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .execute();
  await addVersion(trx, note, text, { source: 'engine', madeBy: transcript.madeBy }, now);
  return true;
}

/** A version as an export carried it. */
export interface CarriedVersion {
  text: string;
  segments: readonly TranscriptSegment[];
  speakers?: readonly NoteSpeaker[];
  source: 'engine' | 'manual';
  engine: string | null;
  model: string | null;
  createdAt: number;
}

/** A note's transcript as an export carried it (ADR 0047). */
export interface CarriedTranscript {
  text: string;
  segments: readonly TranscriptSegment[];
  speakers?: readonly NoteSpeaker[];
  edited: boolean;
  reviewed: TranscriptReview;
  reviewedAt: number | null;
  /** Oldest first. */
  versions: readonly CarriedVersion[];
}

/**
 * An imported note's transcript, exactly as exported: the text people read, its word times,
 * whether it was edited and reviewed, and its versions with their engines and times. The title
 * came with the note and stays. False when the note is being transcribed.
 */
export async function storeCarriedTranscript(
  trx: Db,
  note: NoteRef,
  carried: CarriedTranscript,
  now = Date.now(),
): Promise<boolean> {
  const segments = parseSegments(JSON.stringify(carried.segments));
  const result = await trx
    .updateTable('voice_notes')
    .set({
      transcript: carried.text,
      segments: JSON.stringify(segments),
      speakers: speakersJson(carried.speakers ?? []),
      spoken_transcript: spokenTranscript(carried.text, segments),
      word_count: countWords(carried.text),
      transcript_edited: carried.edited ? 1 : 0,
      transcript_reviewed: carried.reviewed,
      transcript_reviewed_at: carried.reviewed === 'none' ? null : (carried.reviewedAt ?? now),
      updated_at: now,
    })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('status', 'in', ['done', 'failed'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  for (const version of carried.versions) {
    const text = {
      text: version.text,
      segments: JSON.stringify(version.segments),
      speakers: speakersJson(version.speakers ?? []),
    };
    const origin =
      version.source === 'engine'
        ? { source: 'engine' as const, madeBy: { engine: version.engine, model: version.model } }
        : { source: 'manual' as const };
    await addVersion(trx, note, text, origin, version.createdAt);
  }
  return true;
}

/**
 * A person's text replaces the transcript, timed from the words it replaces. False when the
 * note is being transcribed: the typed text would be overwritten.
 */
export async function storeTypedTranscript(
  trx: Db,
  note: NoteRef & { segments: string | null; durationSeconds: number | null },
  typed: string,
  now = Date.now(),
): Promise<boolean> {
  const previous = parseSegments(note.segments);
  const aligned = carrySpeakers(previous, alignTranscript(previous, typed, note.durationSeconds));
  const known = (await readSpeakers(trx, note))?.speakers ?? [];
  const speakers = speakersJson(speakersOfSegments(aligned, known));
  const text = { text: typed, segments: JSON.stringify(aligned), speakers };
  if (!(await write(trx, note, text, { edited: true }, now, aligned))) return false;
  await keepUnlessNewest(trx, note, text, now);
  await teachVoice(trx, note, now);
  return true;
}

/**
 * A person's change to the speakers (rename, reassign, split, merge): the segments and the
 * speakers list change, the text does not. Marks the speakers edited and keeps the result as
 * a `manual` version. False when the note is being transcribed.
 */
export async function storeSpeakerChange(
  trx: Db,
  note: NoteRef,
  change: SpeakerChange,
  now = Date.now(),
): Promise<boolean> {
  const segments = JSON.stringify(change.segments);
  const speakers = speakersJson(change.speakers);
  const result = await trx
    .updateTable('voice_notes')
    .set({
      segments,
      speakers,
      speakers_edited: 1,
      speaker_edits: speakersJson(change.edits),
      updated_at: now,
    })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('status', 'in', ['done', 'failed'])
    .where('transcript', 'is not', null)
    .returning('transcript')
    .executeTakeFirst();
  if (!result?.transcript) return false;
  await addVersion(trx, note, { text: result.transcript, segments, speakers }, { source: 'manual' }, now);
  await teachVoice(trx, note, now);
  return true;
}

/** A note's speakers and whether a person edited them; undefined when there is no note. */
export async function readSpeakers(
  trx: Db,
  note: NoteRef,
): Promise<(SpeakerState & { edited: boolean; segments: TranscriptSegment[] }) | undefined> {
  const row = await trx
    .selectFrom('voice_notes')
    .select(['segments', 'speakers', 'speakers_edited', 'speaker_edits'])
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    segments: parseSegments(row.segments),
    speakers: parseSpeakers(row.speakers),
    edits: parseStretches(row.speaker_edits),
    edited: row.speakers_edited === 1,
  };
}

/** Before a re-transcription replaces the transcript: text a person typed is kept as a version. */
export async function keepTypedText(trx: Db, note: NoteRef, now = Date.now()): Promise<void> {
  const current = await readTranscript(trx, note);
  if (current && (await isEdited(trx, note, current))) await keepUnlessNewest(trx, note, current, now);
}

/** An earlier version becomes the transcript again. False when the note is being transcribed. */
export async function restoreVersion(
  trx: Db,
  note: NoteRef,
  version: TranscriptVersionRow,
  now = Date.now(),
): Promise<boolean> {
  const current = await readTranscript(trx, note);
  const replacesTyped = current !== undefined && (await isEdited(trx, note, current));
  const edited = version.source === 'manual';
  if (!(await write(trx, note, version, { edited }, now))) return false;
  if (replacesTyped && !(await versionHolding(trx, note, current.text))) {
    await keepUnlessNewest(trx, note, current, now);
  }
  return true;
}

/**
 * The owner says the transcript is right as it stands: `confirmed`, or `corrected` when it is
 * their own text. False when the note has no transcript or is being transcribed.
 */
export async function confirmTranscript(trx: Db, note: NoteRef, now = Date.now()): Promise<boolean> {
  const result = await trx
    .updateTable('voice_notes')
    .set((eb) => ({
      transcript_reviewed: eb
        .case()
        .when('transcript_edited', '=', 1)
        .then('corrected' as const)
        .else('confirmed' as const)
        .end(),
      transcript_reviewed_at: now,
      updated_at: now,
    }))
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('status', 'in', ['done', 'failed'])
    .where('transcript', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await teachVoice(trx, note, now);
  return true;
}

/** The owner takes a review back: the note is no longer learnt from. False when there is no such note. */
export async function withdrawReview(trx: Db, note: NoteRef, now = Date.now()): Promise<boolean> {
  const result = await trx
    .updateTable('voice_notes')
    .set({ transcript_reviewed: 'none', transcript_reviewed_at: null, updated_at: now })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The one statement that changes a transcript; a derived title follows it. `parsed`: the
 * segments `text.segments` was made from, when at hand, so they are not parsed back.
 */
async function write(
  trx: Db,
  note: NoteRef,
  text: Text,
  flags: { edited: boolean },
  now: number,
  parsed?: readonly TranscriptSegment[],
) {
  const result = await trx
    .updateTable('voice_notes')
    .set({
      transcript: text.text,
      segments: text.segments,
      speakers: text.speakers ?? null,
      spoken_transcript: spokenTranscript(text.text, parsed ?? parseSegments(text.segments)),
      word_count: countWords(text.text),
      transcript_edited: flags.edited ? 1 : 0,
      transcript_reviewed: flags.edited ? 'corrected' : 'none',
      transcript_reviewed_at: flags.edited ? now : null,
      updated_at: now,
    })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('status', 'in', ['done', 'failed'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await nameAfterWords(trx, note, text.text);
  return true;
}

/**
 * Names the note after its words unless a person named it; the condition is part of the write,
 * so a rename that lands first is never overwritten. The pad's other titles are read to keep
 * this one apart from them.
 */
async function nameAfterWords(trx: Db, note: NoteRef, text: string): Promise<void> {
  const others = await trx
    .selectFrom('voice_notes')
    .select('title')
    .where('owner_id', '=', note.ownerId)
    .where('pad_id', '=', (eb) => eb.selectFrom('voice_notes').select('pad_id').where('id', '=', note.id))
    .where('id', '!=', note.id)
    .execute();
  const title = titleFromTranscript(
    text,
    others.map((other) => other.title),
  );
  if (title === null) return;
  await trx
    .updateTable('voice_notes')
    .set({ title, title_source: 'transcript' })
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .where('title_source', 'in', ['default', 'file', 'transcript'])
    .execute();
}

async function readTranscript(trx: Db, note: NoteRef) {
  const row = await trx
    .selectFrom('voice_notes')
    .select(['transcript', 'segments', 'speakers', 'transcript_edited'])
    .where('id', '=', note.id)
    .where('owner_id', '=', note.ownerId)
    .executeTakeFirst();
  if (row?.transcript == null) return undefined;
  return {
    text: row.transcript,
    segments: row.segments,
    speakers: row.speakers,
    edited: row.transcript_edited === 1,
  };
}

/**
 * True when the transcript is not what the engine last produced: marked by an edit, or
 * differing from the newest engine version (text edited before edits were marked).
 */
async function isEdited(trx: Db, note: NoteRef, current: Text & { edited: boolean }): Promise<boolean> {
  return current.edited || (await newestEngineText(trx, note)) !== current.text;
}
