import { sessionEnded } from './session-ends.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Ends sessions of one user on every device: the rows go, and long-lived responses opened
 * with them in this process (progress streams) close at once.
 */
export async function endUserSessions(store: SessionStore, userId: string, ids: string[]): Promise<void> {
  await store.destroyForUser(userId, ids);
  for (const id of ids) sessionEnded(id);
}

/** Ends every session of the user except `keepId`. */
export async function endOtherSessions(store: SessionStore, userId: string, keepId: string): Promise<void> {
  const others = (await store.listForUser(userId)).map((s) => s.id).filter((id) => id !== keepId);
  await endUserSessions(store, userId, others);
}
