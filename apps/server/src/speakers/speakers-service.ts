/**
 * A person's edits to a note's speakers (ADR 0053): rename, reassign, split, merge. The note is
 * the owner's or 404; the edit is worked out on its segments (transcripts/speakers/) and
 * written by the transcript store, which keeps it as a version. Refused while the note is
 * being transcribed, and when it has no speakers.
 */
import type { MergeSpeakers, ReassignSpeakers } from '@voxpad/shared/speakers';
import type { Db } from '../db/database.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import { parseSegments } from '../search/match-time.ts';
import { busy } from '../transcripts/transcript-problems.ts';
import { storeSpeakerChange } from '../transcripts/transcript-store.ts';
import { isTranscribing } from '../transcripts/transcripts-repository.ts';
import { ownNote } from '../transcripts/transcripts-service.ts';
import { parseSpeakers, parseStretches } from '../transcripts/speakers/note-speakers.ts';
import {
  mergeSpeakers,
  type NoteSpeakers,
  reassignSpeakers,
  renameSpeaker,
  type SpeakerEditOutcome,
} from '../transcripts/speakers/speaker-edits.ts';
import { noSpeakers, speakerEditProblem } from './speaker-problems.ts';

export interface SpeakerDeps {
  db: Db;
  events?: NoteEvents | undefined;
}

export interface NoteAddress {
  ownerId: string;
  padId: string;
  noteId: string;
}

export const rename = (deps: SpeakerDeps, at: NoteAddress, id: string, name: string) =>
  edit(deps, at, (note) => renameSpeaker(note, id, name));

export const reassign = (deps: SpeakerDeps, at: NoteAddress, request: ReassignSpeakers) =>
  edit(deps, at, (note) => reassignSpeakers(note, request));

export const merge = (deps: SpeakerDeps, at: NoteAddress, request: MergeSpeakers) =>
  edit(deps, at, (note) => mergeSpeakers(note, request));

const WAIT = 'Wait until the transcription has finished, then edit the speakers.';

async function edit(
  deps: SpeakerDeps,
  at: NoteAddress,
  change: (note: NoteSpeakers) => SpeakerEditOutcome,
): Promise<void> {
  const note = await ownNote(deps.db, at.ownerId, at.padId, at.noteId);
  if (isTranscribing(note)) throw busy(WAIT);
  const speakers = parseSpeakers(note.speakers);
  if (speakers.length === 0 || note.transcript === null) throw noSpeakers();
  const outcome = change({
    segments: parseSegments(note.segments),
    speakers,
    edits: parseStretches(note.speaker_edits),
  });
  if ('problem' in outcome) throw speakerEditProblem(outcome.problem);
  const stored = await deps.db
    .transaction()
    .execute((trx) => storeSpeakerChange(trx, { id: note.id, ownerId: note.owner_id }, outcome.change));
  if (!stored) throw busy(WAIT);
  await deps.events?.emit({ type: 'note.updated', ownerId: note.owner_id, noteId: note.id });
}
