import { sql, type Kysely } from 'kysely';

/**
 * An account's other email addresses (allauth's EmailAddress rows that are not primary). The
 * primary stays on `users`, where every login, reset and mail already reads it. Only verified
 * addresses are unique across accounts, as in allauth: an unverified one proves nothing, and
 * letting it block the address would let anyone squat someone else's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('email_addresses_user_email_key', ['user_id', 'email_key'])
    .execute();
  await db.schema
    .createIndex('email_addresses_verified_email_key')
    .on('email_addresses')
    .column('email_key')
    .unique()
    .where(sql<boolean>`verified = 1`)
    .execute();
  await db.schema
    .createIndex('email_addresses_email_idx')
    .on('email_addresses')
    .column('email_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_addresses').execute();
}
