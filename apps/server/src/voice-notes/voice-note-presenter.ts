import {
  VOICE_NOTE_LIMITS,
  voiceNoteAudioPath,
  type TranscriptSegment,
  type VoiceNote,
} from '@voxpad/shared/voice-notes';
import { RECENT_VOICE_NOTES_LIMITS, type RecentVoiceNote } from '@voxpad/shared/recent-voice-notes';
import type { VoiceNoteRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';
import { parseSpeakers } from '../transcripts/speakers/note-speakers.ts';
import { inlineSegments } from './segment-pages.ts';
import { SNIPPET_SOURCE_CHARS, type RecentVoiceNoteRow } from './voice-notes-repository.ts';

/** `tags`: the note's tag names, sorted (tags/tags-repository.ts reads them). */
export function presentVoiceNote(row: VoiceNoteRow, tags: readonly string[]): VoiceNote {
  return {
    id: row.id,
    pad_id: row.pad_id,
    title: row.title,
    status: row.status,
    failure_reason: row.status === 'failed' ? row.failure_reason : null,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    duration_seconds: row.duration_seconds,
    transcript: row.transcript,
    ...inlineSegments(row.segments ? (JSON.parse(row.segments) as TranscriptSegment[]) : [], row.updated_at),
    audio_url: voiceNoteAudioPath(row.pad_id, row.id),
    progress: row.status === 'done' ? 1 : row.progress,
    attempts: row.attempts,
    language: row.language,
    engine: row.engine,
    transcript_edited: row.transcript_edited === 1,
    transcript_reviewed: row.transcript_reviewed,
    transcript_reviewed_at: row.transcript_reviewed_at === null ? null : toIso(row.transcript_reviewed_at),
    snippet: transcriptSnippet(
      row.transcript?.slice(0, SNIPPET_SOURCE_CHARS) ?? null,
      VOICE_NOTE_LIMITS.snippetMax,
    ),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    tags: [...tags],
    speakers: parseSpeakers(row.speakers),
    speakers_hint: row.speakers_hint,
    speakers_edited: row.speakers_edited === 1,
  };
}

/** The transcript's beginning for a list: whitespace folded, cut at a word, "…" when cut. */
export function transcriptSnippet(transcript: string | null, max: number): string | null {
  if (transcript === null) return null;
  const text = transcript.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  // One very long "word" (a URL, say) is cut where it must be rather than dropped.
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function presentRecentVoiceNote(row: RecentVoiceNoteRow, tags: readonly string[]): RecentVoiceNote {
  return {
    id: row.id,
    pad_id: row.pad_id,
    pad_name: row.pad_name,
    title: row.title,
    status: row.status,
    duration_seconds: row.duration_seconds,
    snippet: transcriptSnippet(row.transcript_start, RECENT_VOICE_NOTES_LIMITS.snippetMax),
    created_at: toIso(row.created_at),
    tags: [...tags],
  };
}
