/**
 * The endpoints that drive a note's transcription job (ADR 0010): its state, retry and
 * re-transcription (the live event stream is progress-stream.ts). Thin: input is parsed here,
 * decisions are job-requests.ts's, shapes the presenter's. Everything is scoped to the owner;
 * another user's ids answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { presentState } from '../transcripts/transcription-state.ts';
import { ownNote } from '../transcripts/transcripts-service.ts';
import { type JobRequestDeps, retranscribe, retry } from './job-requests.ts';

type NoteParams = { Params: { padId: string; noteId: string } };

const transcribeSchema = z
  .object({
    engine: z.string().min(1).max(40).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Give the language as a code such as "en" or "en-US".')
      .optional(),
  })
  .strict();

export function registerJobRoutes(app: FastifyInstance, deps: JobRequestDeps): void {
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
    const input = parseInput(transcribeSchema, request.body ?? {});
    return reply.status(202).send(presentState(await retranscribe(deps, note, input)));
  });
}
