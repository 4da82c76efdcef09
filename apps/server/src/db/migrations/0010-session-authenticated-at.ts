import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

/** allauth's session ids are integers; ours are hashes, so each session also gets a random number. */
const PUBLIC_ID_MAX = 2 ** 48;

/**
 * Account management (ADR 0016): when a session last proved who it belongs to (login or
 * reauthentication), for allauth's reauthentication timeout, and the number allauth's session
 * list calls it by. Sessions opened before this migration count as authenticated when they
 * were created, which is when their login happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('authenticated_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('public_id', 'bigint').execute();
  const raw = db as unknown as Kysely<{
    sessions: {
      id: string;
      user_id: string | null;
      created_at: number;
      authenticated_at: number | null;
      public_id: number | null;
    };
  }>;
  const rows = await raw.selectFrom('sessions').select(['id', 'user_id', 'created_at']).execute();
  for (const row of rows) {
    await raw
      .updateTable('sessions')
      .set({
        public_id: randomInt(1, PUBLIC_ID_MAX),
        authenticated_at: row.user_id === null ? null : Number(row.created_at),
      })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id_key').on('sessions').column('public_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_public_id_key').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
  await db.schema.alterTable('sessions').dropColumn('authenticated_at').execute();
}
