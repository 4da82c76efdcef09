import type { Db } from '../../db/database.ts';
import type { EmailAddressRow, UserRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseEmail } from '../accounts/users-repository.ts';

/**
 * An account's addresses besides the primary, which stays on `users` (migration 0010). Every
 * query is scoped to the owning user.
 */
export async function listOtherAddresses(db: Db, userId: string): Promise<EmailAddressRow[]> {
  return db
    .selectFrom('email_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findOtherAddress(
  db: Db,
  userId: string,
  email: string,
): Promise<EmailAddressRow | undefined> {
  return db
    .selectFrom('email_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('email_key', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function countOtherAddresses(db: Db, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('email_addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Adds an unverified address; throws on a duplicate for this user (the unique constraint). */
export async function insertOtherAddress(db: Db, userId: string, email: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('email_addresses')
    .values({
      id: newId(now),
      user_id: userId,
      email: email.trim(),
      email_key: normaliseEmail(email),
      verified: 0,
      created_at: now,
    })
    .execute();
}

export async function deleteOtherAddress(db: Db, userId: string, email: string): Promise<void> {
  await db
    .deleteFrom('email_addresses')
    .where('user_id', '=', userId)
    .where('email_key', '=', normaliseEmail(email))
    .execute();
}

/** Throws when another account verified the address first (the partial unique index). */
export async function markOtherAddressVerified(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable('email_addresses')
    .set({ verified: 1 })
    .where('user_id', '=', userId)
    .where('email_key', '=', normaliseEmail(email))
    .execute();
}

/**
 * Whether another account has verified the address (allauth's can_set_verified, negated), or
 * with `orAsPrimary` holds it as its primary at all, verified or waiting for verification.
 */
export async function addressHeldElsewhere(
  db: Db,
  userId: string,
  email: string,
  options: { orAsPrimary: boolean },
): Promise<boolean> {
  const key = normaliseEmail(email);
  let primaries = db.selectFrom('users').select('id').where('email_key', '=', key).where('id', '!=', userId);
  if (!options.orAsPrimary) primaries = primaries.where('email_verified', '=', 1);
  if (await primaries.executeTakeFirst()) return true;
  const other = await db
    .selectFrom('email_addresses')
    .select('id')
    .where('email_key', '=', key)
    .where('verified', '=', 1)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * Makes `address` the primary: it moves onto `users` and the old primary becomes an other
 * address, in one transaction. Throws when another account's primary is the same address
 * (the unique index on users.email_key).
 */
export async function swapPrimaryAddress(db: Db, user: UserRow, address: EmailAddressRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_addresses')
      .where('id', '=', address.id)
      .where('user_id', '=', user.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ email: address.email, email_key: address.email_key, email_verified: address.verified })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('email_addresses')
      .values({
        id: newId(),
        user_id: user.id,
        email: user.email,
        email_key: user.email_key,
        verified: user.email_verified,
        created_at: Date.now(),
      })
      .execute();
  });
}
