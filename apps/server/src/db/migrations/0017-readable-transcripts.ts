import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { spokenTranscript } from '../../transcripts/spoken-transcript.ts';

/**
 * Readable transcripts (ADR 0033).
 *
 * - `users.format_transcripts`: the account's "format transcripts" setting, on (1) by default.
 * - `voice_notes.spoken_transcript`: the transcript's spoken forms ("four hundred dollars"
 *   beside "$400"), searched beside the readable text; null when they are the text's own words.
 *   Existing notes are filled from their segments' recognised words. The backfill calls the same
 *   function the transcript store writes with, so both agree on what a spoken form is.
 * - The search indexes take the new column: SQLite's FTS5 tables cannot gain a column, so they
 *   are made again with it (and their triggers); PostgreSQL's generated `search_document` is
 *   made again with it. Both keep the columns and weights of migration 0003 otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('format_transcripts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('voice_notes').addColumn('spoken_transcript', 'text').execute();
  await backfill(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteIndexes(db, COLUMNS_AFTER);
  else await postgresDocument(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteIndexes(db, COLUMNS_BEFORE);
  else await postgresDocument(db, false);
  await db.schema.alterTable('voice_notes').dropColumn('spoken_transcript').execute();
  await db.schema.alterTable('users').dropColumn('format_transcripts').execute();
}

const BATCH = 500;

interface NoteText {
  id: string;
  transcript: string | null;
  segments: string | null;
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<NoteText>`SELECT id, transcript, segments FROM voice_notes
      WHERE id > ${after} AND segments IS NOT NULL ORDER BY id LIMIT ${BATCH}`.execute(db);
    for (const row of rows) {
      const spoken = spokenTranscript(row.transcript ?? '', parseSegments(row.segments));
      if (spoken !== null) {
        await sql`UPDATE voice_notes SET spoken_transcript = ${spoken} WHERE id = ${row.id}`.execute(db);
      }
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

function parseSegments(raw: string | null) {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? (parsed as Parameters<typeof spokenTranscript>[1]) : [];
  } catch {
    return [];
  }
}

const COLUMNS_BEFORE = 'owner_id, title, transcript';
const COLUMNS_AFTER = 'owner_id, title, transcript, spoken_transcript';
/** Migration 0003's two indexes: English stems, and words as written for the word being typed. */
const TOKENIZERS = [
  ['voice_notes_fts', "tokenize='porter unicode61 remove_diacritics 2'"],
  ['voice_notes_words', "tokenize='unicode61 remove_diacritics 2', prefix='2 3'"],
] as const;

async function sqliteIndexes(db: Kysely<unknown>, list: string): Promise<void> {
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS voice_notes_search_${trigger}`).execute(db);
  }
  for (const [fts, options] of TOKENIZERS) {
    await sql.raw(`DROP TABLE IF EXISTS ${fts}`).execute(db);
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='voice_notes',
           content_rowid='search_rowid', ${options})`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
  }
  const values = (row: 'old' | 'new') =>
    list
      .split(', ')
      .map((c) => `${row}.${c}`)
      .join(', ');
  const each = (make: (fts: string) => string) => TOKENIZERS.map(([fts]) => make(fts)).join('\n');
  const triggers = [
    `CREATE TRIGGER voice_notes_search_insert AFTER INSERT ON voice_notes BEGIN
       UPDATE voice_notes SET search_rowid = (SELECT coalesce(max(search_rowid), 0) + 1 FROM voice_notes)
         WHERE rowid = new.rowid;
       ${each((fts) => `INSERT INTO ${fts}(rowid, ${list}) SELECT search_rowid, ${list} FROM voice_notes WHERE rowid = new.rowid;`)}
     END`,
    `CREATE TRIGGER voice_notes_search_update AFTER UPDATE OF ${list} ON voice_notes BEGIN
       ${each((fts) => `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.search_rowid, ${values('old')});`)}
       ${each((fts) => `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.search_rowid, ${values('new')});`)}
     END`,
    `CREATE TRIGGER voice_notes_search_delete AFTER DELETE ON voice_notes BEGIN
       ${each((fts) => `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.search_rowid, ${values('old')});`)}
     END`,
  ];
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

/** English stems and words as written, weighted like migration 0003 (title A, text B). */
function vector(column: string, weight: 'A' | 'B'): string {
  return (['english', 'simple'] as const)
    .map((config) => `setweight(to_tsvector('${config}'::regconfig, ${column}), '${weight}')`)
    .join(' || ');
}

async function postgresDocument(db: Kysely<unknown>, withSpoken: boolean): Promise<void> {
  const spoken = withSpoken ? ` || ${vector("coalesce(spoken_transcript, '')", 'B')}` : '';
  await sql.raw('ALTER TABLE voice_notes DROP COLUMN search_document').execute(db);
  await sql
    .raw(
      `ALTER TABLE voice_notes ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
         ${vector('title', 'A')} || ${vector("coalesce(transcript, '')", 'B')}${spoken}) STORED`,
    )
    .execute(db);
  await sql.raw('CREATE INDEX voice_notes_search_idx ON voice_notes USING gin (search_document)').execute(db);
  await sql.raw('ALTER TABLE voice_notes ALTER COLUMN search_document SET STATISTICS 1000').execute(db);
}
