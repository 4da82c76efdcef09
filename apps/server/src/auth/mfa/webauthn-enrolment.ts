import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { listOtherAddresses } from '../email-addresses-repository.ts';
import { countAuthenticators, insertAuthenticator } from './authenticators-repository.ts';
import { generateRecoveryCodes } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';

/**
 * allauth's validate_can_add_authenticator: no second factor while any address is
 * unverified, or whoever signed up with someone else's address could lock its owner out.
 */
export async function unverifiedEmailBlocksMfa(db: Db, user: UserRow): Promise<boolean> {
  if (!user.email_verified) return true;
  return (await listOtherAddresses(db, user.id)).some((a) => !a.verified);
}

/**
 * allauth's auto_generate_recovery_codes: the first second factor comes with recovery codes,
 * so losing the authenticator does not lose the account. True when codes were made now.
 */
export async function ensureRecoveryCodes(
  store: { db: Db; box: SecretBox },
  userId: string,
): Promise<boolean> {
  if ((await countAuthenticators(store.db, userId, 'recovery_codes')) > 0) return false;
  await insertAuthenticator(store.db, store.box, {
    userId,
    type: 'recovery_codes',
    data: generateRecoveryCodes(),
  });
  return true;
}
