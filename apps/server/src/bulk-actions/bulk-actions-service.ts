/**
 * One action on many of a person's notes, all or nothing (ADR 0046): every id is checked
 * first and each failing one is named; then the change runs in one transaction whose writes
 * carry the same conditions, and rolls back if any row did not take it. Audio is never deleted
 * here: a deleted note's stays for the undo window and the sweeper removes it after.
 */
import type { BulkActionName } from '@voxpad/shared/bulk-actions';
import type { ApiProblem } from '../http/api-problem.ts';
import { checkEngine } from '../jobs/job-requests.ts';
import {
  LOOKUPS_AT_ONCE,
  noNotesSorted,
  queueSorted,
  type RetranscriptionDeps,
  type RetranscriptionOutcome,
  sortForRetranscription,
} from '../jobs/retranscription-batch.ts';
import { queuedColumns } from '../jobs/transcription-queue.ts';
import { ConcurrencyLimit } from '../lib/concurrency-limit.ts';
import type { NoteEvents } from '../lib/note-events.ts';
import { padExists } from '../pads/pads-repository.ts';
import { isTranscribing } from '../transcripts/transcripts-repository.ts';
import { findOwnNotes, moveNotes, touchNotes } from './bulk-notes-repository.ts';
import {
  changedMeanwhile,
  type FailedId,
  noteNotFound,
  notRestorable,
  padGone,
  refused,
  targetPadNotFound,
  tooManyIds,
} from './bulk-problems.ts';
import { type NoteTagWriter, tagNotes } from './bulk-tagging.ts';
import { findRestorable, putBack, takeNotes } from './deleted-notes-repository.ts';

export interface BulkActionDeps extends RetranscriptionDeps {
  /** Ids one request may name (BULK_MAX_IDS). */
  maxIds: number;
  /** How long a bulk delete can be undone (BULK_UNDO_MINUTES). */
  undoMs: number;
  /** Adds and removes tags (the tags module's, handed in by the app). */
  tagWriter: NoteTagWriter;
  /** Hears of each note a `tag` or `untag` changed (webhooks, ADR 0048). */
  events?: NoteEvents | undefined;
}

export interface BulkActionInput {
  ids: string[];
  action: BulkActionName;
  pad_id?: string | undefined;
  tags?: string[] | undefined;
  engine?: string | undefined;
  language?: string | undefined;
}

export type BulkOutcome =
  | { action: 'move'; moved: number; padId: string }
  | { action: 'tag'; tagged: number }
  | { action: 'untag'; untagged: number }
  | ({ action: 'retranscribe' } & RetranscriptionOutcome)
  | { action: 'delete'; deleted: number; restorableUntil: number }
  | { action: 'restore'; restored: number };

const SELECTION_WORDS = {
  none: 'None of these voice notes can be transcribed again.',
  allBusy: 'Every selected voice note is being transcribed already. Wait for them to finish.',
  allLost: 'The recordings of the selected voice notes are gone, so there is nothing to transcribe again.',
};

/** A write whose condition no longer held for every row: the transaction is rolled back. */
class NotApplied extends Error {}

export async function runBulkAction(
  deps: BulkActionDeps,
  ownerId: string,
  input: BulkActionInput,
): Promise<BulkOutcome> {
  if (input.ids.length > deps.maxIds) throw tooManyIds(input.ids.length, deps.maxIds);
  switch (input.action) {
    case 'move':
      return move(deps, ownerId, input.ids, input.pad_id ?? '');
    case 'tag':
    case 'untag':
      return tag(deps, ownerId, input.action, input.ids, input.tags ?? []);
    case 'retranscribe':
      return retranscribe(deps, ownerId, input);
    case 'delete':
      return remove(deps, ownerId, input.ids);
    case 'restore':
      return restore(deps, ownerId, input.ids);
  }
}

/** Each id of `ids` that is not among the owner's notes, by its place in the request. */
async function missingNotes(deps: BulkActionDeps, ownerId: string, ids: readonly string[]) {
  const notes = await findOwnNotes(deps.db, ownerId, ids);
  const found = new Set(notes.map((note) => note.id));
  const failures: FailedId[] = [];
  ids.forEach((id, index) => {
    if (!found.has(id)) failures.push(noteNotFound(index));
  });
  return { notes, failures };
}

async function move(
  deps: BulkActionDeps,
  ownerId: string,
  ids: string[],
  padId: string,
): Promise<BulkOutcome> {
  const check = async (): Promise<ApiProblem | undefined> => {
    const { failures } = await missingNotes(deps, ownerId, ids);
    const padThere = await padExists(deps.db, ownerId, padId);
    if (failures.length === 0 && padThere) return undefined;
    return refused(failures, padThere ? [] : targetPadNotFound().errors);
  };
  const problem = await check();
  if (problem) throw problem;
  await applyOrExplain(
    () =>
      deps.db.transaction().execute(async (trx) => {
        if ((await moveNotes(trx, ownerId, ids, padId, Date.now())) !== ids.length) throw new NotApplied();
      }),
    check,
  );
  for (const noteId of ids) await deps.events?.emit({ type: 'note.updated', ownerId, noteId });
  return { action: 'move', moved: ids.length, padId };
}

/**
 * Adds or removes tags on every note; each note that changed is marked updated and heard of as
 * `note.updated` once the change has committed.
 */
async function tag(
  deps: BulkActionDeps,
  ownerId: string,
  action: 'tag' | 'untag',
  ids: string[],
  names: string[],
): Promise<BulkOutcome> {
  const check = async () => {
    const { failures } = await missingNotes(deps, ownerId, ids);
    return failures.length > 0 ? refused(failures) : undefined;
  };
  const problem = await check();
  if (problem) throw problem;
  let changed: string[] = [];
  await applyOrExplain(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const now = Date.now();
        changed = await tagNotes(trx, deps.tagWriter, ownerId, action, ids, names, now);
        if ((await touchNotes(trx, ownerId, changed, now)) !== changed.length) throw new NotApplied();
      }),
    check,
  );
  for (const noteId of changed) await deps.events?.emit({ type: 'note.updated', ownerId, noteId });
  return action === 'tag' ? { action, tagged: changed.length } : { action, untagged: changed.length };
}

async function retranscribe(
  deps: BulkActionDeps,
  ownerId: string,
  input: BulkActionInput,
): Promise<BulkOutcome> {
  checkEngine(deps.engines, input.engine);
  const { notes, failures } = await missingNotes(deps, ownerId, input.ids);
  if (failures.length > 0) throw refused(failures);
  const sorted = noNotesSorted();
  await sortForRetranscription(deps.storage, new ConcurrencyLimit(LOOKUPS_AT_ONCE), notes, sorted);
  const request = {
    ...(input.engine === undefined ? {} : { engine: input.engine }),
    ...(input.language === undefined ? {} : { language: input.language }),
  };
  // One transaction for the whole selection: it is bounded by BULK_MAX_IDS.
  const outcome = await queueSorted(deps, ownerId, sorted, request, SELECTION_WORDS, Infinity);
  return { action: 'retranscribe', ...outcome };
}

async function remove(deps: BulkActionDeps, ownerId: string, ids: string[]): Promise<BulkOutcome> {
  const check = async () => {
    const { failures } = await missingNotes(deps, ownerId, ids);
    return failures.length > 0 ? refused(failures) : undefined;
  };
  const problem = await check();
  if (problem) throw problem;
  // What a webhook is told of each note once it is gone (it can no longer be read).
  const taken = await findOwnNotes(deps.db, ownerId, ids);
  const now = Date.now();
  const restorableUntil = now + deps.undoMs;
  await applyOrExplain(
    () =>
      deps.db.transaction().execute(async (trx) => {
        if ((await takeNotes(trx, ownerId, ids, now, restorableUntil)) !== ids.length) throw new NotApplied();
      }),
    check,
  );
  for (const note of taken) {
    await deps.events?.emit({
      type: 'note.deleted',
      ownerId,
      noteId: note.id,
      padId: note.pad_id,
      title: note.title,
    });
  }
  return { action: 'delete', deleted: ids.length, restorableUntil };
}

async function restore(deps: BulkActionDeps, ownerId: string, ids: string[]): Promise<BulkOutcome> {
  const undoMinutes = Math.round(deps.undoMs / 60_000);
  const check = async () => {
    const rows = await findRestorable(deps.db, ownerId, ids, Date.now());
    const byId = new Map(rows.map((row) => [row.id, row]));
    const failures: FailedId[] = [];
    ids.forEach((id, index) => {
      const row = byId.get(id);
      if (!row) failures.push(notRestorable(index, undoMinutes));
      else if (row.live_pad_id === null) failures.push(padGone(index));
    });
    return failures.length > 0 ? refused(failures) : undefined;
  };
  const problem = await check();
  if (problem) throw problem;
  let requeued = false;
  await applyOrExplain(
    () =>
      deps.db.transaction().execute(async (trx) => {
        // A note that waited for or was held by a worker when it was taken lost its worker then:
        // it comes back waiting, with the job columns the queue gives a newly filed note.
        const restored = await putBack(trx, ownerId, ids, Date.now(), (note) => {
          if (!isTranscribing(note)) return {};
          requeued = true;
          return queuedColumns();
        });
        if (restored !== ids.length) throw new NotApplied();
      }),
    check,
  );
  if (requeued) deps.onQueued();
  // A restored note is there again for whoever heard it deleted: it is announced as new.
  for (const noteId of ids) await deps.events?.emit({ type: 'note.created', ownerId, noteId });
  return { action: 'restore', restored: ids.length };
}

/**
 * Runs the write; when it did not apply to every row, or failed on a row that changed
 * meanwhile (PostgreSQL: a pad deleted between the check and the write), answers what the
 * checks find now, in the same words as before the write.
 */
async function applyOrExplain(
  write: () => Promise<void>,
  check: () => Promise<ApiProblem | undefined>,
): Promise<void> {
  try {
    await write();
  } catch (error) {
    const problem = await check();
    if (problem) throw problem;
    if (error instanceof NotApplied) throw changedMeanwhile();
    throw error;
  }
}
