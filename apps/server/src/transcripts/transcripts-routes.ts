/**
 * Transcription endpoints beside the voice note itself (ADR 0010): job state, retry,
 * re-transcription, transcript versions and exports (the live event stream is in
 * progress-stream.ts). Everything is scoped to the owner; another user's ids answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import type { TranscriptSegment } from '@voxpad/shared/voice-notes';
import type { Db } from '../db/database.ts';
import { ApiProblem, notFound, parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { toIso } from '../lib/time.ts';
import { saveCurrentAsVersion } from './transcript-edits.ts';
import { presentState } from './transcription-state.ts';
import {
  EXPORT_FORMATS,
  attachmentHeader,
  exportFileName,
  isExportFormat,
  renderTranscript,
} from './transcript-exports.ts';
import { findJobNote, listVersions, transcriptIsEdited } from './transcripts-repository.ts';

export { presentState, type TranscriptionState } from './transcription-state.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

export interface TranscriptRouteDeps {
  db: Db;
  /** Engines a re-transcription may ask for. */
  engines: readonly string[];
  onQueued: () => void;
}

export const TRANSCRIPT_ERROR_CODES = {
  notFailed: 'not_failed',
  busy: 'transcription_in_progress',
  noTranscript: 'no_transcript',
} as const;

const transcribeSchema = z
  .object({
    engine: z.string().min(1).max(40).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Give the language as a code such as "en" or "en-US".')
      .optional(),
  })
  .strict();

const conflict = (code: string, message: string) => new ApiProblem(409, [{ code, message }]);

export function registerTranscriptRoutes(app: FastifyInstance, deps: TranscriptRouteDeps): void {
  const { db } = deps;
  const base = '/pad/:padId/voicenote/:noteId';

  const load = async (request: { params: NoteParams['Params'] } & Parameters<typeof requireUserId>[0]) => {
    const ownerId = await requireUserId(request);
    const note = await findJobNote(db, ownerId, request.params.padId, request.params.noteId);
    if (!note) throw notFound('This voice note');
    return { ownerId, note };
  };

  app.get<NoteParams>(`${base}/progress/`, async (request) => presentState((await load(request)).note));

  app.post<NoteParams>(`${base}/retry/`, async (request, reply) => {
    const { note } = await load(request);
    if (note.status !== 'failed') {
      throw conflict(
        TRANSCRIPT_ERROR_CODES.notFailed,
        'Only a voice note whose transcription failed can be retried.',
      );
    }
    const result = await db
      .updateTable('voice_notes')
      .set(requeued())
      .where('id', '=', note.id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw conflict(
        TRANSCRIPT_ERROR_CODES.notFailed,
        'Only a voice note whose transcription failed can be retried.',
      );
    }
    deps.onQueued();
    return reply.status(202).send(presentState({ ...note, ...requeued() }));
  });

  app.post<NoteParams>(`${base}/transcribe/`, async (request, reply) => {
    const { note } = await load(request);
    const input = parseInput(transcribeSchema, request.body ?? {});
    if (input.engine !== undefined && !deps.engines.includes(input.engine)) {
      throw new ApiProblem(400, [
        {
          code: API_ERROR_CODES.invalid,
          param: 'engine',
          message: `This server transcribes with ${deps.engines.join(', ')}; "${input.engine}" is not available.`,
        },
      ]);
    }
    if (note.status === 'pending' || note.status === 'processing') {
      throw conflict(TRANSCRIPT_ERROR_CODES.busy, 'This voice note is already being transcribed.');
    }
    const edited = await transcriptIsEdited(db, note);
    const changes = { ...requeued(), language: input.language ?? null, engine: input.engine ?? null };
    const queued = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('voice_notes')
        .set(changes)
        .where('id', '=', note.id)
        .where('status', 'in', ['done', 'failed'])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      // The text a person typed is kept; engine results are already versions.
      if (edited) await saveCurrentAsVersion(trx, note, 'manual');
      return true;
    });
    if (!queued) throw conflict(TRANSCRIPT_ERROR_CODES.busy, 'This voice note is already being transcribed.');
    deps.onQueued();
    return reply.status(202).send(presentState({ ...note, ...changes }));
  });

  app.get<NoteParams>(`${base}/versions/`, async (request) => {
    const { ownerId, note } = await load(request);
    const versions = await listVersions(db, ownerId, note.id);
    // Newest first: the newest version with the note's text is the one it now shows.
    const current = versions.find((v) => v.text === note.transcript);
    return {
      results: versions.map((v) => ({
        id: v.id,
        source: v.source,
        text: v.text,
        segments: v.segments ? (JSON.parse(v.segments) as TranscriptSegment[]) : [],
        created_at: toIso(v.created_at),
        current: v === current,
      })),
    };
  });

  app.post<{ Params: NoteParams['Params'] & { versionId: string } }>(
    `${base}/versions/:versionId/restore/`,
    async (request) => {
      const { ownerId, note } = await load(request);
      const version = await db
        .selectFrom('transcript_versions')
        .selectAll()
        .where('id', '=', request.params.versionId)
        .where('voice_note_id', '=', note.id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (!version) throw notFound('This transcript version');
      if (note.status === 'pending' || note.status === 'processing') {
        throw conflict(TRANSCRIPT_ERROR_CODES.busy, 'Wait until the transcription has finished.');
      }
      const edited = await transcriptIsEdited(db, note);
      const now = Date.now();
      const restored = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('voice_notes')
          .set({
            transcript: version.text,
            segments: version.segments,
            word_count: version.text.match(/\S+/g)?.length ?? 0,
            transcript_edited: version.source === 'manual' ? 1 : 0,
            updated_at: now,
          })
          .where('id', '=', note.id)
          .where('status', 'in', ['done', 'failed'])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // Typed text about to be replaced is kept, unless it is already a version.
        const known = await trx
          .selectFrom('transcript_versions')
          .select('id')
          .where('voice_note_id', '=', note.id)
          .where('text', '=', note.transcript ?? '')
          .executeTakeFirst();
        if (edited && !known) await saveCurrentAsVersion(trx, note, 'manual', now);
        return true;
      });
      if (!restored)
        throw conflict(TRANSCRIPT_ERROR_CODES.busy, 'Wait until the transcription has finished.');
      const after = await findJobNote(db, ownerId, note.pad_id, note.id);
      if (!after) throw notFound('This voice note');
      return { ...presentState(after), transcript: after.transcript };
    },
  );

  app.get<NoteParams & { Params: { format: string } }>(
    `${base}/transcript.:format`,
    async (request, reply) => {
      const { format } = request.params;
      if (!isExportFormat(format)) throw notFound('This export format');
      const { note } = await load(request);
      if (note.transcript === null) {
        throw conflict(TRANSCRIPT_ERROR_CODES.noTranscript, 'This voice note has no transcript yet.');
      }
      const body = renderTranscript(
        {
          id: note.id,
          title: note.title,
          transcript: note.transcript,
          segments: note.segments ? (JSON.parse(note.segments) as TranscriptSegment[]) : [],
          durationSeconds: note.duration_seconds,
          language: note.language,
          createdAt: toIso(note.created_at),
        },
        format,
      );
      return reply
        .header('content-type', EXPORT_FORMATS[format])
        .header('content-disposition', attachmentHeader(exportFileName(note.title, format)))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

function requeued() {
  return {
    status: 'pending' as const,
    attempts: 0,
    progress: 0,
    failure_reason: null,
    lease_owner: null,
    lease_expires_at: null,
    updated_at: Date.now(),
  };
}
