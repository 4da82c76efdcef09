import { sql, type Kysely } from 'kysely';

/**
 * allauth's mfa Authenticator: a user's TOTP secret, recovery codes and WebAuthn credentials.
 * `data` holds the secrets and is sealed by the secret box (ADR 0017); only the WebAuthn
 * credential id stays readable, because a passkey login looks the credential up by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('authenticators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('credential_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addCheckConstraint('authenticators_type_check', sql`type in ('totp', 'recovery_codes', 'webauthn')`)
    .execute();
  await db.schema
    .createIndex('authenticators_user_type_idx')
    .on('authenticators')
    .columns(['user_id', 'type'])
    .execute();
  // One TOTP and one set of recovery codes per user, even when two activations race.
  await db.schema
    .createIndex('authenticators_one_totp_and_codes_key')
    .on('authenticators')
    .columns(['user_id', 'type'])
    .unique()
    .where(sql<boolean>`type <> 'webauthn'`)
    .execute();
  await db.schema
    .createIndex('authenticators_credential_id_key')
    .on('authenticators')
    .column('credential_id')
    .unique()
    .where(sql<boolean>`credential_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('authenticators').execute();
}
