/**
 * Re-transcribing many notes at once, for a whole pad (pad-retranscription.ts) and for a
 * selection (bulk-actions/): each note whose recording is still stored and that no worker waits
 * for or holds goes back in the queue, exactly as one note's transcribe/ does it
 * (job-requests.ts), so text the owner typed stays a version.
 *
 * Storage is asked first whether each recording is there (a few at once), and only then are
 * the notes queued, a page per transaction: a store that fails midway answers 503 with nothing
 * changed. The decoding is the workers', and the fair queue (ADR 0015) keeps a big batch from
 * holding more than JOBS_PER_USER_CONCURRENCY of them.
 */
import type { PadRetranscription, TranscribeRequest } from '@voxpad/shared/transcripts';
import { TRANSCRIPT_ERROR_CODES } from '@voxpad/shared/transcripts';
import type { ConcurrencyLimit } from '../lib/concurrency-limit.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { conflict } from '../transcripts/transcript-problems.ts';
import { isTranscribing, type JobNote } from '../transcripts/transcripts-repository.ts';
import { type JobRequestDeps, requeueKeepingTypedText } from './job-requests.ts';

export interface RetranscriptionDeps extends JobRequestDeps {
  /** Where recordings live: a note whose recording is gone has nothing to transcribe. */
  storage: Pick<BlobStorage, 'size'>;
}

/** What became of the notes. */
export interface RetranscriptionOutcome {
  queued: number;
  alreadyTranscribing: number;
  withoutAudio: number;
}

/** The notes that may be queued, and how many may not and why; filled a page at a time. */
export interface SortedNotes {
  toQueue: string[];
  alreadyTranscribing: number;
  withoutAudio: number;
}

export type BatchNote = Pick<JobNote, 'id' | 'status'> & { storage_key: string };

/** What to tell the person when nothing could be queued, in words about what they chose. */
export interface NothingToDoWords {
  none: string;
  allBusy: string;
  allLost: string;
}

/** Notes read, checked and queued at a time. */
export const RETRANSCRIPTION_PAGE = 100;
/** Storage look-ups in flight at once (an S3 HEAD each). */
export const LOOKUPS_AT_ONCE = 8;

export const noNotesSorted = (): SortedNotes => ({ toQueue: [], alreadyTranscribing: 0, withoutAudio: 0 });

/** Adds `notes` to `sorted`: busy ones counted, the others queued if their recording is stored. */
export async function sortForRetranscription(
  storage: Pick<BlobStorage, 'size'>,
  lookups: ConcurrencyLimit,
  notes: readonly BatchNote[],
  sorted: SortedNotes,
): Promise<void> {
  const idle = notes.filter((note) => !isTranscribing(note));
  sorted.alreadyTranscribing += notes.length - idle.length;
  const stored = await Promise.all(
    idle.map((note) => lookups.run(async () => (await storage.size(note.storage_key)) !== undefined)),
  );
  idle.forEach((note, i) => {
    if (stored[i]) sorted.toQueue.push(note.id);
    else sorted.withoutAudio += 1;
  });
}

/**
 * Queues the sorted notes `pageSize` per transaction (a selection, bounded by BULK_MAX_IDS,
 * goes in one); 409, not 202 with nothing queued, when none was: nothing was accepted, and the
 * person (or script) should be told why in words.
 */
export async function queueSorted(
  deps: RetranscriptionDeps,
  ownerId: string,
  sorted: SortedNotes,
  input: TranscribeRequest,
  words: NothingToDoWords,
  pageSize = RETRANSCRIPTION_PAGE,
): Promise<RetranscriptionOutcome> {
  let queued = 0;
  for (let start = 0; start < sorted.toQueue.length; start += pageSize) {
    const ids = sorted.toQueue.slice(start, start + pageSize);
    queued += (await requeueKeepingTypedText(deps, ownerId, ids, input)).length;
  }
  const outcome = {
    queued,
    // Queued (or deleted) by someone else between the look and the queueing.
    alreadyTranscribing: sorted.alreadyTranscribing + sorted.toQueue.length - queued,
    withoutAudio: sorted.withoutAudio,
  };
  if (queued === 0) throw nothingToDo(outcome, words);
  deps.onQueued();
  return outcome;
}

/** The outcome as pad/{id}/retranscribe/ (and the bulk retranscribe) answers it. */
export function presentRetranscription(outcome: RetranscriptionOutcome): PadRetranscription {
  return {
    queued: outcome.queued,
    skipped: outcome.alreadyTranscribing + outcome.withoutAudio,
    already_transcribing: outcome.alreadyTranscribing,
    without_audio: outcome.withoutAudio,
  };
}

function nothingToDo({ alreadyTranscribing, withoutAudio }: RetranscriptionOutcome, words: NothingToDoWords) {
  const code = TRANSCRIPT_ERROR_CODES.nothingToRetranscribe;
  if (alreadyTranscribing === 0 && withoutAudio === 0) return conflict(code, words.none);
  if (withoutAudio === 0) return conflict(code, words.allBusy);
  if (alreadyTranscribing === 0) return conflict(code, words.allLost);
  const busy = alreadyTranscribing === 1 ? '1 voice note is' : `${alreadyTranscribing} voice notes are`;
  const lost = withoutAudio === 1 ? '1 has lost its recording' : `${withoutAudio} have lost their recording`;
  return conflict(code, `Nothing to transcribe again: ${busy} being transcribed already, and ${lost}.`);
}
