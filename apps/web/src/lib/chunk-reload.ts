const STORAGE_KEY = 'voxpad:chunk-reload-at';
/** A second chunk failure this soon after our own reload means reloading does not help. */
const GUARD_MS = 30_000;

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/** A page module (route chunk) could not be loaded, typically after a new deployment. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERN.test(error.message);
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now?: number;
}

/**
 * Reloads the page once. Returns false (and does nothing) when the previous reload was less
 * than 30 s ago, so a chunk that stays broken shows the error screen instead of looping.
 */
export function reloadOnce({ storage, reload, now = Date.now() }: ReloadDeps): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(STORAGE_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < GUARD_MS) return false;
    storage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage there is no guard against a loop: do not reload.
    return false;
  }
  reload();
  return true;
}

function browserDeps(): ReloadDeps {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, reload: () => window.location.reload() };
}

/** The entry module a page of the app loads, e.g. "/assets/index-3f9a1c.js"; null if none. */
export function entryScriptOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (!/\btype=["']?module\b/i.test(tag)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (src) return src;
  }
  return null;
}

export interface BuildCheckDeps {
  online: boolean;
  /** The entry module of the page that is running. */
  runningEntry: string | null;
  /** Fetches the app's HTML as the server has it now, bypassing caches. */
  fetchIndex: () => Promise<string>;
}

/**
 * Whether the server now has another build than the one running: only then can a reload
 * load the page module that just failed (the spec's "reloaded once" after a new release).
 * Offline, or with the same build, a reload would only trade the page, and anything held in
 * memory such as a recording waiting to upload, for the browser's error screen; the route's
 * error screen retries the module in place instead.
 */
export async function newBuildAvailable({
  online,
  runningEntry,
  fetchIndex,
}: BuildCheckDeps): Promise<boolean> {
  if (!online || runningEntry === null) return false;
  try {
    const served = entryScriptOf(await fetchIndex());
    return served !== null && served !== runningEntry;
  } catch {
    return false;
  }
}

function browserBuildCheck(): BuildCheckDeps {
  return {
    online: navigator.onLine,
    runningEntry: document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null,
    fetchIndex: async () => {
      const response = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`The app page answered ${response.status}.`);
      return response.text();
    },
  };
}

let reloadStarted = false;

/**
 * After a page module failed to load: reloads once if a new release is really there.
 * Returns whether a reload is under way.
 */
export async function reloadIfNewBuild(error: unknown): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  if (reloadStarted) return true;
  if (!(await newBuildAvailable(browserBuildCheck()))) return false;
  reloadStarted = reloadOnce(browserDeps());
  return reloadStarted;
}

/**
 * Vite reports failed loads of page modules with this event. The decision to reload is
 * ours (reloadIfNewBuild, from the route's error screen), so TanStack Router's lazy route
 * components are told this failure was handled and do not reload by themselves: offline,
 * that reload ended on the browser's "no internet" page.
 */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const failure = (event as Event & { payload?: unknown }).payload;
    if (!(failure instanceof Error)) return;
    try {
      window.sessionStorage.setItem(`tanstack_router_reload:${failure.message}`, 'handled');
    } catch {
      // Without storage the router may reload on its own; nothing better to do.
    }
  });
}
