import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BlobStorage } from '../storage/blob-storage.ts';

/** SHA-256 (hex) of a stream, read chunk by chunk: memory stays flat whatever the size. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** SHA-256 of a stored blob, or undefined when the store has no blob under `key`. */
export async function blobSha256(storage: BlobStorage, key: string): Promise<string | undefined> {
  if ((await storage.size(key)) === undefined) return undefined;
  return sha256Of(await storage.get(key));
}
