import type { BlobStorage, StoredBlob } from '../storage/blob-storage.ts';
import { eachConcurrently } from './each-concurrently.ts';

/** Blobs in flight at once: S3 round trips dominate, the bodies are streamed. */
export const BLOB_CONCURRENCY = 8;

/**
 * Copies each blob the target lacks or holds at another size (a copy cut off mid-way), and
 * returns how many it copied. Same-size blobs are left alone; verification compares them.
 */
export async function copyBlobs(
  source: BlobStorage,
  target: BlobStorage,
  blobs: readonly StoredBlob[],
  onBlob: () => void,
): Promise<number> {
  let copied = 0;
  await eachConcurrently(blobs, BLOB_CONCURRENCY, async (blob) => {
    if ((await target.size(blob.key)) !== blob.sizeBytes) {
      await target.put(blob.key, await source.get(blob.key));
      copied += 1;
    }
    onBlob();
  });
  return copied;
}

/** Every blob of the store; collected first so progress can show a total. */
export async function listBlobs(storage: BlobStorage): Promise<StoredBlob[]> {
  const blobs: StoredBlob[] = [];
  for await (const blob of storage.list('')) blobs.push(blob);
  return blobs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
