import type { TranscriptVersionList } from '@voxpad/shared/transcripts';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import type { TranscriptVersionRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';
import { parseSpeakers } from './speakers/note-speakers.ts';
import type { ExportableNote } from './transcript-exports.ts';
import type { JobNote } from './transcripts-repository.ts';

export { presentState, type TranscriptionState } from './transcription-state.ts';

const segmentsOf = (json: string | null): TranscriptSegment[] =>
  json ? (JSON.parse(json) as TranscriptSegment[]) : [];

/** Newest first; the newest version holding the note's text is the one it now shows. */
export function presentVersions(
  versions: TranscriptVersionRow[],
  noteTranscript: string | null,
): TranscriptVersionList {
  const current = versions.find((v) => v.text === noteTranscript);
  return {
    results: versions.map((v) => ({
      id: v.id,
      source: v.source,
      engine: v.engine,
      model: v.model,
      text: v.text,
      segments: segmentsOf(v.segments),
      speakers: parseSpeakers(v.speakers),
      created_at: toIso(v.created_at),
      current: v === current,
    })),
  };
}

/** What an export renders: the note's transcript with its timings and a few facts about it. */
export function transcriptDocument(note: JobNote & { transcript: string }): ExportableNote {
  return {
    id: note.id,
    title: note.title,
    transcript: note.transcript,
    segments: segmentsOf(note.segments),
    durationSeconds: note.duration_seconds,
    language: note.language,
    createdAt: toIso(note.created_at),
    speakers: parseSpeakers(note.speakers),
  };
}
