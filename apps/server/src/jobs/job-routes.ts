/**
 * The endpoints that drive transcription jobs (ADR 0010): a note's state, retry and
 * re-transcription, and a whole pad's re-transcription (the live event stream is
 * progress-stream.ts). Thin: input is parsed here, decisions are job-requests.ts's and
 * pad-retranscription.ts's, shapes the presenters'. Everything is scoped to the owner;
 * another user's ids answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { transcribeRequestSchema } from '@voxpad/shared/transcripts';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { presentState } from '../transcripts/transcription-state.ts';
import { ownNote } from '../transcripts/transcripts-service.ts';
import { retranscribe, retry } from './job-requests.ts';
import {
  presentPadRetranscription,
  type PadRetranscriptionDeps,
  retranscribePad,
} from './pad-retranscription.ts';

type NoteParams = { Params: { padId: string; noteId: string } };
type PadParams = { Params: { padId: string } };

export function registerJobRoutes(app: FastifyInstance, deps: PadRetranscriptionDeps): void {
  const base = '/pad/:padId/voicenote/:noteId';
  const load = async (request: FastifyRequest<NoteParams>) =>
    ownNote(deps.db, await requireUserId(request), request.params.padId, request.params.noteId);

  app.get<NoteParams>(`${base}/progress/`, async (request) => presentState(await load(request)));

  app.post<NoteParams>(`${base}/retry/`, async (request, reply) => {
    const note = await load(request);
    return reply.status(202).send(presentState(await retry(deps, note)));
  });

  app.post<NoteParams>(`${base}/transcribe/`, async (request, reply) => {
    const note = await load(request);
    const input = parseInput(transcribeRequestSchema, request.body ?? {});
    return reply.status(202).send(presentState(await retranscribe(deps, note, input)));
  });

  app.post<PadParams>('/pad/:padId/retranscribe/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const input = parseInput(transcribeRequestSchema, request.body ?? {});
    const outcome = await retranscribePad(deps, ownerId, request.params.padId, input);
    return reply.status(202).send(presentPadRetranscription(outcome));
  });
}
