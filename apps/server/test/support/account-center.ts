import type { Db } from '../../src/db/database.ts';
import type { TestClient } from './http-client.ts';
import { sessionIdOf } from './accounts.ts';

/** Moves the browser's last login or reauthentication `ms` into the past, as if time had passed. */
export async function ageAuthentication(app: { db: Db }, client: TestClient, ms: number): Promise<void> {
  const result = await app.db
    .updateTable('sessions')
    .set((eb) => ({ authenticated_at: eb('authenticated_at', '-', ms) }))
    .where('id', '=', sessionIdOf(client))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error('the browser has no session to age');
}

/** allauth's reauthentication timeout and a second more. */
export const PAST_REAUTHENTICATION_MS = 301_000;
