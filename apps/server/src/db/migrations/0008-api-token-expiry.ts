import type { Kysely } from 'kysely';

/** Personal API tokens may expire (ADR 0014); null means never, as for every earlier token. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
}
