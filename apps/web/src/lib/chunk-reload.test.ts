import { describe, expect, it, vi } from 'vitest';
import { entryScriptOf, isChunkLoadError, newBuildAvailable, reloadOnce } from './chunk-reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('reload after a failed page-module load', () => {
  it('recognises failed dynamic imports in the major browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Pad not found.'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then refuses so it cannot loop', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ storage, reload, now: 1_000_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The page came back and the chunk failed again right away: show the error instead.
    expect(reloadOnce({ storage, reload, now: 1_005_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Much later (a new deployment, another navigation) one more reload is allowed.
    expect(reloadOnce({ storage, reload, now: 1_100_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without storage to guard against a loop', () => {
    const reload = vi.fn();
    expect(reloadOnce({ storage: null, reload })).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => undefined,
    };
    expect(reloadOnce({ storage: throwing, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('is a new release really there?', () => {
  const page = (entry: string) =>
    `<!doctype html><html><head><script src="/theme-init.js"></script>
    <script type="module" crossorigin src="${entry}"></script></head><body><div id="root"></div></body></html>`;

  it('reads the entry module from the app page', () => {
    expect(entryScriptOf(page('/assets/index-abc123.js'))).toBe('/assets/index-abc123.js');
    expect(entryScriptOf('<script src="/theme-init.js"></script>')).toBeNull();
  });

  it('only when online and the server names another entry module', async () => {
    const served = (entry: string) => () => Promise.resolve(page(entry));
    const running = '/assets/index-old.js';
    const check = (
      online: boolean,
      fetchIndex: () => Promise<string>,
      runningEntry: string | null = running,
    ) => newBuildAvailable({ online, runningEntry, fetchIndex });
    expect(await check(true, served('/assets/index-new.js'))).toBe(true);
    expect(await check(true, served(running))).toBe(false);
    expect(await check(false, served('/assets/index-new.js'))).toBe(false);
    expect(await check(true, () => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
    expect(await check(true, served('/assets/index-new.js'), null)).toBe(false);
  });
});
