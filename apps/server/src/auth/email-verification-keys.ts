import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { newToken, sha256 } from '../lib/tokens.ts';
import { findUserById } from './users-repository.ts';

/** allauth's ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS. */
export const EMAIL_VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** Issues a key for the account's current address; only its hash is stored. */
export async function createEmailVerificationKey(db: Db, user: UserRow, now = Date.now()): Promise<string> {
  const key = newToken();
  await db
    .insertInto('email_verifications')
    .values({
      key_hash: sha256(key),
      user_id: user.id,
      email: user.email_key,
      created_at: now,
      expires_at: now + EMAIL_VERIFICATION_TTL_MS,
    })
    .execute();
  return key;
}

/** The account a key confirms, if the key is known, unexpired and still names its address. */
export async function findEmailVerification(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<{ user: UserRow } | undefined> {
  const row = await db
    .selectFrom('email_verifications')
    .selectAll()
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return undefined;
  const user = await findUserById(db, row.user_id);
  if (!user || user.email_key !== row.email) return undefined;
  return { user };
}

/** Keys are single-use: confirming one retires all of the account's keys. */
export async function deleteEmailVerifications(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}
