/**
 * The one writer of a note's waveform peaks (ADR 0056): the peaks file as a blob beside the
 * audio, and `voice_notes.peaks_key`, set once the blob is whole. The transcription runner
 * saves what it folded while decoding; the peaks maker saves what it made for older notes.
 */
import { Readable } from 'node:stream';

import type { Db } from '../db/database.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import { peaksKeyOf } from '../storage/storage-keys.ts';
import { setPeaksKey } from './peaks-repository.ts';

export interface PeaksStoreDeps {
  db: Db;
  storage: BlobStorage;
}

export interface PeaksNote {
  id: string;
  storageKey: string;
}

export function createPeaksStore(deps: PeaksStoreDeps) {
  return {
    async save(note: PeaksNote, peaks: Uint8Array): Promise<void> {
      const key = peaksKeyOf(note.storageKey);
      await deps.storage.put(key, Readable.from([Buffer.from(peaks.buffer, peaks.byteOffset, peaks.length)]));
      await setPeaksKey(deps.db, note.id, key);
    },
  };
}

export type PeaksStore = ReturnType<typeof createPeaksStore>;
