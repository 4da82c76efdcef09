import { z } from 'zod';
import { padColorSchema } from './pads.ts';
import { voiceNoteStatusSchema } from './voice-notes.ts';

/** How many days `notes_per_day` covers, ending today (UTC). */
export const STATS_DAYS = 30;

export const dailyCountSchema = z.object({
  /** A UTC day, `YYYY-MM-DD`. */
  date: z.string(),
  count: z.number().int(),
});
export type DailyCount = z.infer<typeof dailyCountSchema>;

export const padStatsSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: padColorSchema,
  icon: z.string().nullable(),
  voice_note_count: z.number().int(),
  total_duration_seconds: z.number(),
});
export type PadStats = z.infer<typeof padStatsSchema>;

export const queueStatsSchema = z.object({
  /** This user's notes waiting for, being given, or having failed transcription. */
  pending: z.number().int(),
  processing: z.number().int(),
  failed: z.number().int(),
  /**
   * This user's notes waiting or being transcribed (pending + processing). Other users'
   * jobs are never counted: the queue is fair (no one user holds more than a few workers),
   * and how busy others are is not this user's to know.
   */
  depth: z.number().int(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

/** Stored audio against the account's quota (QUOTA_STORAGE_BYTES); uploads past it are refused. */
export const storageStatsSchema = z.object({
  used_bytes: z.number().int(),
  limit_bytes: z.number().int(),
});
export type StorageStats = z.infer<typeof storageStatsSchema>;

export const statsSchema = z.object({
  pad_count: z.number().int(),
  voice_note_count: z.number().int(),
  total_duration_seconds: z.number(),
  /** Over the notes whose duration is known; 0 when there are none. */
  average_duration_seconds: z.number(),
  transcribed_word_count: z.number().int(),
  status_counts: z.record(voiceNoteStatusSchema, z.number().int()),
  /** The last STATS_DAYS days, oldest first, days without notes included with count 0. */
  notes_per_day: z.array(dailyCountSchema),
  /** Every pad, the most notes first. */
  pads: z.array(padStatsSchema),
  queue: queueStatsSchema,
  storage: storageStatsSchema,
  /**
   * UPLOAD_MAX_BYTES: the largest audio file the server takes. The web app refuses a bigger
   * one (and an empty one) when it is picked, before keeping it in the browser.
   */
  upload_max_bytes: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
