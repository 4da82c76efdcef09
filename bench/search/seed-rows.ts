/**
 * The notes, pads and tags the search bench files for one user: deterministic for a seed, in
 * creation order, spread over the year before `end`. Both backends' seeders write these rows.
 */
import { random, spokenWord, transcript, VOCABULARY } from '../support/transcripts.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const YEAR_MS = 365 * 24 * 3600 * 1000;
export const PADS_PER_USER = 100;
/** Tags per user; tag i is on about 20 / (i + 1) % of the notes (a few common, most rare). */
export const TAGS_PER_USER = 20;

/**
 * A time-ordered id in the layout of lib/ids.ts (10 characters of time, 16 of randomness),
 * without its process-wide "never go back" guard: two users seeded one after the other both
 * start a year ago, and lib/ids.ts would push the second user's ids past the first's.
 */
export function idAt(at: number, rand: () => number): string {
  let time = '';
  for (let i = 0, t = at; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32]! + time;
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHABET[Math.floor(rand() * 32)]!;
  return time + tail;
}

export interface PadRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: number;
  updated_at: number;
}

export interface TagRow {
  id: string;
  user_id: string;
  name: string;
  name_key: string;
  created_at: number;
  updated_at: number;
}

export interface NoteRow {
  id: string;
  pad_id: string;
  owner_id: string;
  title: string;
  status: 'done' | 'failed' | 'pending';
  failure_reason: string | null;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  duration_seconds: number;
  transcript: string | null;
  segments: string | null;
  word_count: number;
  created_at: number;
  updated_at: number;
  /** Ids of the tags it carries. */
  tags: string[];
}

export function padRows(ownerId: string, start: number, seed: number): PadRow[] {
  const rand = random(seed);
  return Array.from({ length: PADS_PER_USER }, (_, i) => ({
    id: idAt(start + i, rand),
    owner_id: ownerId,
    name: `${spokenWord(rand)} ${spokenWord(rand)}`,
    description: Array.from({ length: 8 }, () => spokenWord(rand)).join(' '),
    created_at: start + i,
    updated_at: start + i,
  }));
}

export function tagRows(userId: string, start: number, seed: number): TagRow[] {
  const rand = random(seed);
  return Array.from({ length: TAGS_PER_USER }, (_, i) => {
    const name = `${VOCABULARY[200 + i * 37]!}-${i}`;
    return {
      id: idAt(start + i, rand),
      user_id: userId,
      name,
      name_key: name,
      created_at: start + i,
      updated_at: start + i,
    };
  });
}

/**
 * Notes `from` (inclusive) to `to` (exclusive) of `total`, evenly spread over the year before
 * `end`. Each batch has its own seed, so a rerun that resumes at `from` writes what a whole
 * run would have. Most are transcribed, 1 in 100 failed (no transcript), 1 in 200 pending.
 */
export function noteRows(
  ownerId: string,
  pads: { id: string }[],
  tags: { id: string }[],
  range: { from: number; to: number; total: number; end: number },
): NoteRow[] {
  const rand = random(20_241_121 + range.from);
  const rows: NoteRow[] = [];
  const start = range.end - YEAR_MS;
  for (let n = range.from; n < range.to; n++) {
    const at = start + Math.floor((n / range.total) * YEAR_MS);
    const roll = rand();
    const status = roll < 0.01 ? 'failed' : roll < 0.015 ? 'pending' : 'done';
    const text = transcript(rand, 20 + Math.floor(rand() * 61));
    const title = Array.from(
      { length: 2 + Math.floor(rand() * 4) },
      () => VOCABULARY[50 + Math.floor(rand() * 5000)],
    ).join(' ');
    const id = idAt(at, rand);
    const carried: string[] = [];
    for (let t = 0; t < tags.length; t++) if (rand() < 0.2 / (t + 1)) carried.push(tags[t]!.id);
    rows.push({
      id,
      pad_id: pads[Math.floor(rand() * pads.length)]!.id,
      owner_id: ownerId,
      title: title.charAt(0).toUpperCase() + title.slice(1),
      status,
      failure_reason: status === 'failed' ? 'The recording could not be decoded.' : null,
      content_type: 'audio/webm',
      size_bytes: Math.round(text.durationSeconds * 4000),
      storage_key: `audio/${ownerId}/${id}.webm`,
      duration_seconds: text.durationSeconds,
      transcript: status === 'done' ? text.text : null,
      segments: status === 'done' ? text.segments : null,
      word_count: status === 'done' ? text.wordCount : 0,
      created_at: at,
      updated_at: at,
      tags: carried,
    });
  }
  return rows;
}

export const NOTE_COLUMNS = [
  'id',
  'pad_id',
  'owner_id',
  'title',
  'status',
  'failure_reason',
  'content_type',
  'size_bytes',
  'storage_key',
  'duration_seconds',
  'transcript',
  'segments',
  'word_count',
  'created_at',
  'updated_at',
] as const;
