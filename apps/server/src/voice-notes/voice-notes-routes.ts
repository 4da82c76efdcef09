import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { noteFiltersQuerySchema } from '@voxpad/shared/note-filters';
import { RECENT_VOICE_NOTES_LIMITS, recentVoiceNotesQuerySchema } from '@voxpad/shared/recent-voice-notes';
import { updateVoiceNoteSchema } from '@voxpad/shared/voice-notes';
import { notFound, parseInput } from '../http/api-problem.ts';
import { readPageQuery } from '../http/page-query.ts';
import { requireUserId } from '../http/require-user.ts';
import type { TagLimits } from '../tags/note-tags.ts';
import { sendAudio } from './audio-response.ts';
import type { FilingSettings } from './file-within-quota.ts';
import { readNoteSegments } from './segment-reads.ts';
import { confirmNoteTranscript, withdrawNoteReview } from './transcript-review.ts';
import { uploadVoiceNote } from './upload-voice-note.ts';
import { readPadVoiceNotes, readRecentVoiceNotes, readVoiceNote } from './voice-note-reads.ts';
import { findVoiceNote } from './voice-notes-repository.ts';
import { deleteVoiceNote, editVoiceNote } from './voice-notes-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };
type PadParams = { Params: { padId: string } };

export function registerVoiceNoteRoutes(app: FastifyInstance, deps: FilingSettings, tagLimits: TagLimits) {
  // Audio arrives as the raw body; it is streamed, never buffered whole. Browsers label
  // MediaRecorder blobs video/webm or video/mp4; the upload sniffs what they really are.
  const passThrough = (_request: unknown, payload: unknown, done: (err: null, body: unknown) => void) => {
    done(null, payload);
  };
  app.addContentTypeParser('application/octet-stream', passThrough);
  app.addContentTypeParser(/^audio\//, passThrough);
  app.addContentTypeParser(/^video\/(webm|mp4)$/, passThrough);

  // Home's "recent notes": across pads, so it is not under one pad's path.
  app.get('/voicenote/recent/', async (request) => {
    const ownerId = await requireUserId(request);
    const { limit = RECENT_VOICE_NOTES_LIMITS.limitDefault } = parseInput(
      recentVoiceNotesQuerySchema,
      request.query,
    );
    const filters = parseInput(noteFiltersQuerySchema, request.query);
    return { results: await readRecentVoiceNotes(deps.db, ownerId, limit, filters) };
  });

  app.get<PadParams>('/pad/:padId/voicenote/', async (request) => {
    const ownerId = await requireUserId(request);
    const page = readPageQuery(request.query);
    const filters = parseInput(noteFiltersQuerySchema, request.query);
    return readPadVoiceNotes(deps.db, ownerId, request.params.padId, page, filters);
  });

  // The upload takes any declared type into the handler, which refuses non-audio types in
  // words naming the accepted formats. Only this route, hence its own scope.
  void app.register((uploads, _options, done) => {
    uploads.addContentTypeParser('*', passThrough);
    uploads.post<PadParams>('/pad/:padId/voicenote/', async (request, reply) => {
      const ownerId = await requireUserId(request);
      const body = (request.body as Readable | undefined) ?? request.raw;
      const { padId } = request.params;
      const note = await uploadVoiceNote(deps, request, ownerId, padId, body);
      return reply.status(201).send(note);
    });
    done();
  });

  app.get<NoteParams>('/pad/:padId/voicenote/:noteId/', async (request) => {
    const ownerId = await requireUserId(request);
    return readVoiceNote(deps.db, ownerId, request.params.padId, request.params.noteId);
  });

  app.patch<NoteParams>('/pad/:padId/voicenote/:noteId/', async (request) => {
    const ownerId = await requireUserId(request);
    const edit = parseInput(updateVoiceNoteSchema, request.body);
    return editVoiceNote(
      { db: deps.db, tagLimits, events: deps.events },
      ownerId,
      request.params.padId,
      request.params.noteId,
      edit,
    );
  });

  app.delete<NoteParams>('/pad/:padId/voicenote/:noteId/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { padId, noteId } = request.params;
    await deleteVoiceNote({ ...deps, log: request.log }, ownerId, padId, noteId);
    return reply.status(204).send();
  });

  // "Confirm transcript" (ADR 0037); DELETE takes it back.
  app.post<NoteParams>('/pad/:padId/voicenote/:noteId/transcript/confirm/', async (request) => {
    const ownerId = await requireUserId(request);
    return confirmNoteTranscript(deps.db, ownerId, request.params.padId, request.params.noteId);
  });

  app.delete<NoteParams>('/pad/:padId/voicenote/:noteId/transcript/confirm/', async (request) => {
    const ownerId = await requireUserId(request);
    return withdrawNoteReview(deps.db, ownerId, request.params.padId, request.params.noteId);
  });

  app.get<NoteParams>('/pad/:padId/voicenote/:noteId/segments/', async (request) => {
    const ownerId = await requireUserId(request);
    const { padId, noteId } = request.params;
    return readNoteSegments(deps.db, ownerId, padId, noteId, request.query);
  });

  app.get<NoteParams>('/pad/:padId/voicenote/:noteId/audio/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const note = await findVoiceNote(deps.db, ownerId, request.params.padId, request.params.noteId);
    if (!note) throw notFound('This voice note');
    return sendAudio(deps.storage, note, request, reply);
  });
}
