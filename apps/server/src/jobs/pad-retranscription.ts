/**
 * Re-transcribing a whole pad (issue 21: "with what Voxpad learned"): every note of the pad
 * whose recording is still stored and that no worker waits for or holds goes back in the queue,
 * exactly as one note's transcribe/ does it (job-requests.ts), so text the owner typed stays a
 * version and the runner decodes with the owner's build when one is ready (ADR 0040).
 *
 * The request does no decoding: it reads the pad a page at a time, asks storage whether each
 * recording is there (a few at once), and only then queues the notes, a page per transaction.
 * Asking storage first means a store that fails midway answers 503 with nothing changed. The
 * decoding is the workers', and the fair queue (ADR 0015) keeps a big pad from holding more
 * than JOBS_PER_USER_CONCURRENCY of them.
 */
import {
  type PadRetranscription,
  TRANSCRIPT_ERROR_CODES,
  type TranscribeRequest,
} from '@voxpad/shared/transcripts';
import { notFound } from '../http/api-problem.ts';
import { ConcurrencyLimit } from '../lib/concurrency-limit.ts';
import { padExists } from '../pads/pads-repository.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { conflict } from '../transcripts/transcript-problems.ts';
import { isTranscribing, padJobNotes } from '../transcripts/transcripts-repository.ts';
import { checkEngine, type JobRequestDeps, requeueKeepingTypedText } from './job-requests.ts';

export interface PadRetranscriptionDeps extends JobRequestDeps {
  /** Where recordings live: a note whose recording is gone has nothing to transcribe. */
  storage: Pick<BlobStorage, 'size'>;
}

/** What became of the pad's notes. */
export interface PadRetranscriptionOutcome {
  queued: number;
  alreadyTranscribing: number;
  withoutAudio: number;
}

/** Notes read, checked and queued at a time. */
const PAGE = 100;
/** Storage look-ups in flight at once (an S3 HEAD each). */
const LOOKUPS_AT_ONCE = 8;

export async function retranscribePad(
  deps: PadRetranscriptionDeps,
  ownerId: string,
  padId: string,
  input: TranscribeRequest,
): Promise<PadRetranscriptionOutcome> {
  if (!(await padExists(deps.db, ownerId, padId))) throw notFound('This pad');
  checkEngine(deps.engines, input.engine);

  const { toQueue, alreadyTranscribing, withoutAudio } = await sortNotes(deps, ownerId, padId);
  let queued = 0;
  for (let start = 0; start < toQueue.length; start += PAGE) {
    const ids = toQueue.slice(start, start + PAGE);
    queued += (await requeueKeepingTypedText(deps, ownerId, ids, input)).length;
  }
  const outcome = {
    queued,
    // Queued (or deleted) by someone else between the look and the queueing.
    alreadyTranscribing: alreadyTranscribing + toQueue.length - queued,
    withoutAudio,
  };
  if (queued === 0) throw nothingToDo(outcome);
  deps.onQueued();
  return outcome;
}

/** The outcome as POST pad/{id}/retranscribe/ answers it. */
export function presentPadRetranscription(outcome: PadRetranscriptionOutcome): PadRetranscription {
  return {
    queued: outcome.queued,
    skipped: outcome.alreadyTranscribing + outcome.withoutAudio,
    already_transcribing: outcome.alreadyTranscribing,
    without_audio: outcome.withoutAudio,
  };
}

/** The pad's notes that may be queued, and how many may not and why. */
async function sortNotes(deps: PadRetranscriptionDeps, ownerId: string, padId: string) {
  const lookups = new ConcurrencyLimit(LOOKUPS_AT_ONCE);
  const toQueue: string[] = [];
  let alreadyTranscribing = 0;
  let withoutAudio = 0;
  let afterId = '';
  for (;;) {
    const notes = await padJobNotes(deps.db, ownerId, padId, afterId, PAGE);
    const idle = notes.filter((note) => !isTranscribing(note));
    alreadyTranscribing += notes.length - idle.length;
    const stored = await Promise.all(
      idle.map((note) => lookups.run(async () => (await deps.storage.size(note.storage_key)) !== undefined)),
    );
    idle.forEach((note, i) => {
      if (stored[i]) toQueue.push(note.id);
      else withoutAudio += 1;
    });
    const last = notes.at(-1);
    if (!last || notes.length < PAGE) break;
    afterId = last.id;
  }
  return { toQueue, alreadyTranscribing, withoutAudio };
}

/**
 * 409, not 202 with nothing queued: nothing was accepted, and the person (or script) should be
 * told why in words rather than read zeros.
 */
function nothingToDo({ alreadyTranscribing, withoutAudio }: PadRetranscriptionOutcome) {
  const code = TRANSCRIPT_ERROR_CODES.nothingToRetranscribe;
  if (alreadyTranscribing === 0 && withoutAudio === 0) {
    return conflict(code, 'This pad has no voice notes to transcribe again.');
  }
  if (withoutAudio === 0) {
    return conflict(
      code,
      'Every voice note of this pad is being transcribed already. Wait for them to finish.',
    );
  }
  if (alreadyTranscribing === 0) {
    return conflict(
      code,
      `The recordings of this pad's voice notes are gone, so there is nothing to transcribe again.`,
    );
  }
  const busy = alreadyTranscribing === 1 ? '1 voice note is' : `${alreadyTranscribing} voice notes are`;
  const lost = withoutAudio === 1 ? '1 has lost its recording' : `${withoutAudio} have lost their recording`;
  return conflict(code, `Nothing to transcribe again: ${busy} being transcribed already, and ${lost}.`);
}
