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

let reloadStarted = false;

function reloadOnceInBrowser(): boolean {
  // Idempotent within one page life: a second caller learns the reload is already under way.
  if (reloadStarted) return true;
  reloadStarted = reloadOnce(browserDeps());
  return reloadStarted;
}

/**
 * TanStack Router's lazy route components already reload once for a missing module, marking it
 * in sessionStorage under this key; if it did, a second reload from us would break "once".
 */
function routerAlreadyReloaded(error: Error): boolean {
  try {
    return window.sessionStorage.getItem(`tanstack_router_reload:${error.message}`) !== null;
  } catch {
    return false;
  }
}

/** Reloads once if `error` is a failed chunk load; returns whether a reload is under way. */
export function reloadOnceOnChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error) || !(error instanceof Error)) return false;
  if (reloadStarted) return true;
  if (routerAlreadyReloaded(error)) return false;
  return reloadOnceInBrowser();
}

/** Vite reports failed preloads of dynamic imports with this event. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceInBrowser()) event.preventDefault();
  });
}
