/**
 * A note's transcript beside the note itself (ADR 0010): its versions, restoring one, and
 * exports. Thin: input is parsed here, decisions are the service's, shapes the presenter's.
 * Everything is scoped to the owner; another user's ids answer 404. The endpoints that drive
 * the transcription job (state, retry, re-transcription, events) are in jobs/.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestoredTranscript } from '@voxpad/shared/transcripts';
import type { Db } from '../db/database.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import { notFound } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import {
  EXPORT_FORMATS,
  attachmentHeader,
  exportFileName,
  isExportFormat,
  renderChapters,
  renderTranscript,
} from './transcript-exports.ts';
import { presentState, presentVersions, transcriptDocument } from './transcripts-presenter.ts';
import {
  exportedHighlights,
  exportedSummary,
  ownNote,
  restore,
  versions,
  withTranscript,
} from './transcripts-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

export function registerTranscriptRoutes(
  app: FastifyInstance,
  deps: { db: Db; events?: NoteEvents | undefined },
): void {
  const { db } = deps;
  const base = '/pad/:padId/voicenote/:noteId';
  const load = async (request: FastifyRequest<NoteParams>) =>
    ownNote(db, await requireUserId(request), request.params.padId, request.params.noteId);

  app.get<NoteParams>(`${base}/versions/`, async (request) => {
    const note = await load(request);
    return presentVersions(await versions(db, note), note.transcript);
  });

  app.post<{ Params: NoteParams['Params'] & { versionId: string } }>(
    `${base}/versions/:versionId/restore/`,
    async (request): Promise<RestoredTranscript> => {
      const after = await restore(db, await load(request), request.params.versionId, deps.events);
      return { ...presentState(after), transcript: after.transcript };
    },
  );

  app.get<NoteParams & { Params: { format: string } }>(
    `${base}/transcript.:format`,
    async (request, reply) => {
      const { format } = request.params;
      if (!isExportFormat(format)) throw notFound('This export format');
      const note = withTranscript(await load(request));
      const highlights = format === 'md' ? await exportedHighlights(db, note) : [];
      const summary = format === 'md' ? await exportedSummary(db, note) : undefined;
      return reply
        .header('content-type', EXPORT_FORMATS[format])
        .header('content-disposition', attachmentHeader(exportFileName(note.title, format)))
        .header('cache-control', 'no-store')
        .send(renderTranscript({ ...transcriptDocument(note), highlights, summary }, format));
    },
  );

  // The note's highlights as WebVTT chapters (ADR 0054), the chapters.vtt of the zip export; a
  // note without highlights has a file without cues. No transcript is needed.
  app.get<NoteParams>(`${base}/chapters.vtt`, async (request, reply) => {
    const note = await load(request);
    const highlights = await exportedHighlights(db, note);
    return reply
      .header('content-type', EXPORT_FORMATS.vtt)
      .header(
        'content-disposition',
        attachmentHeader(exportFileName(note.title, 'vtt').replace(/\.vtt$/, '.chapters.vtt')),
      )
      .header('cache-control', 'no-store')
      .send(renderChapters(highlights, note.duration_seconds));
  });
}
