/**
 * What `GET pad/{id}/voicenote/{vid}/peaks/` answers (ADR 0056): the peaks file when it is
 * there; "not yet" while the note waits for transcription (the runner makes them) or while
 * the peaks maker makes them for an older note; "none" when its audio could not be read.
 */
import type { Readable } from 'node:stream';

import type { Db } from '../db/database.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import type { PeaksMaker } from './peaks-maker.ts';
import { findPeaksNote } from './peaks-repository.ts';

export interface PeaksServiceDeps {
  db: Db;
  storage: BlobStorage;
  /** Absent where this process cannot decode audio: older notes then wait for one that can. */
  maker: PeaksMaker | undefined;
}

export type PeaksOutcome =
  | { kind: 'ready'; body: Readable; sizeBytes: number }
  | { kind: 'pending'; reason: 'transcribing' | 'making' }
  | { kind: 'unreadable' }
  | { kind: 'not_found' };

export async function readPeaks(
  deps: PeaksServiceDeps,
  ownerId: string,
  padId: string,
  noteId: string,
): Promise<PeaksOutcome> {
  const note = await findPeaksNote(deps.db, ownerId, padId, noteId);
  if (!note) return { kind: 'not_found' };
  if (note.peaks_key !== null) {
    const sizeBytes = await deps.storage.size(note.peaks_key);
    // A restored note's peaks may have been swept meanwhile: they are made again below.
    if (sizeBytes !== undefined)
      return { kind: 'ready', body: await deps.storage.get(note.peaks_key), sizeBytes };
  }
  if (note.status === 'pending' || note.status === 'processing')
    return { kind: 'pending', reason: 'transcribing' };
  if (!deps.maker) return { kind: 'pending', reason: 'making' };
  const making = deps.maker.request({ id: note.id, storageKey: note.storage_key });
  return making === 'failed' ? { kind: 'unreadable' } : { kind: 'pending', reason: 'making' };
}
