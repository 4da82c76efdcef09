/**
 * A note's speakers (ADR 0053): PATCH speakers/{sid}/ renames one, POST speakers/reassign/
 * gives a segment or words to a speaker (or splits a new speaker off), POST speakers/merge/
 * joins two. Each answers the note as it now is. Thin: parse, call the service, present.
 */
import type { FastifyInstance } from 'fastify';
import { mergeSpeakersSchema, reassignSpeakersSchema, renameSpeakerSchema } from '@voxpad/shared/speakers';
import type { VoiceNote } from '@voxpad/shared/voice-notes';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { readVoiceNote } from '../voice-notes/voice-note-reads.ts';
import { type NoteAddress, type SpeakerDeps, merge, reassign, rename } from './speakers-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

export function registerSpeakerRoutes(app: FastifyInstance, deps: SpeakerDeps): void {
  const base = '/pad/:padId/voicenote/:noteId/speakers';
  const address = async (
    request: {
      params: NoteParams['Params'];
    } & Parameters<typeof requireUserId>[0],
  ): Promise<NoteAddress> => ({
    ownerId: await requireUserId(request),
    padId: request.params.padId,
    noteId: request.params.noteId,
  });
  const present = (at: NoteAddress): Promise<VoiceNote> =>
    readVoiceNote(deps.db, at.ownerId, at.padId, at.noteId);

  app.patch<{ Params: NoteParams['Params'] & { speakerId: string } }>(
    `${base}/:speakerId/`,
    async (request) => {
      const at = await address(request);
      const { name } = parseInput(renameSpeakerSchema, request.body);
      await rename(deps, at, request.params.speakerId, name);
      return present(at);
    },
  );

  app.post<NoteParams>(`${base}/reassign/`, async (request) => {
    const at = await address(request);
    await reassign(deps, at, parseInput(reassignSpeakersSchema, request.body));
    return present(at);
  });

  app.post<NoteParams>(`${base}/merge/`, async (request) => {
    const at = await address(request);
    await merge(deps, at, parseInput(mergeSpeakersSchema, request.body));
    return present(at);
  });
}
