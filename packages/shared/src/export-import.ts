/**
 * Export and import of notes as a zip (ADR 0047): what the zip's manifest and each note's JSON
 * hold, the import's progress resource, and the errors both give.
 *
 * GET /api/v1/pad/{id}/export.zip, GET /api/v1/export.zip (the whole account, or `?ids=a,b`),
 * POST /api/v1/pad/{id}/import/ (the zip as the body) -> 202 `ImportStarted`,
 * GET /api/v1/imports/{id}/ -> `ImportProgress`.
 */
import { z } from 'zod';
import { noteSpeakerSchema } from './speakers.ts';
import { noteSummarySchema } from './summaries.ts';
import { transcriptVersionSchema } from './transcripts.ts';
import { transcriptReviewSchema, transcriptSegmentSchema } from './voice-notes.ts';

export const EXPORT_FORMAT = 'voxpad-export';
/** The manifest's layout; an import refuses any other. */
export const EXPORT_SCHEMA_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** Notes one selection export may name (`?ids=`). */
export const EXPORT_SELECTION_MAX = 500;

export const exportSelectionQuerySchema = z.object({
  ids: z
    .string({ error: 'Name the notes to export as ids=a,b.' })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
    .refine((ids) => ids.length > 0, 'Name at least one note to export.')
    .refine(
      (ids) => ids.length <= EXPORT_SELECTION_MAX,
      `Export at most ${EXPORT_SELECTION_MAX} notes at once, or the whole account without ids.`,
    )
    .optional(),
});

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Expected a date and time.');

export const exportedPadSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  created_at: isoTime,
});
export type ExportedPad = z.infer<typeof exportedPadSchema>;

/** Where a note's files are in the zip: every path is relative to the zip's root. */
export const exportedNoteEntrySchema = z.object({
  /** The note's folder. */
  path: z.string(),
  id: z.string(),
  pad_id: z.string(),
  title: z.string(),
  created_at: isoTime,
  duration_seconds: z.number().nullable(),
  /** The original recording, byte for byte; null when storage no longer had it. */
  audio: z
    .object({
      path: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      size_bytes: z.number().int().min(0),
      content_type: z.string(),
    })
    .nullable(),
  /** The note's JSON (`ExportedNote`), with word times and every transcript version. */
  transcript: z.string(),
});
export type ExportedNoteEntry = z.infer<typeof exportedNoteEntrySchema>;

export const exportManifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  schema_version: z.literal(EXPORT_SCHEMA_VERSION),
  exported_at: isoTime,
  pads: z.array(exportedPadSchema),
  notes: z.array(exportedNoteEntrySchema),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

/** Read first, so a manifest of another layout is named as such rather than as broken. */
export const manifestHeadSchema = z.object({ format: z.string(), schema_version: z.unknown() });

export const exportedVersionSchema = transcriptVersionSchema.omit({ id: true, current: true });
export type ExportedVersion = z.infer<typeof exportedVersionSchema>;

/**
 * A summary version in a note's JSON (ADR 0052): what the API shows of it but its id. An import
 * files the finished ones (done and failed) again; one still being written is not a version yet.
 */
export const exportedSummarySchema = noteSummarySchema.omit({ id: true });
export type ExportedSummary = z.infer<typeof exportedSummarySchema>;

/** A note's JSON in the zip: the transcript as it stands, its word times and all its versions. */
export const exportedNoteSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_source: z.enum(['default', 'file', 'user', 'transcript']),
  pad: z.string(),
  created_at: isoTime,
  duration_seconds: z.number().nullable(),
  language: z.string().nullable(),
  status: z.enum(['pending', 'processing', 'done', 'failed']),
  text: z.string().nullable(),
  segments: z.array(transcriptSegmentSchema),
  /** Who speaks (ADR 0053); absent in exports made before speakers. */
  speakers: z.array(noteSpeakerSchema).default([]),
  transcript_edited: z.boolean(),
  transcript_reviewed: transcriptReviewSchema,
  transcript_reviewed_at: isoTime.nullable(),
  /** Oldest first. */
  versions: z.array(exportedVersionSchema),
  /** Earliest in the recording first (ADR 0054); exports made before highlights have none. */
  highlights: z
    .array(
      z.object({
        start: z.number(),
        end: z.number().nullable(),
        label: z.string(),
        comment: z.string(),
      }),
    )
    .default([]),
  /** Summary versions, oldest first (ADR 0052); exports made before summaries travelled have none. */
  summaries: z.array(exportedSummarySchema).default([]),
});
export type ExportedNote = z.infer<typeof exportedNoteSchema>;

export const importStartedSchema = z.object({ id: z.string(), status_url: z.string() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export const IMPORT_FILE_STATUSES = ['waiting', 'imported', 'failed'] as const;

export const importedFileSchema = z.object({
  /** The file's path in the zip (a note's folder for an export of ours). */
  name: z.string(),
  status: z.enum(IMPORT_FILE_STATUSES),
  /** Why this file was not imported, in words a person understands. */
  error: z.string().optional(),
  note_id: z.string().optional(),
});
export type ImportedFile = z.infer<typeof importedFileSchema>;

export const importProgressSchema = z.object({
  id: z.string(),
  pad_id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  files: z.array(importedFileSchema),
  /** Why the whole import stopped, when it failed. */
  error: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** Where a started import's progress is read. */
export function importStatusPath(id: string): string {
  return `/api/v1/imports/${id}/`;
}

/** The import's refusals (400, 413, 415, 409), beside the shared API_ERROR_CODES. */
export const IMPORT_ERROR_CODES = {
  notAZip: 'not_a_zip',
  damagedZip: 'damaged_zip',
  unsafePath: 'unsafe_path',
  tooManyEntries: 'too_many_entries',
  tooLargeUncompressed: 'too_large_uncompressed',
  unknownSchemaVersion: 'unknown_schema_version',
  nothingToImport: 'nothing_to_import',
  encryptedZip: 'encrypted_zip',
  importRunning: 'import_running',
} as const;
