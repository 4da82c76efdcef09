import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Every user carries a version of their pad list, raised by triggers whenever one of their
 * pads is created, changed (including the note counts the voice-note triggers keep on the
 * pad row) or deleted. A server answering the pad list can then reuse a page it already
 * built while the version is unchanged, whichever process or node wrote last (ADR 0013).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('pads_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const bump = (owners: string) =>
    `UPDATE users SET pads_version = pads_version + 1 WHERE id IN (${owners});`;
  const statements =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? [
          `CREATE TRIGGER pads_list_version_insert AFTER INSERT ON pads BEGIN ${bump('new.owner_id')} END`,
          `CREATE TRIGGER pads_list_version_delete AFTER DELETE ON pads BEGIN ${bump('old.owner_id')} END`,
          `CREATE TRIGGER pads_list_version_update AFTER UPDATE ON pads
           BEGIN ${bump('old.owner_id, new.owner_id')} END`,
        ]
      : [
          `CREATE FUNCTION pads_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF TG_OP = 'INSERT' THEN ${bump('NEW.owner_id')}
             ELSIF TG_OP = 'DELETE' THEN ${bump('OLD.owner_id')}
             ELSE ${bump('OLD.owner_id, NEW.owner_id')}
             END IF;
             RETURN NULL;
           END $$`,
          `CREATE TRIGGER pads_list_version AFTER INSERT OR DELETE OR UPDATE ON pads
           FOR EACH ROW EXECUTE FUNCTION pads_list_version()`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER pads_list_version_${name}`).execute(db);
    }
  } else {
    await sql.raw('DROP TRIGGER pads_list_version ON pads').execute(db);
    await sql.raw('DROP FUNCTION pads_list_version()').execute(db);
  }
  await db.schema.alterTable('users').dropColumn('pads_version').execute();
}
