import type { Db } from '../../db/database.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The account an address belongs to: its primary address, or another address it verified
 * (allauth logs in and resets by any verified address of the account). A verified owner wins
 * over an account still waiting to verify the same address as its primary.
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const key = normaliseEmail(email);
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('email_key', '=', key),
        eb(
          'id',
          'in',
          eb
            .selectFrom('email_addresses')
            .select('user_id')
            .where('email_key', '=', key)
            .where('verified', '=', 1),
        ),
      ]),
    )
    .orderBy('email_verified', 'desc')
    .executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', normaliseUsername(username))
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute();
}

export async function setPasswordHash(
  db: Db,
  userId: string,
  hash: string,
  changedAt: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: changedAt })
    .where('id', '=', userId)
    .execute();
}

/**
 * Stores a stronger hash of the same password (not a password change: reset links stay valid).
 * Only while the old hash is still in place, so a reset that lands meanwhile is never undone.
 */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  previous: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('id', '=', userId)
    .where('password_hash', '=', previous)
    .execute();
}
