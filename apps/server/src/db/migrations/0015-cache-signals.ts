import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** The channel every API process listens on to drop what it cached (db/postgres-generation.ts). */
const CACHE_CHANNEL = 'voxpad_cache';

/** The tables whose rows API processes cache: sessions, and users (their pad-list version). */
const CACHED_TABLES = ['sessions', 'users'] as const;

/**
 * On PostgreSQL, every statement that changes a cached table notifies CACHE_CHANNEL when its
 * transaction commits, whichever process, node or tool ran it (a trigger sees them all,
 * cascades included). PostgreSQL folds equal notifications of one transaction into one.
 * SQLite needs none of this: its data_version already changes with every commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      `CREATE FUNCTION voxpad_cache_signal() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('${CACHE_CHANNEL}', TG_TABLE_NAME);
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const table of CACHED_TABLES) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION voxpad_cache_signal()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const table of CACHED_TABLES) {
    await sql.raw(`DROP TRIGGER ${table}_cache_signal ON ${table}`).execute(db);
  }
  await sql.raw('DROP FUNCTION voxpad_cache_signal()').execute(db);
}
