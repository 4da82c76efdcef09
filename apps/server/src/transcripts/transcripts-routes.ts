/**
 * Transcription endpoints beside the voice note itself (ADR 0010): job state, retry,
 * re-transcription, transcript versions and exports (the live event stream is in
 * progress-stream.ts). Thin: input is parsed here, decisions are the service's, shapes the
 * presenter's. Everything is scoped to the owner; another user's ids answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import {
  EXPORT_FORMATS,
  attachmentHeader,
  exportFileName,
  isExportFormat,
  renderTranscript,
} from './transcript-exports.ts';
import { presentState, presentVersions, transcriptDocument } from './transcripts-presenter.ts';
import { TranscriptsService, type TranscriptsServiceDeps } from './transcripts-service.ts';

export { presentState, type TranscriptionState } from './transcripts-presenter.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

export type TranscriptRouteDeps = TranscriptsServiceDeps;

const transcribeSchema = z
  .object({
    engine: z.string().min(1).max(40).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Give the language as a code such as "en" or "en-US".')
      .optional(),
  })
  .strict();

export function registerTranscriptRoutes(app: FastifyInstance, deps: TranscriptRouteDeps): void {
  const service = new TranscriptsService(deps);
  const base = '/pad/:padId/voicenote/:noteId';

  const load = async (request: FastifyRequest<NoteParams>) => {
    const ownerId = await requireUserId(request);
    const note = await service.note(ownerId, request.params.padId, request.params.noteId);
    return { ownerId, note };
  };

  app.get<NoteParams>(`${base}/progress/`, async (request) => presentState((await load(request)).note));

  app.post<NoteParams>(`${base}/retry/`, async (request, reply) => {
    const { note } = await load(request);
    return reply.status(202).send(presentState(await service.retry(note)));
  });

  app.post<NoteParams>(`${base}/transcribe/`, async (request, reply) => {
    const { note } = await load(request);
    const input = parseInput(transcribeSchema, request.body ?? {});
    return reply.status(202).send(presentState(await service.retranscribe(note, input)));
  });

  app.get<NoteParams>(`${base}/versions/`, async (request) => {
    const { ownerId, note } = await load(request);
    return presentVersions(await service.versions(ownerId, note), note.transcript);
  });

  app.post<{ Params: NoteParams['Params'] & { versionId: string } }>(
    `${base}/versions/:versionId/restore/`,
    async (request) => {
      const { ownerId, note } = await load(request);
      const after = await service.restore(ownerId, note, request.params.versionId);
      return { ...presentState(after), transcript: after.transcript };
    },
  );

  app.get<NoteParams & { Params: { format: string } }>(
    `${base}/transcript.:format`,
    async (request, reply) => {
      const { format } = request.params;
      if (!isExportFormat(format)) throw notFound('This export format');
      const note = service.withTranscript((await load(request)).note);
      return reply
        .header('content-type', EXPORT_FORMATS[format])
        .header('content-disposition', attachmentHeader(exportFileName(note.title, format)))
        .header('cache-control', 'no-store')
        .send(renderTranscript(transcriptDocument(note), format));
    },
  );
}
