/**
 * Which recordings a live tab is still making. Each tab holds a Web Lock named after the
 * recording while it records; the browser drops it the moment that tab reloads, crashes or
 * closes, which is exactly when the recording should be offered back.
 */
const PREFIX = 'voxpad-recording:';

/** This tab's own, known even where the browser has no Web Locks. */
const heldHere = new Set<string>();

export function recordingsHeldHere(): ReadonlySet<string> {
  return heldHere;
}

/** Holds the recording's lock until the returned function is called. */
export async function holdRecordingLock(id: string): Promise<() => void> {
  heldHere.add(id);
  let unlock: () => void = () => undefined;
  const release = () => {
    heldHere.delete(id);
    unlock();
  };
  if (!navigator.locks) return release;
  const held = new Promise<void>((resolve) => {
    unlock = resolve;
  });
  await new Promise<void>((granted) => {
    void navigator.locks
      .request(PREFIX + id, () => {
        granted();
        return held;
      })
      .catch(() => granted());
  });
  return release;
}

/** Ids of recordings some tab is making now; null where the browser cannot tell. */
export async function recordingsInProgress(): Promise<Set<string> | null> {
  if (!navigator.locks) return null;
  try {
    const snapshot = await navigator.locks.query();
    const names = (snapshot.held ?? []).map((lock) => lock.name ?? '');
    return new Set(names.filter((name) => name.startsWith(PREFIX)).map((name) => name.slice(PREFIX.length)));
  } catch {
    return null;
  }
}
