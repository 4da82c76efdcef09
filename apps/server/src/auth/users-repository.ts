import type { Db } from '../db/database.ts';
import type { NewUser, UserRow } from '../db/schema.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', normaliseEmail(email)).executeTakeFirst();
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
