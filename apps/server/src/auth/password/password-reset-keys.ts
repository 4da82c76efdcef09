import { EMAIL_LINK_LIFETIME_DAYS } from '@voxpad/shared/auth';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findUserById } from '../accounts/users-repository.ts';

/** Django's PASSWORD_RESET_TIMEOUT (3 days), which allauth's reset links follow. */
export const PASSWORD_RESET_TTL_MS = EMAIL_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export async function createPasswordResetKey(db: Db, userId: string, now = Date.now()): Promise<string> {
  const key = newToken();
  await db
    .insertInto('password_reset_keys')
    .values({
      key_hash: sha256(key),
      user_id: userId,
      created_at: now,
      expires_at: now + PASSWORD_RESET_TTL_MS,
    })
    .execute();
  return key;
}

/**
 * The account a reset key belongs to, if the key is known and unexpired and the password has
 * not changed since it was issued (a key dies with the password it was meant to replace).
 */
export async function findUserByResetKey(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('password_reset_keys')
    .selectAll()
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return undefined;
  const user = await findUserById(db, row.user_id);
  if (!user || row.created_at < user.password_changed_at) return undefined;
  return user;
}

export async function deletePasswordResetKeys(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_reset_keys').where('user_id', '=', userId).execute();
}
