/**
 * What the recogniser may learn from (ADR 0037): a person's notes whose transcript they
 * confirmed or corrected, with the final text, its words timed in the audio and the audio's
 * blob key. Notes nobody reviewed are never read here, so an engine's mistakes are not
 * learnt as if they were right.
 */
import type { TranscriptReview } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { parseSegments } from '../search/match-time.ts';

export interface LearnableWord {
  /** The spoken form, as the recogniser says it ("four", "hundred"). */
  word: string;
  /** How it reads in the transcript ("$400"; "" for the later words of one display form). */
  text: string;
  /** Seconds into the recording. */
  start: number;
  end: number;
}

export interface LearnableNote {
  id: string;
  padId: string;
  review: Exclude<TranscriptReview, 'none'>;
  /** Epoch milliseconds. */
  reviewedAt: number;
  transcript: string;
  words: LearnableWord[];
  /** Where the recording is in blob storage. */
  storageKey: string;
  durationSeconds: number | null;
}

/** The owner's reviewed notes with words, oldest review first. */
export async function learnableNotes(db: Db, userId: string): Promise<LearnableNote[]> {
  const rows = await db
    .selectFrom('voice_notes')
    .select([
      'id',
      'pad_id',
      'transcript',
      'segments',
      'storage_key',
      'duration_seconds',
      'transcript_reviewed',
      'transcript_reviewed_at',
    ])
    .where('owner_id', '=', userId)
    .where('transcript_reviewed', 'in', ['confirmed', 'corrected'])
    // Not while a new transcription is on its way: its result replaces the reviewed text.
    .where('status', 'in', ['done', 'failed'])
    .where('transcript', 'is not', null)
    .orderBy('transcript_reviewed_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const notes: LearnableNote[] = [];
  for (const row of rows) {
    const words = timedWords(row.segments);
    if (row.transcript === null || words.length === 0 || row.transcript_reviewed === 'none') continue;
    notes.push({
      id: row.id,
      padId: row.pad_id,
      review: row.transcript_reviewed,
      reviewedAt: row.transcript_reviewed_at ?? 0,
      transcript: row.transcript,
      words,
      storageKey: row.storage_key,
      durationSeconds: row.duration_seconds,
    });
  }
  return notes;
}

function timedWords(segments: string | null): LearnableWord[] {
  return parseSegments(segments)
    .flatMap((segment) => (Array.isArray(segment.words) ? segment.words : []))
    .filter((word) => word.word.trim() !== '')
    .map((word) => ({ word: word.word, text: word.text ?? word.word, start: word.start, end: word.end }));
}
