import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { registerGeneration, SqliteGeneration } from './generation.ts';
import { PostgresGeneration } from './postgres-generation.ts';
import { countingPool } from './postgres-pool.ts';
import { loadSqliteExtensions } from './sqlite-extensions.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** Where the data lives: a SQLite file (the default) or a PostgreSQL server (DATABASE_URL). */
export type DatabaseSettings = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
export type Dialect = DatabaseSettings['kind'];

// bigint columns hold epoch milliseconds, far inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/** The SQLite page cache per connection, in KiB. */
const PAGE_CACHE_KIB = 64 * 1024;
/** How much of a SQLite file is read through a memory map (SQLite caps it at about 2 GiB). */
const MEMORY_MAP_BYTES = 2 ** 31;

export function createDatabase(database: DatabaseSettings): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client losing its connection (a database restart) must not crash the process;
    // the pool replaces it and the next query reports any lasting outage.
    const connectionLost = (error: Error) =>
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    pool.on('error', connectionLost);
    // So must one lost while checked out between two statements of a transaction (the server
    // ended the session: a restart, an administrator, idle_in_transaction_session_timeout):
    // pg emits that on the client, where nobody listened and the process crashed. The
    // transaction's next statement fails instead, and the pool drops the client.
    pool.on('connect', (client) => client.on('error', connectionLost));
    // Its cached reads stay off until the app listens for other processes' commits (app.ts).
    const generation = new PostgresGeneration(database.url);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: countingPool(pool, generation) }),
    });
    registerGeneration(db, generation);
    return db;
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // WAL lets readers run while the worker writes; busy_timeout rides out short write locks.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Up to 64 MiB of pages kept by this connection, filled only as queries read them
  // (better-sqlite3's default is 16,000 KiB). A search with a filter looks up each of its
  // matches' notes in a million-row index; with the default, each lookup read its pages from
  // the file again. Reads of pages not yet cached come through a memory map of the file's first
  // 2 GiB (SQLite's own limit) instead of a system call each (ADR 0071).
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  sqlite.pragma(`mmap_size = ${MEMORY_MAP_BYTES}`);
  const generation = new SqliteGeneration(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, generation) }),
  });
  registerGeneration(db, generation);
  loadSqliteExtensions(sqlite, db);
  return db;
}

/**
 * Kysely prepares every query afresh; compiling SQL was an eighth of the CPU of a small API
 * call. Statements are reusable in better-sqlite3, and Kysely runs one query at a time on
 * its single connection, so a bounded cache of prepared statements by SQL text is safe.
 */
function withStatementCache(sqlite: SQLite.Database, generation: SqliteGeneration): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return Object.assign(Object.create(sqlite) as SQLite.Database, {
    prepare(source: string) {
      let statement = cache.get(source);
      if (!statement) {
        statement = countingWrites(prepare(source), generation);
        if (cache.size >= 500) cache.delete(cache.keys().next().value!);
        cache.set(source, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      return sqlite.close();
    },
  });
}

/**
 * Statements that may write (better-sqlite3 knows: `readonly` is false for INSERT, UPDATE,
 * DELETE, BEGIN/COMMIT and `... RETURNING`) raise the generation after every run, so values
 * cached at an earlier generation are read again (db/generation.ts).
 */
function countingWrites(statement: SQLite.Statement, generation: SqliteGeneration): SQLite.Statement {
  if (statement.readonly) return statement;
  const counted = (run: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      try {
        return run.apply(statement, args);
      } finally {
        generation.noteWrite();
      }
    };
  return Object.assign(Object.create(statement) as SQLite.Statement, {
    run: counted(statement.run),
    all: counted(statement.all),
    get: counted(statement.get),
    iterate: counted(statement.iterate),
  });
}
