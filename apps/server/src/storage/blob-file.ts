/**
 * A blob as a file on this machine, for readers that take a path (the audio decoder reads a
 * recording in pieces and hands it to ffmpeg as it is): the store's own file when it keeps
 * blobs as files, otherwise a temporary copy streamed from the store and removed afterwards.
 * Either way the blob is never held in memory whole.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { BlobStorage } from './blob-storage.ts';

export async function withBlobFile<T>(
  storage: BlobStorage,
  key: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) {
    const file = storage.localPath(key);
    // Fails as get() does when the blob is missing, before any work starts.
    await fsp.access(file);
    return use(file);
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'voxpad-blob-'));
  try {
    const file = path.join(dir, 'blob');
    await pipeline(await storage.get(key), fs.createWriteStream(file, { flags: 'wx' }));
    return await use(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
