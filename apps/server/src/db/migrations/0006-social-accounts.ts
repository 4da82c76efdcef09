import type { Kysely } from 'kysely';

// Social login (ADR 12): accounts at third-party providers linked to users, and the
// short-lived state of redirects to those providers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('social_accounts_provider_uid_key', ['provider', 'uid'])
    .execute();
  await db.schema.createIndex('social_accounts_user_idx').on('social_accounts').column('user_id').execute();

  await db.schema
    .createTable('social_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('callback_path', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('social_login_states_expiry_idx')
    .on('social_login_states')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_login_states').execute();
  await db.schema.dropTable('social_accounts').execute();
}
