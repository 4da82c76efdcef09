/**
 * Summaries of a note (ADR 0052), under /api/v1 (session + CSRF, or an API token like the rest):
 * `POST .../summary/` queues one (202), `GET .../summary/` reads the newest, `.../versions/`
 * every kept one; `/summaries/service/` says whether and where this server summarises; a pad's
 * `summary-settings/` turn automatic summaries of its new notes on or off.
 */
import type { FastifyInstance } from 'fastify';
import {
  padSummarySettingsSchema,
  type PadSummarySettings,
  type SummaryAnswer,
  type SummaryService,
  type SummaryVersions,
} from '@voxpad/shared/summaries';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import {
  changePadSettings,
  describeService,
  listVersions,
  readPadSettings,
  readSummary,
  requestSummary,
  type SummaryDeps,
} from './summaries-service.ts';

type NoteParams = { Params: { padId: string; noteId: string } };
type PadParams = { Params: { padId: string } };
const SUMMARY = '/pad/:padId/voicenote/:noteId/summary/';

export function registerSummaryRoutes(app: FastifyInstance, deps: SummaryDeps): void {
  app.get('/summaries/service/', async (request): Promise<SummaryService> => {
    await requireUserId(request);
    return describeService(deps.settings);
  });

  app.post<NoteParams>(SUMMARY, async (request, reply) => {
    const ownerId = await requireUserId(request);
    const { answer } = await requestSummary(deps, ownerId, request.params.padId, request.params.noteId);
    return reply.status(202).send(answer);
  });

  app.get<NoteParams>(SUMMARY, async (request): Promise<SummaryAnswer> => {
    const ownerId = await requireUserId(request);
    return readSummary(deps.db, ownerId, request.params.padId, request.params.noteId);
  });

  app.get<NoteParams>(`${SUMMARY}versions/`, async (request): Promise<SummaryVersions> => {
    const ownerId = await requireUserId(request);
    return listVersions(deps.db, ownerId, request.params.padId, request.params.noteId);
  });

  app.get<PadParams>('/pad/:padId/summary-settings/', async (request): Promise<PadSummarySettings> => {
    const ownerId = await requireUserId(request);
    return readPadSettings(deps.db, ownerId, request.params.padId);
  });

  app.put<PadParams>('/pad/:padId/summary-settings/', async (request): Promise<PadSummarySettings> => {
    const ownerId = await requireUserId(request);
    const input = parseInput(padSummarySettingsSchema, request.body);
    return changePadSettings(deps.db, ownerId, request.params.padId, input);
  });
}
