import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
/**
 * Recordings as they are made: every few seconds a piece of audio is appended here, so a
 * reload, a crash or a closed tab loses at most the last piece. A recording stays until it
 * has been handed over (to the upload) or discarded.
 */
export interface StoredRecording {
  id: string;
  /** Null: the Inbox, found or created when the recording is handed over. */
  padId: string | null;
  /** For telling people where a recovered recording belongs. */
  padName: string | null;
  /** Epoch milliseconds. */
  startedAt: number;
  format: 'compressed' | 'pcm';
  mimeType: string;
  fileName: string;
  /** PCM only: samples per second of the saved pieces. */
  sampleRate: number | null;
  /** Recorded time (pauses left out) up to the last saved piece. */
  elapsedSeconds: number;
  bytes: number;
  chunkCount: number;
  /** Epoch milliseconds of the last saved piece. */
  updatedAt: number;
  /** True once Stop was pressed and every piece is saved. */
  finished: boolean;
}

interface StoredChunk {
  recordingId: string;
  index: number;
  data: Blob;
}

interface RecordingDb extends DBSchema {
  recordings: { key: string; value: StoredRecording };
  chunks: { key: [string, number]; value: StoredChunk };
}

const DB_NAME = 'voxpad-recordings';

let opening: Promise<IDBPDatabase<RecordingDb>> | null = null;

function database(): Promise<IDBPDatabase<RecordingDb>> {
  if (typeof indexedDB === 'undefined') {
    return Promise.reject(new Error('This browser cannot store recordings (no IndexedDB).'));
  }
  opening ??= openDB<RecordingDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('recordings', { keyPath: 'id' });
      db.createObjectStore('chunks', { keyPath: ['recordingId', 'index'] });
    },
    // Another tab upgrading the schema: let it, and reopen next time.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const chunksOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export type NewRecording = Pick<
  StoredRecording,
  'id' | 'padId' | 'padName' | 'startedAt' | 'format' | 'mimeType' | 'fileName' | 'sampleRate'
>;

export async function createRecording(recording: NewRecording): Promise<void> {
  const db = await database();
  await db.put('recordings', {
    ...recording,
    elapsedSeconds: 0,
    bytes: 0,
    chunkCount: 0,
    updatedAt: Date.now(),
    finished: false,
  });
}

/** Saves the next piece and the time recorded so far, together (one transaction). */
export async function appendChunk(id: string, data: Blob, elapsedSeconds: number): Promise<void> {
  const db = await database();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const recordings = tx.objectStore('recordings');
  const recording = await recordings.get(id);
  if (!recording) {
    // Discarded meanwhile: nothing to add to.
    await tx.done;
    return;
  }
  await tx.objectStore('chunks').put({ recordingId: id, index: recording.chunkCount, data });
  await recordings.put({
    ...recording,
    chunkCount: recording.chunkCount + 1,
    bytes: recording.bytes + data.size,
    elapsedSeconds: Math.max(recording.elapsedSeconds, elapsedSeconds),
    updatedAt: Date.now(),
  });
  await tx.done;
}

export async function finishRecording(
  id: string,
  elapsedSeconds: number,
): Promise<StoredRecording | undefined> {
  const db = await database();
  const tx = db.transaction('recordings', 'readwrite');
  const recording = await tx.store.get(id);
  if (!recording) return undefined;
  const finished = { ...recording, elapsedSeconds, finished: true, updatedAt: Date.now() };
  await tx.store.put(finished);
  await tx.done;
  return finished;
}

export async function listRecordings(): Promise<StoredRecording[]> {
  const db = await database();
  return db.getAll('recordings');
}

/**
 * The recording's pieces in order. The browser keeps them on disk; these Blobs only refer to
 * them, so even hours of audio are not read into memory here.
 */
export async function readChunks(id: string): Promise<Blob[]> {
  const db = await database();
  const chunks = await db.getAll('chunks', chunksOf(id));
  return chunks.map((chunk) => chunk.data);
}

export async function deleteRecording(id: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  await Promise.all([tx.objectStore('recordings').delete(id), tx.objectStore('chunks').delete(chunksOf(id))]);
  await tx.done;
}
