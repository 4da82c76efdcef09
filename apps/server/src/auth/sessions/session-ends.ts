/**
 * In-process notice that a session was ended by logout, so long-lived responses opened
 * with it (the progress stream) close at once instead of at their next session check.
 * Session ids are hashes of random tokens, so one registry per process serves every app
 * in it without crossing wires.
 */
const listeners = new Map<string, Set<() => void>>();

export function sessionEnded(sessionId: string): void {
  const waiting = listeners.get(sessionId);
  if (!waiting) return;
  listeners.delete(sessionId);
  for (const listener of waiting) listener();
}

/** Calls `listener` once if the session is ended in this process; returns the unsubscribe. */
export function onSessionEnd(sessionId: string, listener: () => void): () => void {
  let waiting = listeners.get(sessionId);
  if (!waiting) listeners.set(sessionId, (waiting = new Set()));
  waiting.add(listener);
  return () => {
    const current = listeners.get(sessionId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) listeners.delete(sessionId);
  };
}
