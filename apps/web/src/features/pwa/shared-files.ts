import { queryOptions } from '@tanstack/react-query';
import { SHARED_FILE_PREFIX, SHARED_FILES_CACHE } from './service-worker/cache-rules.ts';

/** Files another app shared into Voxpad; the service worker keeps them until a pad is picked. */
export async function readSharedFiles(batch: string): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARED_FILES_CACHE);
  const prefix = `${SHARED_FILE_PREFIX}${batch}/`;
  const files: File[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(prefix)) continue;
    const response = await cache.match(request);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared audio');
    const type = response.headers.get('content-type') ?? '';
    files.push(new File([await response.blob()], name, { type }));
  }
  return files;
}

export function sharedFilesQueryKey(batch: string | null) {
  return ['shared-files', batch] as const;
}

/** The files of one share, read once: they stay as they were until the batch is forgotten. */
export function sharedFilesQueryOptions(batch: string | null) {
  return queryOptions({
    queryKey: sharedFilesQueryKey(batch),
    queryFn: () => (batch ? readSharedFiles(batch) : Promise.resolve([])),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export async function forgetSharedFiles(batch: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(SHARED_FILES_CACHE);
  const prefix = `${SHARED_FILE_PREFIX}${batch}/`;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith(prefix)) await cache.delete(request);
  }
}
