import type { Db } from '../../db/database.ts';
import { countAuthenticators, insertAuthenticator } from './authenticators-repository.ts';
import { generateRecoveryCodes } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';

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
