import { EMAIL_LINK_LIFETIME_DAYS } from '@voxpad/shared/auth';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findOtherAddress } from './email-addresses-repository.ts';
import { findUserById, normaliseEmail } from '../accounts/users-repository.ts';

/** allauth's ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS. */
export const EMAIL_VERIFICATION_TTL_MS = EMAIL_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** The address a key confirms: the account's primary or one of its other addresses. */
export interface AddressToVerify {
  email: string;
  primary: boolean;
}

/** Issues a key for one of the account's addresses (the primary by default); only its hash is stored. */
export async function createEmailVerificationKey(
  db: Db,
  user: UserRow,
  email: string = user.email,
  now = Date.now(),
): Promise<string> {
  const key = newToken();
  await db
    .insertInto('email_verifications')
    .values({
      key_hash: sha256(key),
      user_id: user.id,
      email: normaliseEmail(email),
      created_at: now,
      expires_at: now + EMAIL_VERIFICATION_TTL_MS,
    })
    .execute();
  return key;
}

/**
 * The account and address a key confirms, if the key is known and unexpired and the address
 * still belongs to the account (a key dies when its address is removed or replaced).
 */
export async function findEmailVerification(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<{ user: UserRow; address: AddressToVerify } | undefined> {
  const row = await db
    .selectFrom('email_verifications')
    .selectAll()
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return undefined;
  const user = await findUserById(db, row.user_id);
  if (!user) return undefined;
  if (user.email_key === row.email) return { user, address: { email: user.email, primary: true } };
  const other = await findOtherAddress(db, user.id, row.email);
  return other ? { user, address: { email: other.email, primary: false } } : undefined;
}

/** Keys are single-use: confirming an address retires every key the account has for it. */
export async function deleteEmailVerifications(db: Db, userId: string, email: string): Promise<void> {
  await db
    .deleteFrom('email_verifications')
    .where('user_id', '=', userId)
    .where('email', '=', normaliseEmail(email))
    .execute();
}
