import type { Db } from '../db/database.ts';
import type { ApiTokenRow } from '../db/schema.ts';

const COLUMNS = ['id', 'user_id', 'name', 'token_hash', 'created_at', 'last_used_at', 'expires_at'] as const;

export async function insertApiToken(db: Db, row: ApiTokenRow): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

/** The owner's tokens, newest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** The owner's tokens that still work at `now`. */
export async function countLiveApiTokens(db: Db, userId: string, now: number): Promise<number> {
  const { count } = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Returns false when no token of this owner has that id. */
export async function deleteApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Revokes every token of the user: their password was reset (or changed), and whoever knew
 * the old one may have made tokens that would otherwise outlive it.
 */
export async function revokeAllApiTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}

export async function findApiTokenByHash(db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('api_tokens').select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchApiToken(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
