/**
 * What a visitor of a link sees: titles, lengths, transcripts and audio addresses built from the
 * token and each note's place in the share. No ids of notes, pads or people, no owner.
 */
import { publicShareAudioPath, type PublicShare, type PublicSharedNote } from '@voxpad/shared/shares';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import type { ShareRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';
import { parseSpeakers, speakersOfSegments } from '../transcripts/speakers/note-speakers.ts';
import { transcriptBetween } from './shared-transcript.ts';
import { shareKind } from './shares-presenter.ts';
import type { SharedNoteRow } from './shares-repository.ts';

/** The part of a note a share plays: the whole note, or its range. */
export interface SharedSpan {
  start: number;
  end: number;
}

export function sharedSpan(share: ShareRow): SharedSpan | undefined {
  if (share.start_seconds === null || share.end_seconds === null) return undefined;
  return { start: Number(share.start_seconds), end: Number(share.end_seconds) };
}

export function presentLockedShare(share: ShareRow): PublicShare {
  return { locked: true, kind: shareKind(share) };
}

export function presentPublicShare(
  share: ShareRow,
  token: string,
  title: string,
  notes: readonly SharedNoteRow[],
): PublicShare {
  const span = sharedSpan(share);
  const padShare = share.pad_id !== null;
  return {
    locked: false,
    kind: shareKind(share),
    title,
    expires_at: share.expires_at === null ? null : toIso(Number(share.expires_at)),
    allow_download: share.allow_download === 1,
    notes: notes.map((note, index) =>
      presentNote(note, index, publicShareAudioPath(token, padShare ? index : undefined), share, span),
    ),
  };
}

function presentNote(
  note: SharedNoteRow,
  index: number,
  audioUrl: string,
  share: ShareRow,
  span: SharedSpan | undefined,
): PublicSharedNote {
  const segments = note.segments ? (JSON.parse(note.segments) as TranscriptSegment[]) : [];
  const cut = span ? transcriptBetween(segments, span.start, span.end) : undefined;
  const shown = cut ? cut.segments : segments;
  return {
    index,
    title: note.title,
    duration_seconds: span
      ? span.end - span.start
      : note.duration_seconds === null
        ? null
        : Number(note.duration_seconds),
    transcript: cut ? cut.text : note.transcript,
    segments: shown,
    // Names only, of the speakers heard in what is shared.
    speakers: speakersOfSegments(shown, parseSpeakers(note.speakers)),
    audio_url: audioUrl,
    download_url: share.allow_download === 1 ? `${audioUrl}?download=1` : null,
  };
}
