import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { listOtherAddresses } from '../email/email-addresses-repository.ts';

/**
 * allauth's validate_can_add_authenticator, for TOTP and passkeys alike: no second factor while
 * any address of the account is unverified, or whoever signed up with someone else's address
 * could lock its owner out. allauth answers AddAuthenticatorConflict (409).
 */
export async function unverifiedEmailBlocksMfa(db: Db, user: UserRow): Promise<boolean> {
  if (!user.email_verified) return true;
  return (await listOtherAddresses(db, user.id)).some((a) => !a.verified);
}
