/**
 * A note's files in an export: its JSON (the transcript with word times, every version, its
 * highlights and summary versions, and what an import needs to file it again), and, when it has
 * a transcript, Markdown (with the latest summary and the highlights) with YAML
 * front matter, plain text, SubRip and WebVTT, rendered by the one set of transcript
 * renderers (transcripts/transcript-exports.ts).
 */
import type { ExportedNote, ExportedSummary } from '@voxpad/shared/export-import';
import type { HighlightRow, TranscriptVersionRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';
import { latestDoneSummary } from '../summaries/summary-exports.ts';
import { parseSegments } from '../search/match-time.ts';
import { parseSpeakers } from '../transcripts/speakers/note-speakers.ts';
import { type ExportableNote, renderChapters, renderTranscript } from '../transcripts/transcript-exports.ts';
import type { ExportNoteRow } from './export-repository.ts';

export interface NoteFile {
  name: string;
  data: Buffer;
}

export const NOTE_JSON = 'note.json';

export function noteDocument(
  note: ExportNoteRow,
  padName: string,
  versions: TranscriptVersionRow[],
  highlights: HighlightRow[],
  summaries: ExportedSummary[],
): ExportedNote {
  return {
    id: note.id,
    title: note.title,
    title_source: note.title_source,
    pad: padName,
    created_at: toIso(note.created_at),
    duration_seconds: note.duration_seconds,
    language: note.language,
    status: note.status,
    text: note.transcript,
    segments: parseSegments(note.segments),
    speakers: parseSpeakers(note.speakers),
    transcript_edited: note.transcript_edited === 1,
    transcript_reviewed: note.transcript_reviewed,
    transcript_reviewed_at: note.transcript_reviewed_at === null ? null : toIso(note.transcript_reviewed_at),
    versions: versions.map((version) => ({
      source: version.source,
      engine: version.engine,
      model: version.model,
      text: version.text,
      segments: parseSegments(version.segments),
      speakers: parseSpeakers(version.speakers),
      created_at: toIso(version.created_at),
    })),
    highlights: highlights.map((highlight) => ({
      start: Number(highlight.start_seconds),
      end: highlight.end_seconds === null ? null : Number(highlight.end_seconds),
      label: highlight.label,
      comment: highlight.comment,
    })),
    summaries,
  };
}

/**
 * The note's JSON, its highlights as WebVTT chapters (when it has any), then its transcript in
 * each readable format (none without a transcript).
 */
export function noteFiles(document: ExportedNote): NoteFile[] {
  const files = [{ name: NOTE_JSON, data: Buffer.from(`${JSON.stringify(document, null, 2)}\n`) }];
  if (document.highlights.length > 0) {
    files.push({
      name: 'chapters.vtt',
      data: Buffer.from(renderChapters(document.highlights, document.duration_seconds)),
    });
  }
  if (document.text === null) return files;
  const exportable: ExportableNote = {
    id: document.id,
    title: document.title,
    transcript: document.text,
    segments: document.segments,
    durationSeconds: document.duration_seconds,
    language: document.language,
    createdAt: document.created_at,
    speakers: document.speakers,
    highlights: document.highlights,
    summary: latestDoneSummary(document.summaries),
  };
  files.push(
    { name: 'transcript.md', data: Buffer.from(frontMatter(document) + renderTranscript(exportable, 'md')) },
    { name: 'transcript.txt', data: Buffer.from(renderTranscript(exportable, 'txt')) },
    { name: 'transcript.srt', data: Buffer.from(renderTranscript(exportable, 'srt')) },
    { name: 'transcript.vtt', data: Buffer.from(renderTranscript(exportable, 'vtt')) },
  );
  return files;
}

/**
 * YAML front matter: title, pad, created, duration (seconds). Strings are written as JSON
 * strings, which YAML reads as double-quoted scalars, so no title can break the block.
 */
function frontMatter(document: ExportedNote): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(document.title)}`,
    `pad: ${JSON.stringify(document.pad)}`,
    `created: ${JSON.stringify(document.created_at)}`,
    ...(document.duration_seconds === null ? [] : [`duration: ${document.duration_seconds}`]),
    '---',
    '',
  ];
  return lines.join('\n');
}
