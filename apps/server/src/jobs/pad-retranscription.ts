/**
 * Re-transcribing a whole pad (issue 21: "with what Voxpad learned"): the pad is read a page
 * at a time and its notes go through the batch re-transcription (retranscription-batch.ts), as
 * one note's transcribe/ would, decoded with the owner's build when one is ready (ADR 0040).
 */
import type { TranscribeRequest } from '@voxpad/shared/transcripts';
import { notFound } from '../http/api-problem.ts';
import { ConcurrencyLimit } from '../lib/concurrency-limit.ts';
import { padExists } from '../pads/pads-repository.ts';
import { padJobNotes } from '../transcripts/transcripts-repository.ts';
import { checkEngine } from './job-requests.ts';
import {
  LOOKUPS_AT_ONCE,
  noNotesSorted,
  queueSorted,
  RETRANSCRIPTION_PAGE,
  type RetranscriptionDeps,
  type RetranscriptionOutcome,
  sortForRetranscription,
} from './retranscription-batch.ts';

export type PadRetranscriptionDeps = RetranscriptionDeps;
export type PadRetranscriptionOutcome = RetranscriptionOutcome;
export { presentRetranscription as presentPadRetranscription } from './retranscription-batch.ts';

const PAD_WORDS = {
  none: 'This pad has no voice notes to transcribe again.',
  allBusy: 'Every voice note of this pad is being transcribed already. Wait for them to finish.',
  allLost: `The recordings of this pad's voice notes are gone, so there is nothing to transcribe again.`,
};

export async function retranscribePad(
  deps: PadRetranscriptionDeps,
  ownerId: string,
  padId: string,
  input: TranscribeRequest,
): Promise<PadRetranscriptionOutcome> {
  if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
  checkEngine(deps.engines, input.engine);

  const lookups = new ConcurrencyLimit(LOOKUPS_AT_ONCE);
  const sorted = noNotesSorted();
  let afterId = '';
  for (;;) {
    const notes = await padJobNotes(deps.db, ownerId, padId, afterId, RETRANSCRIPTION_PAGE);
    await sortForRetranscription(deps.storage, lookups, notes, sorted);
    const last = notes.at(-1);
    if (!last || notes.length < RETRANSCRIPTION_PAGE) break;
    afterId = last.id;
  }
  return queueSorted(deps, ownerId, sorted, input, PAD_WORDS);
}
