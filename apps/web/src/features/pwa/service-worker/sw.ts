import {
  API_CACHE,
  changesWhoIsSignedIn,
  isAppNavigation,
  isKeepableAnswer,
  isOfflineReadable,
  isShareTarget,
  SHARE_TARGET_FILES_FIELD,
  SHARE_TARGET_PATH,
  SHARED_FILE_PREFIX,
  SHARED_FILES_CACHE,
  SHELL_CACHE_PREFIX,
  type RequestFacts,
} from './cache-rules.ts';
import type { FetchEventLike, WorkerScope } from './worker-scope.ts';

/**
 * Voxpad's service worker (built by vite-plugin-pwa's injectManifest): precaches the app
 * shell, keeps the last-read pads, notes and transcripts for offline reading (network
 * first), receives files shared from other apps, and waits to take over until the page
 * says so (the update prompt).
 */
const worker = self as unknown as WorkerScope;

// Spelled `self.__WB_MANIFEST` exactly: the build looks for these words to write the list in.
const precache: { url: string; revision: string | null }[] = (self as unknown as WorkerScope).__WB_MANIFEST;
const shellCache = `${SHELL_CACHE_PREFIX}${versionOf(precache)}`;
const INDEX = '/index.html';

/** A short digest of the precache list: a new release gets a new shell cache. */
function versionOf(entries: { url: string; revision: string | null }[]): string {
  let hash = 0;
  for (const { url, revision } of entries) {
    for (const char of `${url}@${revision ?? ''};`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(36);
}

// A set: the build lists the manifest and icons twice, and addAll refuses duplicates.
const shellUrls = new Set(precache.map(({ url }) => new URL(url, worker.location.href).href));

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(shellCache).then((cache) => cache.addAll([...shellUrls])));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== shellCache) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void worker.skipWaiting();
  }
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const facts: RequestFacts = {
    method: request.method,
    url: new URL(request.url),
    origin: worker.location.origin,
    ranged: request.headers.has('range'),
  };
  if (isShareTarget(facts)) {
    event.respondWith(receiveShare(request));
  } else if (changesWhoIsSignedIn(facts)) {
    // Not answered here: it goes to the network as usual; the cache goes with the old session.
    event.waitUntil(caches.delete(API_CACHE));
  } else if (isOfflineReadable(facts)) {
    event.respondWith(networkFirst(event));
  } else if (isAppNavigation(facts, request.mode)) {
    event.respondWith(appShell(request));
  } else if (request.method === 'GET' && shellUrls.has(facts.url.href)) {
    event.respondWith(fromShell(request));
  }
});

async function networkFirst(event: FetchEventLike): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 401) {
      event.waitUntil(caches.delete(API_CACHE));
    } else if (
      isKeepableAnswer(
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
      )
    ) {
      event.waitUntil(cache.put(request, response.clone()));
    }
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

/** Pages come from the network when it answers (fresh index.html), else from the shell. */
async function appShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(INDEX, { cacheName: shellCache });
    if (cached) return cached;
    throw error;
  }
}

async function fromShell(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: shellCache });
  return cached ?? fetch(request);
}

/** Keeps the shared files and sends the person to the page that asks which pad they go to. */
async function receiveShare(request: Request): Promise<Response> {
  const batch = crypto.randomUUID();
  try {
    const form = await request.formData();
    const files = form
      .getAll(SHARE_TARGET_FILES_FIELD)
      .filter((entry): entry is File => entry instanceof File);
    const cache = await caches.open(SHARED_FILES_CACHE);
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          `${SHARED_FILE_PREFIX}${batch}/${index}`,
          new Response(file, {
            headers: {
              'content-type': file.type || 'application/octet-stream',
              'x-file-name': encodeURIComponent(file.name),
            },
          }),
        ),
      ),
    );
  } catch (error) {
    console.error('A shared file could not be kept.', error);
  }
  return Response.redirect(`${SHARE_TARGET_PATH}?batch=${batch}`, 303);
}
