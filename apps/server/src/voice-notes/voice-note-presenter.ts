import type { TranscriptSegment, VoiceNote } from '@voxpad/shared/voice-notes';
import type { VoiceNoteRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';

export function audioUrlOf(note: Pick<VoiceNoteRow, 'id' | 'pad_id'>): string {
  return `/api/v1/pad/${note.pad_id}/voicenote/${note.id}/audio/`;
}

export function presentVoiceNote(row: VoiceNoteRow): VoiceNote {
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
    segments: row.segments ? (JSON.parse(row.segments) as TranscriptSegment[]) : [],
    audio_url: audioUrlOf(row),
    progress: row.status === 'done' ? 1 : row.progress,
    attempts: row.attempts,
    language: row.language,
    engine: row.engine,
    transcript_edited: row.transcript_edited === 1,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
