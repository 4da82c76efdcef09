import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Pad colour and icon, per-pad note totals, an index for per-day statistics, and full-text
 * search over pads (name, description) and voice notes (title, transcript). See ADR 0009.
 *
 * SQLite: FTS5 external-content tables read their text from `pads` / `voice_notes`, kept in
 * step by triggers, so every writer (the API, the transcription queue) updates the index
 * without knowing it exists. FTS5 rows are keyed by an integer; the tables' own rowids may
 * change on VACUUM (their primary keys are text), so each row gets a stable `search_rowid`.
 * The owner id is indexed too, so a user's search intersects posting lists instead of
 * filtering everybody's matches.
 *
 * PostgreSQL: a stored, generated tsvector column per table (title/name weighted above
 * transcript/description) with a GIN index; generated columns cannot drift from the text.
 *
 * Both keep English stems for whole words and the words as written for prefixes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pads')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('slate'))
    .execute();
  await db.schema.alterTable('pads').addColumn('icon', 'text').execute();
  await padTotals(db);
  await db.schema
    .createIndex('voice_notes_owner_created_idx')
    .on('voice_notes')
    .columns(['owner_id', 'created_at'])
    .execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteSearch(db);
  else await postgresSearch(db);
}

/**
 * Each pad carries its note count and total duration, kept by triggers on voice_notes
 * (whoever writes: uploads, moves, deletes, the transcription worker setting durations),
 * so listing pads reads 20 rows instead of aggregating every note of every pad shown.
 */
async function padTotals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pads')
    .addColumn('voice_note_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pads')
    .addColumn('total_duration_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE pads SET
      voice_note_count = (SELECT count(*) FROM voice_notes v WHERE v.pad_id = pads.id),
      total_duration_seconds = (SELECT coalesce(sum(v.duration_seconds), 0) FROM voice_notes v WHERE v.pad_id = pads.id)`.execute(
    db,
  );
  const remove = (row: 'old' | 'OLD') =>
    `UPDATE pads SET voice_note_count = voice_note_count - 1,
       total_duration_seconds = total_duration_seconds - coalesce(${row}.duration_seconds, 0)
     WHERE id = ${row}.pad_id;`;
  const add = (row: 'new' | 'NEW') =>
    `UPDATE pads SET voice_note_count = voice_note_count + 1,
       total_duration_seconds = total_duration_seconds + coalesce(${row}.duration_seconds, 0)
     WHERE id = ${row}.pad_id;`;
  const statements =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? [
          `CREATE TRIGGER voice_notes_pad_totals_insert AFTER INSERT ON voice_notes BEGIN ${add('new')} END`,
          `CREATE TRIGGER voice_notes_pad_totals_delete AFTER DELETE ON voice_notes BEGIN ${remove('old')} END`,
          `CREATE TRIGGER voice_notes_pad_totals_update AFTER UPDATE OF pad_id, duration_seconds ON voice_notes
           BEGIN ${remove('old')} ${add('new')} END`,
        ]
      : [
          `CREATE FUNCTION voice_notes_pad_totals() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF TG_OP IN ('UPDATE', 'DELETE') THEN ${remove('OLD')} END IF;
             IF TG_OP IN ('UPDATE', 'INSERT') THEN ${add('NEW')} END IF;
             RETURN NULL;
           END $$`,
          `CREATE TRIGGER voice_notes_pad_totals
           AFTER INSERT OR DELETE OR UPDATE OF pad_id, duration_seconds ON voice_notes
           FOR EACH ROW EXECUTE FUNCTION voice_notes_pad_totals()`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of SQLITE_INDEXED) {
    const list = ['owner_id', ...columns].join(', ');
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN search_rowid INTEGER`).execute(db);
    await sql.raw(`UPDATE ${table} SET search_rowid = rowid`).execute(db);
    await sql.raw(`CREATE UNIQUE INDEX ${table}_search_rowid_idx ON ${table} (search_rowid)`).execute(db);
    for (const [suffix, options] of SQLITE_TOKENIZERS) {
      const fts = `${table}_${suffix}`;
      await sql
        .raw(
          `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}',
             content_rowid='search_rowid', ${options})`,
        )
        .execute(db);
      await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
    }
    for (const statement of sqliteTriggers(table, list)) await sql.raw(statement).execute(db);
  }
}

const SQLITE_INDEXED = [
  ['pads', ['name', 'description']],
  ['voice_notes', ['title', 'transcript']],
] as const;

/**
 * Two indexes per table: `_fts` holds English stems (porter) for whole words; `_words`
 * holds words as written, for the word still being typed, because a stem can be shorter
 * than what was typed ("meeti" is no prefix of "meet"); its prefix indexes keep two- and
 * three-letter prefixes cheap. unicode61 reads any script and folds accents.
 */
const SQLITE_TOKENIZERS = [
  ['fts', "tokenize='porter unicode61 remove_diacritics 2'"],
  ['words', "tokenize='unicode61 remove_diacritics 2', prefix='2 3'"],
] as const;

function sqliteTriggers(table: string, list: string): string[] {
  const values = (row: 'old' | 'new') =>
    list
      .split(', ')
      .map((c) => `${row}.${c}`)
      .join(', ');
  const each = (make: (fts: string) => string) =>
    SQLITE_TOKENIZERS.map(([suffix]) => make(`${table}_${suffix}`)).join('\n');
  return [
    // A new row takes the next search_rowid (max() reads the unique index), then is indexed.
    `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
       UPDATE ${table} SET search_rowid = (SELECT coalesce(max(search_rowid), 0) + 1 FROM ${table})
         WHERE rowid = new.rowid;
       ${each((fts) => `INSERT INTO ${fts}(rowid, ${list}) SELECT search_rowid, ${list} FROM ${table} WHERE rowid = new.rowid;`)}
     END`,
    // External content: the old text must be handed back to remove its tokens.
    `CREATE TRIGGER ${table}_search_update AFTER UPDATE OF ${list} ON ${table} BEGIN
       ${each((fts) => `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.search_rowid, ${values('old')});`)}
       ${each((fts) => `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.search_rowid, ${values('new')});`)}
     END`,
    `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
       ${each((fts) => `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.search_rowid, ${values('old')});`)}
     END`,
  ];
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  for (const [table, [heading, body]] of POSTGRES_INDEXED) {
    await sql
      .raw(
        `ALTER TABLE ${table} ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
           ${postgresVector(heading, 'A')} || ${postgresVector(body, 'B')}) STORED`,
      )
      .execute(db);
    await sql.raw(`CREATE INDEX ${table}_search_idx ON ${table} USING gin (search_document)`).execute(db);
    // More lexeme statistics let the planner estimate how many notes a short prefix matches,
    // which decides between walking the newest notes and reading the GIN index.
    await sql.raw(`ALTER TABLE ${table} ALTER COLUMN search_document SET STATISTICS 1000`).execute(db);
  }
}

const POSTGRES_INDEXED = [
  ['pads', ['name', 'description']],
  ['voice_notes', ['title', "coalesce(transcript, '')"]],
] as const;

/**
 * English stems for whole words plus the words as written ('simple') for the word being
 * typed, whose stem can be shorter than the typed prefix. Headings weigh more than text.
 */
function postgresVector(column: string, weight: 'A' | 'B'): string {
  return (['english', 'simple'] as const)
    .map((config) => `setweight(to_tsvector('${config}'::regconfig, ${column}), '${weight}')`)
    .join(' || ');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of ['pads', 'voice_notes']) {
      for (const trigger of ['insert', 'update', 'delete']) {
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_${trigger}`).execute(db);
      }
      for (const [suffix] of SQLITE_TOKENIZERS) {
        await sql.raw(`DROP TABLE IF EXISTS ${table}_${suffix}`).execute(db);
      }
      await sql.raw(`DROP INDEX IF EXISTS ${table}_search_rowid_idx`).execute(db);
      await sql.raw(`ALTER TABLE ${table} DROP COLUMN search_rowid`).execute(db);
    }
  } else {
    await sql.raw('ALTER TABLE voice_notes DROP COLUMN search_document').execute(db);
    await sql.raw('ALTER TABLE pads DROP COLUMN search_document').execute(db);
  }
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const op of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS voice_notes_pad_totals_${op}`).execute(db);
    }
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS voice_notes_pad_totals ON voice_notes').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS voice_notes_pad_totals()').execute(db);
  }
  await db.schema.alterTable('pads').dropColumn('total_duration_seconds').execute();
  await db.schema.alterTable('pads').dropColumn('voice_note_count').execute();
  await db.schema.dropIndex('voice_notes_owner_created_idx').execute();
  await db.schema.alterTable('pads').dropColumn('icon').execute();
  await db.schema.alterTable('pads').dropColumn('color').execute();
}
