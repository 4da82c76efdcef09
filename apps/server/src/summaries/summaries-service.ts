/**
 * Summaries for people (ADR 0052): asking for one (a queued version, written in the background
 * by the runner), reading the newest and the older versions, and a pad's "summarise new notes"
 * setting. Every read and write is scoped to the owner; with no endpoint configured nothing is
 * queued and nothing is sent.
 */
import {
  SUMMARY_VERSIONS_KEPT,
  type NoteSummary,
  type PadSummarySettings,
  type SummaryAnswer,
  type SummaryService,
  type SummaryVersions,
} from '@voxpad/shared/summaries';
import type { Db } from '../db/database.ts';
import type { NoteSummaryRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import {
  findNewestSummary,
  findNote,
  findPad,
  insertSummary,
  listSummaries,
  pruneSummaries,
  readAutoSummary,
  writeAutoSummary,
  type SummarisedNote,
} from './summaries-repository.ts';
import {
  noSummaryYet,
  noteNotFound,
  noteNotReady,
  padNotFound,
  summariesNotConfigured,
} from './summaries-problems.ts';
import { presentAnswer, presentSummary } from './summary-presenter.ts';
import { endpointHost, type LlmEndpoint, type SummarySettings } from './summary-settings.ts';

export interface SummaryDeps {
  db: Db;
  settings: SummarySettings;
  /** Told when a generation was queued, so this process's runner starts at once. */
  onQueued: () => void;
}

export function describeService(settings: SummarySettings): SummaryService {
  const { endpoint } = settings;
  return endpoint
    ? { configured: true, endpoint: endpointHost(endpoint), model: endpoint.model }
    : { configured: false, endpoint: null, model: null };
}

/** A note can be summarised once its transcript is there and says something. */
export function isSummarisable(note: SummarisedNote): boolean {
  return note.status === 'done' && (note.transcript ?? '').trim() !== '';
}

/**
 * Queues a generation of the note's summary, or answers the one already waiting or being
 * written (asking twice does not summarise twice). `created` says which.
 */
export async function requestSummary(
  deps: SummaryDeps,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<{ created: boolean; answer: SummaryAnswer }> {
  const note = await findNote(deps.db, ownerId, noteId, padId);
  if (!note) throw noteNotFound();
  const { endpoint } = deps.settings;
  if (!endpoint) throw summariesNotConfigured();
  if (!isSummarisable(note)) throw noteNotReady();
  const { row, created } = await enqueue(deps, endpoint, note);
  return { created, answer: await answerFor(deps.db, ownerId, row) };
}

/** The queueing both a person's request and a pad's automatic summaries go through. */
export async function enqueue(
  deps: SummaryDeps,
  endpoint: LlmEndpoint,
  note: SummarisedNote,
): Promise<{ row: NoteSummaryRow; created: boolean }> {
  const active = await findNewestSummary(deps.db, note.owner_id, note.id, {
    statuses: ['queued', 'running'],
  });
  if (active) return { row: active, created: false };
  const now = Date.now();
  const row: NoteSummaryRow = {
    id: newId(now),
    voice_note_id: note.id,
    owner_id: note.owner_id,
    status: 'queued',
    summary: null,
    action_items: '[]',
    title: null,
    model: endpoint.model,
    endpoint: endpointHost(endpoint),
    error: null,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    created_at: now,
    finished_at: null,
  };
  await insertSummary(deps.db, row);
  await pruneSummaries(deps.db, note.id, SUMMARY_VERSIONS_KEPT);
  deps.onQueued();
  return { row, created: true };
}

export async function readSummary(
  db: Db,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<SummaryAnswer> {
  if (!(await findNote(db, ownerId, noteId, padId))) throw noteNotFound();
  const [newest] = await listSummaries(db, ownerId, noteId, 1);
  if (!newest) throw noSummaryYet();
  return answerFor(db, ownerId, newest);
}

export async function listVersions(
  db: Db,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<SummaryVersions> {
  if (!(await findNote(db, ownerId, noteId, padId))) throw noteNotFound();
  const rows = await listSummaries(db, ownerId, noteId, SUMMARY_VERSIONS_KEPT);
  return { results: rows.map((row): NoteSummary => presentSummary(row)) };
}

async function answerFor(db: Db, ownerId: string, newest: NoteSummaryRow): Promise<SummaryAnswer> {
  const previous =
    newest.status === 'done'
      ? undefined
      : await findNewestSummary(db, ownerId, newest.voice_note_id, {
          statuses: ['done'],
          beforeId: newest.id,
        });
  return presentAnswer(newest, previous);
}

export async function readPadSettings(db: Db, ownerId: string, padId: string): Promise<PadSummarySettings> {
  if (!(await findPad(db, ownerId, padId))) throw padNotFound();
  return { auto_summary: await readAutoSummary(db, ownerId, padId) };
}

export async function changePadSettings(
  db: Db,
  ownerId: string,
  padId: string,
  input: PadSummarySettings,
): Promise<PadSummarySettings> {
  if (!(await findPad(db, ownerId, padId))) throw padNotFound();
  await writeAutoSummary(db, ownerId, padId, input.auto_summary, Date.now());
  return { auto_summary: input.auto_summary };
}
