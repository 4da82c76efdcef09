import type { Db } from '../../db/database.ts';
import type { SocialAccountRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { ProviderIdentity } from './provider-clients.ts';

export async function findSocialAccount(
  db: Db,
  provider: string,
  uid: string,
): Promise<SocialAccountRow | undefined> {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export async function linkSocialAccount(
  db: Db,
  userId: string,
  provider: string,
  identity: Pick<ProviderIdentity, 'uid' | 'email' | 'display'>,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('social_accounts')
    .values({
      id: newId(now),
      user_id: userId,
      provider,
      uid: identity.uid,
      email: identity.email,
      display: identity.display.slice(0, 200),
      created_at: now,
      last_login_at: now,
    })
    .execute();
}

export async function touchSocialAccount(
  db: Db,
  id: string,
  identity: Pick<ProviderIdentity, 'email' | 'display'>,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('social_accounts')
    .set({ last_login_at: now, email: identity.email, display: identity.display.slice(0, 200) })
    .where('id', '=', id)
    .execute();
}

/** The provider accounts connected to the user, oldest first. */
export async function listSocialAccounts(db: Db, userId: string): Promise<SocialAccountRow[]> {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Removes one of the user's provider accounts; false when it was not theirs (or already gone). */
export async function deleteSocialAccount(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('social_accounts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
